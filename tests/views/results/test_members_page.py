"""The members page: each member's season over every night played, the money exactly as
each night's pot page gives it, in a fixed number of queries however many nights."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.core.records import kept_summaries
from scoring.models import Member
from scoring.results import selectors as results_selectors
from scoring.tablegames import services as tablegames_services
from tests.factories import night_with_schedule, play_out
from tests.views.access import ROLES

pytestmark = pytest.mark.django_db

URL = reverse("scoring:member-list")


def season(response) -> dict[str, tuple]:
    """``{name: (nights, games won, Cinches, paid, won, net)}`` from the page's table."""
    return {
        row.record.name: (
            row.record.nights,
            row.record.games_won,
            row.record.cinches,
            row.record.paid,
            row.record.won,
            row.record.net,
        )
        for row in response.context["table"].rows
    }


def from_the_pot_pages(nights) -> dict[str, tuple]:
    """The same season added up from each night's standings and pot page figures."""
    totals: dict[str, list] = {}
    for night in nights:
        results = results_selectors.night_results(night)
        wins = {row["pair"]: row for row in results.standings["standings"]}
        for row in results.ledger:
            total = totals.setdefault(row.name, [0, 0, 0, Decimal(0), Decimal(0)])
            total[0] += 1
            total[1] += wins[row.pair]["wins"]
            total[2] += wins[row.pair]["cinches"]
            total[3] += row.paid
            total[4] += row.won or 0
    return {name: (*total, total[4] - total[3]) for name, total in totals.items()}


@pytest.fixture
def nights():
    """Three nights played by Players 1 to 8 (the third still going, its prizes waiting),
    and a fourth set up for Players 1 to 10 but not begun."""
    first = night_with_schedule(4, name="First")
    play_out(first, upsets=[(3, 4)], loser_cinches={(1, 2): 3, (1, 3): 1})
    second = night_with_schedule(2, name="Second")
    play_out(second, upsets=[(1, 2)], loser_cinches={(1, 2): 2})
    third = night_with_schedule(3, name="Third")
    play_out(third, leave=[(2, 3)])
    night_with_schedule(5, name="Not begun")
    return [first, second, third]


@pytest.mark.parametrize("role", ROLES)
def test_members_page_is_public(client_for, nights, role):
    response = client_for(role).get(URL)

    assert response.status_code == 200
    assert [column.header for column in response.context["table"].columns] == [
        "Member",
        "Nights played",
        "Games won",
        "Cinches",
        "Paid",
        "Won",
        "Net",
        "Table games",
        "Tables won",
        "Stakes won",
        "Sat in for",
    ]


def test_each_members_season_is_the_nights_pot_pages_added_up(client, nights):
    response = client.get(URL)

    expected = from_the_pot_pages(nights)
    shown = season(response)
    assert {name: row for name, row in shown.items() if row[0]} == expected
    assert sorted(name for name, row in shown.items() if not row[0]) == ["Player 10", "Player 9"]
    assert sum(row[4] for row in shown.values()) == sum(
        results_selectors.night_results(night).summary.fees.pot for night in nights[:2]
    )


def test_money_is_shown_as_the_pot_page_shows_it(client, nights):
    response = client.get(URL)

    player = Member.objects.get(name="Player 1")
    paid = season(response)[player.name][3]
    assert f'<td class="number">${paid:.2f}</td>' in response.content.decode()


def test_the_table_sorts(client, nights):
    response = client.get(URL + "?sort=-won")

    won = [row.record.won for row in response.context["table"].rows]
    assert won == sorted(won, reverse=True)


def test_a_night_that_cannot_be_scored_counts_for_none(client):
    night = night_with_schedule(2)
    play_out(night)
    night.seats.order_by("number").last().delete()  # by hand in the admin: 3 players left

    response = client.get(URL)

    assert {row[0] for row in season(response).values()} == {0}


def test_no_members_yet(client):
    response = client.get(URL)

    assert "No members yet." in response.content.decode()


# The club, the members with their kept nights added up, the nights not kept (none), the
# substitutes (and, when anybody sat in, their number holders) and the table seats.
QUERIES = 5
# Nights in play (summaries stale) are added from their summaries computed for the read,
# not saved: their kept rows (taken out), their seats and games.
STALE_QUERIES = QUERIES + 3


@pytest.mark.parametrize(
    "sizes", [[2], [4, 10, 20], [3] * 12], ids=["one small night", "three nights", "12 nights"]
)
def test_queries_do_not_grow_with_nights_or_games(client, django_assert_num_queries, sizes):
    nights = [night_with_schedule(pairs) for pairs in sizes]
    for night in nights:
        play_out(night)

    with django_assert_num_queries(STALE_QUERIES):
        client.get(URL)
    kept_summaries.keep([night.pk for night in nights])
    with django_assert_num_queries(QUERIES):
        response = client.get(URL)

    assert len(response.context["table"].rows) == 2 * max(sizes)
    assert {row.record.nights for row in response.context["table"].rows} == {
        sum(2 * pairs >= number for pairs in sizes) for number in range(1, 2 * max(sizes) + 1)
    }


def test_table_games_are_counted_apart_from_the_nights(client):
    night = night_with_schedule(2)
    play_out(night)
    nights_before = season(client.get(URL))
    date = datetime.date(2026, 11, 20)
    # Player 1 wins a three-handed table for a 1.00 stake; a Razzle table is shared by
    # Players 2, 3 and 4 (4.00 among three: 1.34, 1.33, 1.33); a third is still going.
    three = tablegames_services.table_create(
        variant="chicago42",
        player_names=["Player 1", "Player 2", "Player 3"],
        date=date,
        stake=Decimal("1.00"),
    )
    for _ in range(3):
        tablegames_services.table_hand_record(
            table=three, data={"bidder": 1, "bid": 7, "points": [14, 0, 0]}
        )
    razzle = tablegames_services.table_create(
        variant="razzle",
        player_names=["Player 1", "Player 2", "Player 3", "Player 4"],
        date=date,
        stake=Decimal("1.00"),
    )
    for _ in range(3):
        tablegames_services.table_hand_record(
            table=razzle, data={"bidder": 1, "bid": 14, "partner": None, "points": [0, 14]}
        )
    tablegames_services.table_create(
        variant="chicago42", player_names=["Player 1", "Zed"], date=date
    )

    rows = {row.record.name: row.record for row in client.get(URL).context["table"].rows}

    tables = {name: (r.tables, r.tables_won, r.stake_won) for name, r in rows.items()}
    assert tables["Player 1"] == (2, 1, Decimal("3.00"))
    assert tables["Player 2"] == (2, 1, Decimal("1.34"))
    assert tables["Player 3"] == (2, 1, Decimal("1.33"))
    assert tables["Player 4"] == (1, 1, Decimal("1.33"))
    assert tables["Zed"] == (0, 0, Decimal(0))
    assert {name: value for name, value in season(client.get(URL)).items() if name != "Zed"} == (
        nights_before
    )
