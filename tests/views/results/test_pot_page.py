"""The pot page: fees with the counts behind them, the prizes, every player's ledger, the
checks that they add up, and why the prizes wait; its figures are those of
``python3 -m scoring.rules score`` for the same night's file."""

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.core.records import documents
from scoring.games import services as games_services
from scoring.models import Game, Night
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from scoring.rules.night.documents import money_text
from tests.factories import NightFactory, night_with_schedule, play_out
from tests.views.access import ROLES

pytestmark = pytest.mark.django_db

REPOSITORY = Path(__file__).parents[3]


def url(night) -> str:
    return reverse("scoring:night-pot", args=[night.pk])


def score_with_the_cli(night) -> dict:
    """The ``cinch-standings/1`` the rules core's own command prints for the night's file,
    run by the bare interpreter (standard library only, no site-packages)."""
    completed = subprocess.run(
        [getattr(sys, "_base_executable", sys.executable), "-E", "-s", "-m", "scoring.rules"]
        + ["score", "-"],
        input=json.dumps(documents.night_file(night)),
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
        check=True,
    )
    return json.loads(completed.stdout)


def money(amount) -> str | None:
    return None if amount is None else money_text(amount)


def page_money(response) -> dict:
    """The page's figures in the form of the document's ``money`` section."""
    results = response.context["results"]
    fees, payout = results.summary.fees, results.summary.payout
    section = {
        "entries": money(fees.entries),
        "loss_fees": money(fees.loss_fees),
        "cinch_fees": money(fees.cinch_fees),
        "pot": money(fees.pot),
    }
    if payout is None:
        section |= {"blocked": "; ".join(results.summary.blocked), "booby": None, "places": None}
    else:
        booby = results.booby
        section["booby"] = booby and {"pair": booby.pair, "amount": money(booby.amount)}
        section["places"] = [
            {"place": prize.place, "pair": prize.pair, "amount": money(prize.amount)}
            for prize in results.places
        ]
    section["players"] = [
        {"number": row.number, "name": row.name, "paid": money(row.paid), "won": money(row.won)}
        for row in results.ledger
    ]
    return section


ALL_FOUR = {"bidder": 1, "bid": 4, "high": 1, "low": 1, "jack": 1, "game": 1}
SET_BACK = {"bidder": 2, "bid": 3, "high": 1, "low": 2, "jack": None, "game": 1}


def build_night():
    """Five pairs, odd money settings; one game entered by hand (pair 2 set back once,
    a Cinch), the rest typed from the pegboard, some with Cinches against the loser."""
    night = night_with_schedule(
        5,
        name="Pot night",
        entry_fee=Decimal("1.75"),
        loss_fee=Decimal("0.30"),
        cinch_fee=Decimal("0.15"),
        booby_prize=Decimal("3.50"),
        split=["0.45", "0.35", "0.20"],
        unit=Decimal("0.05"),
    )
    by_hand = Game.objects.get(night=night, pair_a__in=[1, 2], pair_b__in=[1, 2])
    for hand in [SET_BACK, ALL_FOUR, ALL_FOUR, ALL_FOUR]:  # pair 2 set back, then 1 to 14
        games_services.hand_record(game=by_hand, data=hand)
    play_out(
        night,
        leave=[(1, 2)],
        loser_cinches={(1, 3): 2, (2, 4): 1, (4, 5): 3, (3, 5): 5},
    )
    return night


@pytest.mark.parametrize("role", ROLES)
def test_pot_page_is_public(client_for, night, role):
    response = client_for(role).get(url(night))

    assert response.status_code == 200
    assertContains(response, "<h1>The pot</h1>", html=True)
    assertContains(response, 'id="ledger"')


