"""An early version's database, upgraded: every night still readable.

The early commit's own code makes the database and imports six nights; what it let through
and today's rules refuse is planted beside them (``early_club``). Today's ``migrate``
takes it over; then every page answers, every night's file exports as stored, and
``check_nights`` lists the nights to mend.
"""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.early_club import NIGHT_COUNT, early_club

REPOSITORY = Path(__file__).resolve().parents[2]
# Files of their own, made by subprocesses: the same on either pass of `make test`.
TODAY = [sys.executable, str(REPOSITORY / "manage.py")]


@pytest.fixture(scope="module")
def early(tmp_path_factory) -> Path:
    """The early club's database, as the early version left it: a backup from before."""
    return early_club(tmp_path_factory.mktemp("early"))


def environment(database: Path) -> dict:
    """Today's commands on ``database``."""
    return os.environ | {
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "cinch_club.settings.test",
        "LIMITS_FILE": str(database.parent / "limits.sqlite3"),
    }


@pytest.fixture(scope="module")
def upgraded(early, tmp_path_factory):
    """The early club's database after today's ``migrate``, and the environment to reach it."""
    folder = tmp_path_factory.mktemp("upgrade")
    database = folder / "club.sqlite3"
    shutil.copyfile(early, database)
    env = environment(database)
    subprocess.run([*TODAY, "migrate", "--noinput"], env=env, check=True, capture_output=True)
    return folder, env


def today(env, *args):
    return subprocess.run([*TODAY, *args], env=env, capture_output=True, text=True)


# Each club-owned model (its rows read under a club's scope; the audit trail's tables
# carry a club of their own): its rows in all, and those of the one club.
CLUB_ROWS = """
import json
from django.apps import apps
from scoring.models import Club, ClubRole
clubs = list(Club.objects.values_list("slug", flat=True))
club = Club.objects.order_by("pk").first()
rows = {}
for model in apps.get_app_config("scoring").get_models():
    manager = model._default_manager
    if hasattr(manager, "with_scopes_disabled"):
        rows[model._meta.label] = [manager.with_scopes_disabled().count(),
                                   manager.with_scope(club=club).count()]
    elif model is not ClubRole and any(f.name == "club" for f in model._meta.concrete_fields):
        rows[model._meta.label] = [model.objects.count(), model.objects.filter(club=club).count()]
print(json.dumps({"clubs": clubs, "rows": rows}))
"""


def test_the_upgrade_makes_one_club_and_every_club_row_is_its(upgraded):
    _, env = upgraded

    done = today(env, "shell", "-c", CLUB_ROWS)

    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])  # after the shell's own words
    assert found["clubs"] == ["club"]
    assert {label: every for label, (every, ours) in found["rows"].items() if every != ours} == {}
    assert found["rows"]["scoring.Night"] == [NIGHT_COUNT, NIGHT_COUNT]
    assert found["rows"]["scoring.HistoricalNight"][0] >= NIGHT_COUNT
    assert found["rows"]["scoring.Hand"][0] > 0


@pytest.mark.slow  # check_nights reads every night of the early club in a fresh process
def test_check_nights_lists_each_night_to_mend_and_what_is_wrong(upgraded):
    _, env = upgraded

    checked = today(env, "check_nights")

    assert checked.returncode == 1
    assert "4 nights of 6 to mend." in checked.stderr
    out = checked.stdout
    assert "Night 1, Random night 0" in out
    assert "pair 1 has 110, more than a Club Cinch to 11 game can reach" in out
    assert "Night 2, Random night 1" in out
    assert "ann is already player 1" in out
    assert "Night 3, Random night 2" in out
    assert "a Money bidder holds the Jack" in out
    assert "Night 4, Random night 3" in out
    assert "U+200B (ZERO WIDTH SPACE)" in out
    assert "Night 5" not in out and "Night 6" not in out


