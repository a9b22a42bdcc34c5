"""The nights list costs the same number of queries however many nights it shows: the
kept summaries joined, the nights in play (summaries stale) computed in two more."""

import pytest
from django.urls import reverse

from scoring.core.records import kept_summaries
from scoring.results import selectors as results_selectors
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kept", [True, False])
@pytest.mark.parametrize("tables", [3, 20])
def test_nights_list(client, django_assert_num_queries, tables, kept):
    """The club, the table's count and its page, the kept summaries joined; the nights whose
    summaries are stale (in play) have theirs computed in two more, not saved."""
    nights = [night_with_schedule(2, draw=False) for _ in range(tables)]
    if kept:
        kept_summaries.keep([night.pk for night in nights])

    with django_assert_num_queries(3 if kept else 5):
        client.get(reverse("scoring:home"))


def test_the_nights_list_paginates(client, django_assert_num_queries):
    from scoring.nights.views import NIGHTS_PER_PAGE

    nights = [night_with_schedule(2, draw=False) for _ in range(NIGHTS_PER_PAGE + 2)]
    kept_summaries.keep([night.pk for night in nights])

    with django_assert_num_queries(3):  # the club, the table's count and its page
        first = client.get(reverse("scoring:home"))
    second = client.get(reverse("scoring:home") + "?page=2")

    assert len(first.context["table"].page.object_list) == NIGHTS_PER_PAGE
    assert len(second.context["table"].page.object_list) == 2
    assert 'href="?page=2"' in first.content.decode()


def test_the_nights_list_names_the_winners_from_the_kept_standings(client):
    finished = night_with_schedule(2, name="Finished")
    play_out(finished)
    night_with_schedule(2, name="Going")
    standings = results_selectors.night_standings(finished)
    first = standings["money"]["places"][0]["pair"]
    winners = next(row["players"] for row in standings["standings"] if row["pair"] == first)

    rows = {
        row.record.name: row.get_cell("winners")
        for row in client.get(reverse("scoring:home")).context["table"].page.object_list
    }

    assert rows == {"Finished": " & ".join(winners), "Going": "—"}
