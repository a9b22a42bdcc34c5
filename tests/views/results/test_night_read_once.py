"""Every page that shows a night's results reads the night's games once and scores them
once (``results.selectors.NightResults``), whatever else it shows: the projector its
round board and the ladder of the season the night counts in, the sheets their headings.
Their queries do not grow with the night's games."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Night, Season
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

PAGES = [
    ("night-standings", ()),
    ("night-pot", ()),
    ("night-live", ()),
    ("night-sheet-preview", ("standings",)),
    ("night-scorers-sheet-preview", ("payouts",)),
]
GAMES = 'FROM "scoring_game"'


def build_nights():
    """Nights of 3 and 12 pairs, all played but one game, each in a season of its own:
    their kept summaries are stale, as on the night."""
    nights = {pairs: night_with_schedule(pairs) for pairs in (3, 12)}
    for pairs, night in nights.items():
        play_out(night, leave=[(1, 2)])
        Season.objects.create(name=f"Autumn {pairs}").picked.add(night)
    return nights


def queries(client, name: str, night, args) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse(f"scoring:{name}", args=[night.pk, *args]))
    assert response.status_code == 200
    return [query["sql"] for query in captured]


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_the_nights_games_are_read_once(client_for, module_nights, name, args):
    night = Night.objects.get(pk=module_nights[3])

    read = queries(client_for("director"), name, night, args)

    assert len([sql for sql in read if GAMES in sql]) == 1


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_queries_do_not_grow_with_the_nights_games(client_for, module_nights, name, args):
    client = client_for("director")
    small, big = (Night.objects.get(pk=module_nights[pairs]) for pairs in (3, 12))

    assert len(queries(client, name, big, args)) == len(queries(client, name, small, args))
