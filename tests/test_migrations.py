"""Every model change has its migration, and the migrations build today's database.

The suite's own test databases are made from the models (``--nomigrations``): here the
migrations themselves run, in this process, on a SQLite file of their own. The last
one's data step is tried on a night it meets: every pair given a code, and the author of
each awaiting result read from its words into the fields the confirmation checks.
"""

import re
from datetime import date

import pytest
from django.core.management import call_command
from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.reliability.live_site import site_database

BEFORE_CODES = [("scoring", "0015_scorer_device")]


@pytest.mark.django_db
def test_no_missing_migrations():
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=0)
    except SystemExit:
        pytest.fail("a model change has no migration: run `manage.py makemigrations`")


@pytest.fixture
def fresh(tmp_path, django_db_blocker, settings):
    """A connection alias for an empty SQLite file, with the migrations (``--nomigrations``
    hides them from the suite's own databases)."""
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