def test_every_night_exports_as_stored_naming_the_games_to_mend(upgraded):
    folder, env = upgraded

    exported = today(env, "export_night", "--all", str(folder / "nights"))

    assert exported.returncode == 0, exported.stderr
    files = sorted((folder / "nights").glob("night-*.json"))
    assert len(files) == NIGHT_COUNT
    first = json.loads(files[0].read_text())
    assert first["games"][0]["result"]["score"] == [110, 3]
    assert "Night 1 to mend: Round 1, table 1: result, score 1: pair 1 has 110" in exported.stderr
    assert "Night 3 to mend: Round 1, table 2: hand 5, jack" in exported.stderr
    one = today(env, "export_night", "1", "--night-file")
    assert one.returncode == 0
    assert json.loads(one.stdout) == first


def test_the_money_night_s_standings_name_the_hands_the_file_is_refused_for(upgraded):
    _, env = upgraded

    standings = today(env, "export_night", "3")

    # Scored from the stored totals, as before; the hands the CLI refuses are named.
    assert standings.returncode == 0
    assert "Night 3 to mend: Round 1, table 2: hand 5, jack" in standings.stderr


def test_the_night_with_one_person_twice_exports_its_standings_names_as_stored(upgraded):
    _, env = upgraded

    standings = today(env, "export_night", "2")

    # Scored by number: "Ann" and "ann" (players 1 and 3) are one person to today's rules.
    assert standings.returncode == 0, standings.stderr
    assert "Night 2 to mend: The night: player 3: ann is already player 1" in standings.stderr
    names = [name for row in json.loads(standings.stdout)["standings"] for name in row["players"]]
    assert "Ann" in names and "ann" in names


@pytest.mark.slow  # 300 pages and PDFs, each asked of a fresh process: make test-slow
def test_every_page_of_the_upgraded_club_answers(upgraded):
    _, env = upgraded
    walker = REPOSITORY / "tests" / "reliability" / "walk_site.py"

    walked = subprocess.run(
        [sys.executable, str(walker)],
        env=env | {"WALK_PDFS": "1,3"},
        capture_output=True,
        text=True,
        check=True,
    )

    pages = json.loads(walked.stdout)
    assert len(pages) > 300
    assert {url: status for url, (status, _) in pages.items() if status >= 500} == {}
    game = pages["/games/1/"][1]
    assert 'id="to-mend"' in game
    assert "pair 1 has 110, more than a Club Cinch to 11 game can reach" in game
    assert "ann is already player 1" in pages["/nights/2/standings/"][1]


def night_files(env, folder: Path) -> dict[str, bytes]:
    today(env, "export_night", "--all", str(folder))
    return {path.name: path.read_bytes() for path in sorted(folder.glob("night-*.json"))}


@pytest.mark.slow  # a backup, a restore and a migrate, each a fresh process
def test_a_backup_from_before_the_upgrade_restores_into_a_fresh_database(early, upgraded, tmp_path):
    folder, env = upgraded
    fresh = environment(tmp_path / "restored.sqlite3")

    restored = today(fresh, "restore_db", str(early))

    assert restored.returncode == 0, restored.stderr
    assert "Applying scoring.0012" in restored.stdout  # migrated after the copy
    assert (tmp_path / "restored.sqlite3").stat().st_mode & 0o777 == 0o600
    assert today(fresh, "migrate", "--check").returncode == 0
    assert night_files(fresh, tmp_path / "out") == night_files(env, folder / "out")


def test_restore_db_refuses_a_database_that_exists(early, upgraded):
    folder, env = upgraded
    before = (folder / "club.sqlite3").read_bytes()

    refused = today(env, "restore_db", str(early))

    assert refused.returncode == 2
    assert "restores into a fresh database only. Stop the site" in refused.stderr
    assert (folder / "club.sqlite3").read_bytes() == before


def test_restore_db_refuses_a_backup_of_a_newer_version(early, tmp_path):
    newer = tmp_path / "newer.sqlite3"
    shutil.copyfile(early, newer)
    with sqlite3.connect(newer) as database:
        database.execute(
            "INSERT INTO django_migrations (app, name, applied) "
            "VALUES ('scoring', '0999_from_the_future', '2031-01-01')"
        )
    database.close()
    fresh = environment(tmp_path / "restored.sqlite3")

    refused = today(fresh, "restore_db", str(newer))

    assert refused.returncode == 2
    assert "made by a newer version of the site" in refused.stderr
    assert "scoring.0999_from_the_future" in refused.stderr
    assert not (tmp_path / "restored.sqlite3").exists()
