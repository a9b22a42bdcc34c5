"""The nights list costs the same few queries with a 40-pair night on it, and the work
those queries make the database do grows with a night's seats plus its games, never
with seats times games (counted through one join, a 40-pair night was 80 seats × 780
games = 62,400 rows a request, three seconds).

The work is the database's own count: on SQLite the virtual machine's instructions
(a progress handler called at each), on PostgreSQL the rows every plan node produced
(``EXPLAIN ANALYZE``), over every query of the page.
"""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night

pytestmark = [pytest.mark.django_db, pytest.mark.database]

SMALL, BIG = 6, 24  # pairs: 12 seats and 15 games, 48 seats and 276 games


def a_night(pairs: int):
    return nights_services.night_import(document=random_night(pairs, seed=pairs, rounds_played=1))


def database_work(client, url: str) -> int:
    """What answering ``url`` makes the database do (see the module's docstring)."""
    if connection.vendor == "sqlite":
        steps = [0]

        def count() -> int:
            steps[0] += 1
            return 0  # go on

        connection.ensure_connection()
        connection.connection.set_progress_handler(count, 1)
        try:
            assert client.get(url).status_code == 200
        finally:
            connection.connection.set_progress_handler(None, 1)
        return steps[0]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    rows = 0
    with connection.cursor() as cursor:
        for query in queries.captured_queries:
            if query["sql"].lstrip().upper().startswith("SELECT"):
                cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + query["sql"])
                plan = cursor.fetchone()[0]
                rows += _rows(plan[0]["Plan"] if isinstance(plan, list) else json.loads(plan))
    return rows


def _rows(node: dict) -> int:
    """Rows a plan node and those under it produced, every loop counted."""
    produced = node.get("Actual Rows", 0) * node.get("Actual Loops", 1)
    return produced + sum(_rows(child) for child in node.get("Plans", []))


def measured(client, pairs: int) -> int:
    night = a_night(pairs)
    client.get(reverse("scoring:home"))  # the first request of the client warms up
    work = database_work(client, reverse("scoring:home"))
    night.delete()
    return work


def test_the_nights_list_work_grows_with_seats_plus_games_not_their_product(client):
    small, big = measured(client, SMALL), measured(client, BIG)

    seats, games = {SMALL: 12, BIG: 48}, {SMALL: 15, BIG: 276}
    plus = (seats[BIG] + games[BIG]) / (seats[SMALL] + games[SMALL])  # 12 times
    times = (seats[BIG] * games[BIG]) / (seats[SMALL] * games[SMALL])  # 74 times
    print(
        f"\nnights list, database work ({connection.vendor}): {small} for a {SMALL}-pair night, "
        f"{big} for a {BIG}-pair night ({big / small:.1f} times; seats + games grow "
        f"{plus:.0f} times, seats × games {times:.0f} times)"
    )
    assert big / small < 1.5 * plus


@pytest.mark.parametrize("pairs", [SMALL, pytest.param(40, marks=pytest.mark.slow)])
def test_the_nights_list_queries_do_not_grow_with_a_night(client, django_assert_num_queries, pairs):
    a_night(pairs)
    client.get(reverse("scoring:home"))

    # The club, the table's count and its page, summaries joined.
    with django_assert_num_queries(3):
        response = client.get(reverse("scoring:home"))

    (row,) = response.context["table"].rows
    assert row.get_cell("player_count") == 2 * pairs
    assert row.get_cell("games") == f"{pairs // 2} of {pairs * (pairs - 1) // 2}"  # round 1
