"""Every model change has its migration, and the migrations build today's database.

The suite's own test databases are made from the models (``--nomigrations``): here the
migrations themselves run, in this process, on a SQLite file of their own. The data
steps are tried on the nights they meet: every pair given a code, the author of each
awaiting result read from its words into the fields the confirmation checks, and the
players' rows of each fresh kept summary. Each of those tests migrates a database of
its own from nothing, twice (about 10 s of one core each): they are ``make test-slow``'s,
which CI runs; ``makemigrations --check`` stays in ``make test``.
"""

import re
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from scoring.rules.night.documents import score_night
from scoring.rules.simulate import random_night
from tests.reliability.live_site import site_database

BEFORE_CODES = [("scoring", "0015_scorer_device")]


@pytest.mark.django_db
def test_no_missing_migrations():
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=0)
    except SystemExit:
        pytest.fail("a model change has no migration: run `manage.py makemigrations`")


# A data step's test: migrates from nothing to the step and on to today (make test-slow).
data_step = pytest.mark.slow


@pytest.fixture
def fresh(tmp_path, db, django_db_blocker, settings):
    """A connection alias for an empty SQLite file, with the migrations (``--nomigrations``
    hides them from the suite's own databases). ``db``: django-tasks' data step reads the
    default database whatever the alias migrated, so the suite's must be there."""
    settings.MIGRATION_MODULES = {}
    with site_database(
        f"sqlite:///{tmp_path / 'fresh.sqlite3'}", django_db_blocker.unblock
    ) as alias:
        yield alias


def migrated(alias: str, targets) -> MigrationExecutor:
    executor = MigrationExecutor(connections[alias])
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor


@data_step
def test_the_migrations_give_pairs_codes_and_results_their_authors(fresh):
    apps = migrated(fresh, BEFORE_CODES).loader.project_state(BEFORE_CODES).apps
    model = lambda name: apps.get_model("scoring", name).objects.using(fresh)  # noqa: E731
    now = timezone.now()
    night = model("Night").create(
        name="Club night", date=date(2026, 11, 5), created_at=now, updated_at=now
    )
    for number in range(1, 7):
        member = model("Member").create(name=f"Player {number}", created_at=now)
        model("Seat").create(night=night, number=number, member=member)
    device = model("ScorerDevice").create(
        night=night, name="Hall tablet", made_by="dir", made_at=now
    )
    user = apps.get_model("auth", "User").objects.using(fresh).create(username="scorer1")
    authors = {
        "pair 2 (table link)": (1, 2),
        "scorer device «Hall tablet»": (1, 3),
        "scorer1": (2, 3),
    }
    for label, (a, b) in authors.items():
        model("Game").create(night=night, round=1, pair_a=a, pair_b=b, result_entered_by=label)

    latest = MigrationExecutor(connections[fresh]).loader.graph.leaf_nodes()
    today = migrated(fresh, latest).loader.project_state(latest).apps
    codes = today.get_model("scoring", "PairCode").objects.using(fresh).filter(night_id=night.pk)
    assert sorted(codes.values_list("pair", flat=True)) == [1, 2, 3]
    assert all(re.fullmatch("[34679ACDEFHJKMNPRTWXY]{10}", code.code) for code in codes)
    games = today.get_model("scoring", "Game").objects.using(fresh).order_by("pk")
    assert [(g.entered_pair, g.entered_device_id, g.entered_user_id) for g in games] == [
        (2, None, None),
        (None, device.pk, None),
        (None, None, user.pk),
    ]


BEFORE_MEMBER_NIGHTS = [("scoring", "0016_pair_codes_and_phone_entries")]