def test_figures_are_those_of_the_rules_core_command(client, night):
    game = Game.objects.get(night=night, pair_a__in=[1, 2], pair_b__in=[1, 2])
    assert game.winner is not None and game.cinches_a + game.cinches_b == 1

    response = client.get(url(night))

    expected = score_with_the_cli(night)["money"]
    assert "blocked" not in expected
    assert page_money(response) == expected
    for figure in ("entries", "loss_fees", "cinch_fees", "pot"):
        assertContains(response, f'<td class="number">${expected[figure]}</td>', html=True)
    for place in expected["places"]:
        assertContains(response, f'<td class="number">${place["amount"]}</td>', html=True)
    assertContains(response, f'<td class="number">${expected["booby"]["amount"]}</td>', html=True)
    for player in expected["players"]:
        assertContains(response, f'<td class="number">${player["paid"]}</td>', html=True)


def test_fees_show_the_counts_behind_them(client, night):
    response = client.get(url(night))

    fees = response.context["summary"].fees
    assert (fees.players, fees.games_lost, fees.cinches_charged) == (10, 10, 12)
    assertContains(response, "<td>10 players at $1.75</td>", html=True)
    assertContains(
        response, "<td>10 games lost, $0.30 from each player of the losing pair</td>", html=True
    )
    assertContains(response, "12 Cinches recorded against losing pairs, $0.15 from each player")


def test_the_amounts_add_up_to_the_pot(client, night):
    response = client.get(url(night))

    results = response.context["results"]
    pot = results.summary.fees.pot
    assert results.paid_out == results.players_paid == results.players_won == pot
    shown = f"${money_text(pot)}"
    assertContains(response, f"Paid out {shown} = pot {shown} ✓")
    assertContains(response, f"Players paid {shown} = pot {shown} ✓")
    assertContains(response, f"Players won {shown} = pot {shown} ✓")
    assertNotContains(response, "does not add up")


def test_the_checks_are_the_results_own(client, night):
    response = client.get(url(night))

    results = response.context["results"]
    checks = [results.paid_out_check, *results.ledger_checks]
    assert [(check.key, check.words, check.amount, check.holds) for check in checks] == [
        ("paid-out-check", "Paid out", results.paid_out, True),
        ("paid-check", "Players paid", results.players_paid, True),
        ("won-check", "Players won", results.players_won, True),
    ]
    assert {check.pot for check in checks} == {results.summary.fees.pot}


def test_a_check_that_fails_says_so():
    check = results_selectors.PotCheck(
        "paid-check", "Players paid", Decimal("9.95"), Decimal("10.00")
    )

    html = render_to_string("scoring/results/_pot_check.html", {"check": check})

    assert not check.holds
    assert 'class="check wrong"' in html
    assert "Players paid $9.95 = pot $10.00 ✗ does not add up" in " ".join(html.split())


def test_booby_and_places_with_their_pairs(client, night):
    response = client.get(url(night))

    rows = [
        (row.get_cell("prize"), row.get_cell("pair"))
        for row in response.context["prize_table"].rows
    ]
    assert rows == [("1st place", 1), ("2nd place", 2), ("3rd place", 3), ("Booby prize", 5)]
    names = response.context["results"].names
    assertContains(response, f"<td>{names[5]}</td>", html=True)


def test_ledger_has_every_player_with_net(client, night):
    response = client.get(url(night) + "?sort=-net")

    rows = [row.record for row in response.context["ledger_table"].rows]
    assert len(rows) == 10
    assert [row.net for row in rows] == sorted((row.won - row.paid for row in rows), reverse=True)


