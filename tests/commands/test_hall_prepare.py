"""``manage.py hall_prepare``: a restart of ``make hall`` skips what has not changed.

Run on the suite's database (no migration pending, the demo absent) with the static
files collected into a folder of the test's own."""

import io
import os
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.management.commands import hall_prepare

pytestmark = pytest.mark.django_db

REPOSITORY = Path(__file__).parents[2]


@pytest.fixture
def static_root(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    }
    return settings.STATIC_ROOT


def prepared() -> str:
    out = io.StringIO()
    call_command("hall_prepare", stdout=out)
    return out.getvalue()


def test_the_static_files_are_collected_once_then_skipped(static_root):
    first = prepared()
    second = prepared()

    assert "static files copied" in first
    assert "Operations to perform" not in first + second  # no migration pending
    assert (static_root / "scoring").is_dir()
    assert "Static files unchanged since they were collected." in second
    assert "copied" not in second


def test_a_changed_static_file_is_collected_again(static_root, monkeypatch):
    prepared()
    monkeypatch.setattr(hall_prepare, "static_fingerprint", lambda: "another")

    assert "static files copied" in prepared()


def test_the_database_files_are_made_readable_by_their_owner_alone(tmp_path):
    database = tmp_path / "club.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"club.sqlite3{suffix}").write_bytes(b"")
        os.chmod(tmp_path / f"club.sqlite3{suffix}", 0o644)

    changed = hall_prepare.make_private(database)

    assert len(changed) == 3
    assert {oct(path.stat().st_mode & 0o777) for path in changed} == {"0o600"}
    assert hall_prepare.make_private(database) == []


@pytest.mark.parametrize(
    "name",
    ["db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "db.sqlite3.secret-key", "hall.secret-key"],
)
def test_the_club_s_secret_files_are_kept_out_of_git(name):
    ignored = subprocess.run(["git", "check-ignore", "-q", name], cwd=REPOSITORY, check=False)

    assert ignored.returncode == 0, f"git add -A would commit {name}"
