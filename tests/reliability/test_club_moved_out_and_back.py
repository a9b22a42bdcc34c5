"""A laptop's club moved into a hosted site of two other clubs and out to a new laptop:
``export_club --club`` gives the same file byte for byte at each of the three places, and
the other clubs' files are what they were before it came.

The hosted site is of the suite's engine (a PostgreSQL database on the PostgreSQL pass,
a SQLite file on the SQLite pass); the laptops are SQLite files, as a club's laptop is.
Each place is a real ``manage.py`` process of its own, as a host would run it.
"""

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.reliability.live_site import Database

# Three sites, each a run of manage.py processes: about 30 s, make test-slow (both engines).
pytestmark = [pytest.mark.database, pytest.mark.slow]

REPOSITORY = Path(__file__).resolve().parents[2]
MANAGE = [sys.executable, str(REPOSITORY / "manage.py")]
OTHERS = ("bayfield", "lakeside")

# The laptop's club: the demo night with hands (one deleted: the audit trail names a row
# that is gone), a night of hands card by card, a season, a cash count, tables of single
# players, members with e-mail, settings of its own, a scorer of its own.
LAPTOP = """
import datetime
from decimal import Decimal
from django.core.management import call_command
from scoring.clubs.roles import SCORER, role_give
from scoring.clubs.scopes import club_named, in_club
from scoring.games import services as games_services
from scoring.models import Club, Game, Member, Night, Season
from scoring.nights import services as nights_services
from scoring.results import services as results_services
from scoring.rules.simulate import random_night, random_table
from scoring.tablegames import services as tablegames_services

Club.objects.update(slug="ridgetown", name="Ridgetown Cinch", currency_sign="£",
                    entry_fee=Decimal("2.5"), public_pages="standings")
call_command("load_demo", "--force")
with in_club(club_named(None)) as club:
    night = nights_services.night_import(document=random_night(4, seed=7, results_share=0.2))
    open_game = Game.objects.filter(night__name="Demo night", winner__isnull=True).first()
    hand = {"bidder": 1, "bid": 2, "high": 1, "low": 1}
    games_services.hand_record(game=open_game, data=hand)
    games_services.hand_delete(hand=games_services.hand_record(game=open_game, data=hand))
    season = Season.objects.create(name="Autumn", first_date=datetime.date(2026, 9, 1),
                                   last_date=datetime.date(2026, 12, 31))
    season.picked.add(Night.objects.exclude(pk=night.pk).get())
    results_services.cash_count_record(night=night, counted=Decimal("16.00"), note="Envelope 2")
    table = tablegames_services.table_create(
        variant="chicago42", player_names=["Ann", "Bob"], date=night.date, stake=1)
    tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 1, "high": 1, "low": 2})
    tablegames_services.table_import(document=random_table("chicago42", 3, seed=5))
    for number, member in enumerate(Member.objects.order_by("name")[:4]):
        member.email = f"player{number}@example.org"
        member.save()
"""

# The hosted site: two clubs with their own nights, seasons and tables (the club
# ``migrate`` made, renamed, and one more), each with its director.
HOST = """
import datetime
from django.contrib.auth import get_user_model
from django.core.management import call_command
from scoring.clubs.roles import DIRECTOR, role_give
from scoring.clubs.scopes import club_named, in_club
from scoring.models import Club, Season
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night, random_table
from scoring.tablegames import services as tablegames_services

Club.objects.update(slug="bayfield", name="Bayfield Cinch")
call_command("add_club", "lakeside", "--name", "Lakeside Cinch", "--director", "lea")
bea = get_user_model().objects.create_user("bea", email="bea@example.org", is_staff=True)
role_give(user=bea, club=Club.objects.get(slug="bayfield"), role=DIRECTOR)
for seed, slug in enumerate(["bayfield", "lakeside"]):
    with in_club(club_named(slug)):
        nights_services.night_import(document=random_night(5, seed=20 + seed, rounds_played=3))
        nights_services.night_import(document=random_night(4, seed=30 + seed))
        Season.objects.create(name=f"{slug} winter", first_date=datetime.date(2020, 1, 1))
        tablegames_services.table_import(document=random_table("chicago42", 2, seed=40 + seed))
"""


def run(env: dict, *args: str) -> str:
    done = subprocess.run([*MANAGE, *args], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def shell(env: dict, code: str) -> None:
    run(env, "shell", "-c", textwrap.dedent(code))


def environment(url: str, folder: Path) -> dict:
    return {key: value for key, value in os.environ.items() if key not in ("HOME_CLUB",)} | {
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "cinch_club.settings.test",
        "LIMITS_FILE": str(folder / "limits.sqlite3"),
    }


@pytest.fixture(scope="module")
def migrated(tmp_path_factory) -> Path:
    """A migrated SQLite file, copied for each laptop (a new laptop's ``migrate``)."""
    folder = tmp_path_factory.mktemp("migrated")
    run(environment(f"sqlite:///{folder / 'new.sqlite3'}", folder), "migrate", "--noinput")
    return folder / "new.sqlite3"


def laptop(migrated: Path, folder: Path) -> dict:
    folder.mkdir()
    shutil.copyfile(migrated, folder / "club.sqlite3")
    return environment(f"sqlite:///{folder / 'club.sqlite3'}", folder)


@pytest.fixture
def host(tmp_path, migrated):
    """The hosted site, of the suite's engine: migrated, then given its two clubs."""
    folder = tmp_path / "host"
    folder.mkdir()
    database = Database.create(folder)
    try:
        if database.engine == "sqlite":
            shutil.copyfile(migrated, database.path)
        env = environment(database.url, folder)
        if database.engine != "sqlite":
            run(env, "migrate", "--noinput")
        shell(env, HOST)
        yield env
    finally:
        database.drop()


def exported(env: dict, slug: str, file: Path) -> bytes:
    run(env, "export_club", "--club", slug, str(file))
    return file.read_bytes()


def test_a_club_moved_into_a_hosted_site_and_out_again_exports_byte_equal(tmp_path, migrated, host):
    first = laptop(migrated, tmp_path / "first")
    shell(first, LAPTOP)
    out = exported(first, "ridgetown", tmp_path / "out.json")
    others = {slug: exported(host, slug, tmp_path / f"{slug}.json") for slug in OTHERS}

    arrived = run(host, "import_club", str(tmp_path / "out.json"))
    hosted = exported(host, "ridgetown", tmp_path / "hosted.json")
    fresh = laptop(migrated, tmp_path / "fresh")
    run(fresh, "import_club", str(tmp_path / "hosted.json"))
    back = exported(fresh, "ridgetown", tmp_path / "back.json")

    assert "Imported club ridgetown from" in arrived
    assert hosted == out
    assert back == out
    assert {slug: exported(host, slug, tmp_path / f"{slug}-after.json") for slug in OTHERS} == (
        others
    )
    kinds = {row["model"] for row in json.loads(out)["rows"]}
    assert {
        "scoring.season",
        "scoring.cashcount",
        "scoring.tablegame",
        "scoring.tablehand",
        "scoring.historicalhand",
        "scoring.member",
    } <= kinds
    assert {row["username"]: row["role"] for row in json.loads(out)["roles"]} == {
        "director": "director",
        "scorer": "scorer",
    }