def test_blocked_while_games_are_unfinished(client):
    night = night_with_schedule(4)
    play_out(night, leave=[(1, 2)], loser_cinches={(3, 4): 2})
    game = Game.objects.get(night=night, winner=None)

    response = client.get(url(night))

    expected = score_with_the_cli(night)["money"]
    assert expected["places"] is None
    assert page_money(response) == expected
    assertContains(response, "<li>1 game is not finished</li>", html=True)
    link = reverse("scoring:game-detail", args=[game.pk])
    assertContains(response, f'<a href="{link}">{game}</a>', html=True)
    assertContains(response, "so far: the finished games only")
    assertNotContains(response, "Paid out")
    results = response.context["results"]
    assert (results.paid_out, results.players_won, results.places, results.booby) == (
        None,
        None,
        [],
        None,
    )
    assert all(row.won is None and row.net is None for row in results.ledger)
    assert results.paid_out_check is None
    assert [check.key for check in results.ledger_checks] == ["paid-check"]
    assertContains(
        response, "<td>5 games lost, $0.25 from each player of the losing pair</td>", html=True
    )


def test_blocked_by_a_tie_names_it(client):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])

    response = client.get(url(night))

    assertContains(
        response,
        "<li>pairs 1 and 2 are tied for places 1 and 2: a play-off among them decides it</li>",
        html=True,
    )
    assertContains(response, reverse("scoring:night-standings", args=[night.pk]) + "#ties")
    assert page_money(response) == score_with_the_cli(night)["money"]


def test_three_pairs_have_no_booby(client):
    night = night_with_schedule(3)
    play_out(night)

    response = client.get(url(night))

    results = response.context["results"]
    assert [prize.pair for prize in results.places] == [1, 2, 3]
    assert results.booby is None
    assertContains(response, 'id="no-booby"')
    assert results.paid_out == results.summary.fees.pot
    assert page_money(response) == score_with_the_cli(night)["money"]


def test_two_pairs_fold_the_third_place_into_the_first(client):
    night = night_with_schedule(2)
    play_out(night)

    response = client.get(url(night))

    results = response.context["results"]
    pot = results.summary.fees.pot  # 8.00 entries and 0.50 for the one game lost
    assert pot == Decimal("8.50")
    assert [(prize.place, prize.pair, prize.amount) for prize in results.places] == [
        (1, 1, Decimal("5.95")),
        (2, 2, Decimal("2.55")),
    ]
    assert results.booby is None
    assertContains(response, "Paid out $8.50 = pot $8.50 ✓")
    assert page_money(response) == score_with_the_cli(night)["money"]


def test_booby_taken_by_the_playoff_winner(client, director):
    night = night_with_schedule(7)
    play_out(night, upsets=[(4, 7)])
    results_services.playoffs_start(night=night, user=director)
    playoff = Game.objects.get(night=night, is_playoff=True)
    score = [4, 11] if playoff.pair_b == 7 else [11, 4]
    games_services.game_result_record(
        game=playoff, result={"winner": 7, "score": score, "cinches": [0, 0]}
    )

    response = client.get(url(night))

    booby = response.context["results"].booby
    assert (booby.pair, booby.amount) == (7, Decimal("4.00"))
    assert page_money(response) == score_with_the_cli(night)["money"]


# --- queries ------------------------------------------------------------------------------

# The club, the night, its seats, its games, its cash counts; session and user when logged in.
QUERIES = {"anonymous": 5, "director": 7}


def build_nights():
    """A night of 2 pairs and one of 20, played out, for every role's query count."""
    nights = {pairs: night_with_schedule(pairs) for pairs in (2, 20)}
    for night in nights.values():
        play_out(night)
    return nights


@pytest.mark.parametrize("role", QUERIES)
@pytest.mark.parametrize("pairs", [2, 20])
def test_queries_do_not_grow_with_the_night(
    client_for, django_assert_num_queries, module_nights, role, pairs
):
    night = Night.objects.get(pk=module_nights[pairs])
    client = client_for(role)

    with django_assert_num_queries(QUERIES[role]):
        response = client.get(url(night))

    assert len(response.context["ledger_table"].rows) == 2 * pairs


def test_a_night_that_cannot_be_scored_says_why(client):
    response = client.get(url(NightFactory()))  # nobody seated yet

    assertContains(response, "This night cannot be scored yet")
    assertNotContains(response, 'id="ledger"')