@data_step
def test_the_migrations_keep_the_players_rows_of_every_fresh_summary(fresh):
    """The rows are copied from each kept summary that is fresh; a stale or unscorable
    one gets none (its night is computed on its next read)."""
    state = migrated(fresh, BEFORE_MEMBER_NIGHTS).loader.project_state(BEFORE_MEMBER_NIGHTS)
    model = lambda name: state.apps.get_model("scoring", name).objects.using(fresh)  # noqa: E731
    document = random_night(2, seed=1)
    standings = score_night(document)
    now = timezone.now()
    members = [model("Member").create(name=name, created_at=now) for name in document["players"]]
    nights = {}
    for name in ("Fresh", "Stale", "Unscorable"):
        night = model("Night").create(name=name, date=date(2026, 11, 5), created_at=now)
        for number, member in enumerate(members, start=1):
            model("Seat").create(night=night, number=number, member=member)
        nights[name] = night
    model("NightSummary").create(
        night=nights["Fresh"], as_of=nights["Fresh"].updated_at, standings=standings
    )
    model("NightSummary").create(
        night=nights["Stale"], as_of=now - timedelta(days=1), standings=standings
    )
    model("NightSummary").create(
        night=nights["Unscorable"], as_of=nights["Unscorable"].updated_at, standings=None
    )

    latest = MigrationExecutor(connections[fresh]).loader.graph.leaf_nodes()
    today = migrated(fresh, latest).loader.project_state(latest).apps
    rows = today.get_model("scoring", "MemberNight").objects.using(fresh)

    wins = {row["pair"]: row for row in standings["standings"]}
    assert {
        (row.night_id, row.member_id, row.number, row.games_won, row.cinches, row.paid, row.won)
        for row in rows
    } == {
        (
            nights["Fresh"].pk,
            members[player["number"] - 1].pk,
            player["number"],
            wins[(player["number"] + 1) // 2]["wins"],
            wins[(player["number"] + 1) // 2]["cinches"],
            Decimal(player["paid"]),
            Decimal(player["won"]),
        )
        for player in standings["money"]["players"]
    }
    assert {row.as_of for row in rows} == {nights["Fresh"].updated_at}


BEFORE_CLUBS = [("scoring", "0020_members_mail_outbox")]


@data_step
def test_the_upgrade_puts_every_row_in_the_home_club_and_staff_become_its_directors(
    fresh, settings
):
    settings.CLUB_NAME, settings.HOME_CLUB = "Ridgetown Cinch", ""
    state = migrated(fresh, BEFORE_CLUBS).loader.project_state(BEFORE_CLUBS)
    model = lambda name: state.apps.get_model("scoring", name).objects.using(fresh)  # noqa: E731
    users = state.apps.get_model("auth", "User").objects.using(fresh)
    now = timezone.now()
    for name in ("Ann", "Bob"):
        model("Member").create(name=name, created_at=now)
    model("Night").create(name="Club night", date=date(2026, 11, 5), created_at=now)
    model("Season").create(name="Winter", created_at=now)
    model("TableGame").create(date=date(2026, 11, 5), variant="razzle", created_at=now)
    users.create(username="dora", is_staff=True)
    scorer = users.create(username="sam")
    scorer.groups.add(
        state.apps.get_model("auth", "Group").objects.using(fresh).create(name="Scorers")
    )
    users.create(username="reader")

    latest = MigrationExecutor(connections[fresh]).loader.graph.leaf_nodes()
    today = migrated(fresh, latest).loader.project_state(latest).apps
    clubs = today.get_model("scoring", "Club").objects.using(fresh)
    assert list(clubs.values_list("slug", "name")) == [("club", "Ridgetown Cinch")]
    home = clubs.get()
    for name in ("Member", "Night", "Season", "TableGame", "HistoricalNight"):
        rows = today.get_model("scoring", name).objects.using(fresh)
        assert set(rows.values_list("club_id", flat=True)) <= {home.pk}, name
    assert today.get_model("scoring", "Member").objects.using(fresh).filter(club=home).count() == 2
    roles = today.get_model("scoring", "ClubRole").objects.using(fresh)
    assert set(roles.values_list("user__username", "club_id", "role")) == {
        ("dora", home.pk, "director"),
        ("sam", home.pk, "scorer"),
    }
