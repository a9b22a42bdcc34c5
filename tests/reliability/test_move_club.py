"""A whole club moved: ``export_club`` from SQLite, ``import_club`` into an empty database
of the other engine (PostgreSQL, on the PostgreSQL pass of `make test-slow`; another
SQLite file when it is run alone on SQLite) gives the same pages, the same night files
byte for byte, and the same club file again.
"""

import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import dj_database_url
import psycopg
import pytest

from tests.reliability.live_site import is_postgres

# It moves a club to PostgreSQL: the PostgreSQL pass alone runs it, in `make test-slow`.
pytestmark = [pytest.mark.database, pytest.mark.postgres, pytest.mark.slow]

REPOSITORY = Path(__file__).resolve().parents[2]
MANAGE = [sys.executable, str(REPOSITORY / "manage.py")]
WALKER = REPOSITORY / "tests" / "reliability" / "walk_site.py"

# Beside the demo night: a night of hands card by card (PostgreSQL keeps JSON keys in an
# order of its own), a season, a cash count, a table of single players with a hand; as
# the site's one club.
EXTRAS = """
import datetime
from decimal import Decimal
from scoring.clubs.scopes import home_club, in_club
from scoring.models import Night, Season
from scoring.nights import services as nights_services
from scoring.results import services as results_services
from scoring.rules.simulate import random_night
from scoring.tablegames import services as tablegames_services

with in_club(home_club()):
    night = nights_services.night_import(document=random_night(4, seed=7, results_share=0.2))
    Season.objects.create(name="Autumn", first_date=datetime.date(2026, 9, 1),
                          last_date=datetime.date(2026, 12, 31))
    results_services.cash_count_record(night=night, counted=Decimal("16.00"), note="Envelope 2")
    table = tablegames_services.table_create(
        variant="chicago42", player_names=["Ann", "Bob"], date=night.date, stake=1)
    hand = {"bidder": 1, "bid": 1, "high": 1, "low": 2}
    tablegames_services.table_hand_record(table=table, data=hand)
"""
# What differs from one request to the next whatever the database: the forms' tokens.
TOKEN = re.compile(r'name="(csrfmiddlewaretoken|token)" value="[^"]*"')


def run(env: dict, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([*MANAGE, *args], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


def environment(url: str, folder: Path) -> dict:
    return os.environ | {
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "cinch_club.settings.test",
        "LIMITS_FILE": str(folder / "limits.sqlite3"),
    }


@pytest.fixture
def other_engine(tmp_path):
    """An empty database of the other engine: a new PostgreSQL database on the server the
    suite runs on, else a new SQLite file."""
    url = os.environ.get("DATABASE_URL", "")
    if not is_postgres(url):
        yield f"sqlite:///{tmp_path / 'moved.sqlite3'}"
        return
    server = dj_database_url.parse(url)
    name = f"cinch_moved_{uuid.uuid4().hex[:12]}"
    admin = psycopg.connect(
        host=server["HOST"],
        port=server["PORT"],
        user=server["USER"],
        password=server["PASSWORD"],
        dbname=server["NAME"],
        autocommit=True,
    )
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.close()


def pages(env: dict) -> dict:
    walked = subprocess.run(
        [sys.executable, str(WALKER)], env=env, capture_output=True, text=True, check=True
    )
    return {
        url: [status, TOKEN.sub("", page)]
        for url, (status, page) in json.loads(walked.stdout).items()
    }


def night_files(env: dict, folder: Path) -> dict:
    run(env, "export_night", "--all", str(folder))
    return {path.name: path.read_bytes() for path in sorted(folder.glob("night-*.json"))}


def test_a_club_moved_to_the_other_engine_gives_the_same_pages_and_files(tmp_path, other_engine):
    source = environment(f"sqlite:///{tmp_path / 'club.sqlite3'}", tmp_path)
    run(source, "migrate", "--noinput")
    run(source, "load_demo", "--force")
    run(source, "shell", "-c", EXTRAS)
    run(source, "export_club", str(tmp_path / "club.json"))
    moved = environment(other_engine, tmp_path)
    run(moved, "migrate", "--noinput")

    imported = run(moved, "import_club", str(tmp_path / "club.json"))

    assert "Imported the club from" in imported.stdout
    club = json.loads((tmp_path / "club.json").read_text())
    kinds = {row["model"] for row in club["rows"]}
    assert {
        "scoring.season",
        "scoring.cashcount",
        "scoring.tablegame",
        "scoring.tablehand",
        "scoring.historicalhand",
        "auth.user",
        "scoring.club",
        "scoring.clubrole",
    } <= kinds
    run(moved, "export_club", str(tmp_path / "again.json"))
    assert json.loads((tmp_path / "again.json").read_text()) == club
    assert night_files(moved, tmp_path / "moved") == night_files(source, tmp_path / "source")
    before, after = pages(source), pages(moved)
    assert {url: status for url, (status, _) in after.items() if status >= 500} == {}
    assert [url for url in before if before[url] != after.get(url)] == []


def test_import_club_refuses_a_database_that_is_not_empty(tmp_path):
    source = environment(f"sqlite:///{tmp_path / 'club.sqlite3'}", tmp_path)
    run(source, "migrate", "--noinput")
    run(source, "load_demo", "--force")
    run(source, "export_club", str(tmp_path / "club.json"))

    refused = subprocess.run(
        [*MANAGE, "import_club", str(tmp_path / "club.json")],
        env=source,
        capture_output=True,
        text=True,
    )

    assert refused.returncode == 2
    assert "This database is not empty" in refused.stderr
