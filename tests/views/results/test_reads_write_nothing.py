"""A GET writes nothing: every page that shows a night's results reads the night and
renders it, however stale its kept summary. The round board and the projector reload
themselves every few seconds while phones save hands; a write on each reload would
queue behind the hands' writes (SQLite has one writer).

The printed sheets are the one exception, and only for the copy kept in the cache and
the row that says how its making goes (``core.printing.kept_sheets``): rendering takes
seconds, keeping it is the point; asked for again, a kept sheet writes nothing.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Season
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
KEPT_SHEETS = ("cinch_cache", "scoring_keptsheet")

NIGHT_PAGES = [
    ("night-detail", ()),
    ("night-standings", ()),
    ("night-standings-json", ()),
    ("night-pot", ()),
    ("night-live", ()),
    ("night-round", ()),
]
SHEETS = [
    ("night-sheet-preview", ("standings",)),
    ("night-sheet", ("standings",)),
    ("night-scorers-sheet-preview", ("payouts",)),
    ("night-scorers-sheet", ("payouts",)),
    ("night-scorers-sheet-preview", ("playoffs",)),
]


def build_night():
    night = night_with_schedule(4)
    play_out(night, leave=[(3, 4)])
    Season.objects.create(name="Autumn").picked.add(night)
    return night


def writes(client, url: str) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    written = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]
    return response.status_code, written


@pytest.mark.parametrize(("name", "args"), NIGHT_PAGES)
def test_a_night_page_writes_nothing(client_for, night, name, args):
    status, written = writes(
        client_for("director"), reverse(f"scoring:{name}", args=[night.pk, *args])
    )

    assert status == 200
    assert written == []


@pytest.mark.parametrize(("name", "args"), SHEETS)
def test_a_sheet_writes_only_its_kept_copy(client_for, night, name, args):
    status, written = writes(
        client_for("director"), reverse(f"scoring:{name}", args=[night.pk, *args])
    )

    assert status == 200
    assert [sql for sql in written if not any(table in sql for table in KEPT_SHEETS)] == []
    again = writes(client_for("director"), reverse(f"scoring:{name}", args=[night.pk, *args]))
    assert again == (200, [])


@pytest.mark.parametrize("name", ["home", "member-list", "season-list"])
def test_a_page_of_many_nights_writes_nothing(client_for, night, name):
    status, written = writes(client_for("director"), reverse(f"scoring:{name}"))

    assert status == 200
    assert written == []


def test_the_season_page_writes_nothing(client_for, night):
    season = night.seasons.get()
    status, written = writes(
        client_for("director"), reverse("scoring:season-detail", args=[season.pk])
    )

    assert status == 200
    assert written == []
