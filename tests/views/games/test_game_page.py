"""The game page: anyone reads it; scorers enter hands there, card by card or as totals.

A hand the rules core refuses comes back with the core's words beside the field, status
200, and nothing saved.
"""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.models import Game, Hand
from tests.factories import night_with_schedule
from tests.views.access import ROLES, assert_refused, may_score

pytestmark = pytest.mark.django_db


@pytest.fixture
def cinch51_game() -> Game:
    night = night_with_schedule(2, variant="cinch51")
    return Game.objects.get(night=night, round=1)


def url(game: Game) -> str:
    return reverse("scoring:game-detail", args=[game.pk])


def cards(bidder=1, bid="2", high=1, low=1, jack="", game="", **more) -> dict:
    """A club11 hand as the form posts it (``""``: not out)."""
    return dict(bidder=bidder, bid=bid, high=high, low=low, jack=jack, game=game, **more)


def totals(game: Game) -> tuple:
    game.refresh_from_db()
    return game.score_a, game.score_b, game.cinches_a, game.cinches_b, game.winner


@pytest.mark.parametrize("role", ROLES)
def test_game_page_is_public(client_for, game, role):
    response = client_for(role).get(url(game))

    assert response.status_code == 200
    assertContains(response, "Round 1, table 1")
    assertContains(response, "not started")
    assertContains(response, "Player ")  # the pairs' names


@pytest.mark.parametrize("role", ROLES)
def test_entry_form_only_for_scorers(client_for, game, role):
    response = client_for(role).get(url(game))

    if may_score(role):
        assertContains(response, 'id="entry"')
        assertContains(response, 'id="id_bidder_0" autofocus')
        assertContains(response, "Typed from the pegboard")
    else:
        assertNotContains(response, 'id="entry"')
        assertNotContains(response, "Typed from the pegboard")


@pytest.mark.parametrize("role", ROLES)
def test_record_hand(client_for, game, role):
    client = client_for(role)

    response = client.post(url(game), cards(bid="2", high=1, low=1, jack=2))

    if may_score(role):
        assert response.status_code == 302
        assert Hand.objects.filter(game=game).count() == 1
        assert totals(game) == (2, 1, 0, 0, None)
        page = client.get(response["Location"])
        assertContains(page, "Hand 1 saved")
        assertContains(page, "Pair 1 2 – Pair 2 1")
        assertContains(page, "Pair 1 bids 2: made")
        assertContains(page, "<h2>Hand 2</h2>", html=True)
    else:
        assert_refused(response, role)
        assert not Hand.objects.exists()
        assert totals(game) == (0, 0, 0, 0, None)


def test_invalid_bid_shows_the_rules_core_message_beside_the_bid(client_as, scorer, game):
    response = client_as(scorer).post(url(game), cards(bid="9"))

    assert response.status_code == 200
    assert response.context["hand_form"].errors["bid"] == [
        "bid 9 is out of range: Club Cinch to 11 bids are 2 to 4, or money"
    ]
    assertContains(response, 'id="id_bid_error"')
    assert not Hand.objects.exists()
    assert totals(game) == (0, 0, 0, 0, None)


def test_every_problem_goes_beside_its_field(client_as, scorer, game):
    response = client_as(scorer).post(url(game), {"bid": "money", "high": "7"})

    errors = response.context["hand_form"].errors
    assert errors["bidder"] == ["the bidder is missing"]
    assert errors["high"] == ["pair 7 is not in this game (pairs 1 and 2)"]
    assert errors["low"] == ["Low is always awarded: credit it to one of the pairs"]
    assert not Hand.objects.exists()


def test_the_301st_hand_is_refused_on_the_page(client_as, scorer, game):
    Hand.objects.bulk_create(
        Hand(game=game, position=position, passed=True) for position in range(1, 301)
    )

    response = client_as(scorer).post(url(game), {"passed": "on"})

    assert response.status_code == 200
    assert response.context["hand_form"].non_field_errors() == [
        "hands: a game holds at most 300 hands, passed deals included: this one would have 301"
    ]
    assert Hand.objects.count() == 300


def test_nothing_given_asks_for_cards_or_points(client_as, scorer, game):
    response = client_as(scorer).post(url(game), {"bidder": "1", "bid": "2"})

    assert response.status_code == 200
    assertContains(response, "give who took each scoring card (High, Low, Jack, Game)")
    assert not Hand.objects.exists()


def test_totals_per_pair(client_as, scorer, game):
    response = client_as(scorer).post(
        url(game), {"bidder": "2", "bid": "3", "points_a": "1", "points_b": "3"}
    )

    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.points == [1, 3] and hand.cards is None
    assert totals(game) == (1, 3, 0, 0, None)
    assertContains(client_as(scorer).get(url(game)), "<td>points 1 v 3</td>", html=True)


def test_points_that_are_not_numbers_are_a_form_error(client_as, scorer, game):
    response = client_as(scorer).post(url(game), {"bidder": "1", "bid": "2", "points_a": "x"})

    assert response.status_code == 200
    assert response.context["hand_form"].errors["points_a"] == ["Enter a whole number."]
    assert not Hand.objects.exists()


def test_impossible_totals_get_the_rules_core_answer_beside_the_points(client_as, scorer, game):
    response = client_as(scorer).post(
        url(game), {"bidder": "1", "bid": "2", "points_a": "5", "points_b": "0"}
    )

    assert response.status_code == 200
    [message] = response.context["hand_form"].errors["points_a"]
    assert message.startswith("5 v 0 cannot happen in Club Cinch to 11")
    assert not Hand.objects.exists()


def test_cards_and_points_together_are_refused_by_the_rules_core(client_as, scorer, game):
    response = client_as(scorer).post(url(game), cards(points_a="2", points_b="0"))

    assert response.context["hand_form"].errors["points_a"] == [
        "give either the scoring cards or the points, not both"
    ]
    assert not Hand.objects.exists()


def test_failed_bid_shows_the_cinch(client_as, scorer, game):
    client = client_as(scorer)
    client.post(url(game), cards(bid="4", high=1, low=2, jack=2))

    page = client.get(url(game))

    assert totals(game) == (-4, 2, 1, 0, None)
    assertContains(page, "Pair 1 bids 4: set")
    assertContains(page, "<td>1 – 0</td>", html=True)


def test_passed_deal(client_as, scorer, game):
    response = client_as(scorer).post(url(game), {"passed": "on"})

    assert response.status_code == 302
    assert Hand.objects.get().passed
    page = client_as(scorer).get(url(game))
    assertContains(page, "Passed deal")
    assertContains(page, "Pair 1 0 – Pair 2 0")  # a hand was entered: the game has begun


def test_money_bid_wins_and_the_game_takes_no_more_hands(client_as, scorer, director, game):
    client = client_as(scorer)

    client.post(url(game), cards(bidder=2, bid="money", high=2, low=2, jack=2, game=2))

    assert totals(game) == (0, 0, 0, 0, 2)
    page = client.get(url(game))
    assertContains(page, "Won by pair 2 (Money)")
    assertNotContains(page, 'id="entry"')
    # The bid as the hand form names it, in the page's language.
    assertContains(page, "Pair 2 bids Money: made")
    client.cookies["django_language"] = "fr"
    assertContains(client.get(url(game)), "Enchère Argent de la paire 2 : réussie")
    # A director may still change a finished game, but the rules core takes no more hands.
    refused = client_as(director).post(url(game), cards())
    assert refused.status_code == 200
    assertContains(refused, "the game was already won by pair 2: no hand may follow")
    assert Hand.objects.count() == 1


def test_won_game_refuses_another_hand(client_as, scorer, game):
    client = client_as(scorer)
    for _ in range(3):
        client.post(url(game), cards(bid="4", high=1, low=1, jack=1, game=1))

    assert totals(game) == (12, 0, 0, 0, 1)
    assertContains(client.get(url(game)), "Won by pair 1")

    response = client.post(url(game), cards())

    assert response.status_code == 200
    assertContains(response, "is finished: ask a director to re-open it")
    assert Hand.objects.count() == 3


def test_revoke_is_offered_only_where_the_variant_scores_it(client_as, scorer, game, cinch51_game):
    client = client_as(scorer)

    assert "revoke" not in client.get(url(game)).context["hand_form"].fields
    assert "revoke" in client.get(url(cinch51_game)).context["hand_form"].fields
    assert "passed" in client.get(url(game)).context["hand_form"].fields


def test_chicago42_has_no_passed_deal_to_offer(client_as, scorer):
    game = Game.objects.get(night=night_with_schedule(2, variant="chicago42"), round=1)

    response = client_as(scorer).get(url(game))

    fields = response.context["hand_form"].fields
    assert "passed" not in fields and "revoke" in fields
    assert [choice for choice, _ in fields["bid"].choices][1:3] == [1, 2]


def test_cinch51_hand_with_a_revoke(client_as, scorer, cinch51_game):
    data = {
        "bidder": "1",
        "bid": "6",
        "high": "1",
        "low": "1",
        "jack": "1",
        "game": "2",
        "right_pedro": "2",
        "left_pedro": "1",
        "revoke": "2",
    }

    response = client_as(scorer).post(url(cinch51_game), data)

    assert response.status_code == 302
    assert Hand.objects.get().revoke == 2
    assert totals(cinch51_game) == (2, 0, 0, 0, None)


def test_running_score_after_every_hand(client_as, scorer, game):
    client = client_as(scorer)
    client.post(url(game), cards(bid="2", high=1, low=1))
    client.post(url(game), cards(bidder=2, bid="3", high=2, low=2, jack=2))

    page = client.get(url(game))

    rows = [row.record for row in page.context["hand_table"].rows]
    assert [row.step.scores for row in rows] == [(2, 0), (2, 3)]
    assertContains(page, "2 <small>(+2)</small>", html=True)
    assertContains(page, "3 <small>(+3)</small>", html=True)


def test_audit_trail_names_who_changed_what(client_as, scorer, game):
    client = client_as(scorer)
    client.post(url(game), cards(bid="2", high=1, low=1))

    page = client.get(url(game))

    assertContains(page, "Audit trail")
    assertContains(page, "<strong>scorer</strong>: Hand 1 added", html=False)
    assertContains(page, "score (pair 1)")


def test_finished_game_is_closed_to_a_scorer_until_reopened(client_as, scorer, game):
    games_services.game_result_record(
        game=game, result={"winner": 1, "score": [11, 4], "cinches": [0, 1]}
    )

    response = client_as(scorer).post(url(game), cards())

    assert response.status_code == 200
    assertContains(response, "is finished: ask a director to re-open it")
    assert not Hand.objects.exists()


def test_hands_that_no_longer_fold_are_still_shown(client, game):
    # Stored hands always folded when saved; a rules change could break that.
    Hand.objects.create(game=game, position=1, bidder=1, bid=9, cards={"high": 1, "low": 1})
    Game.objects.filter(pk=game.pk).update(score_a=2)

    response = client.get(url(game))

    assert response.status_code == 200
    assertContains(response, "What to mend, and who mends it")
    assertContains(response, "a director re-opens the game on its page, then the hand is corrected")
    assertContains(response, "Pair 1 bids 9</td>")


def test_unknown_game_is_404(client):
    assert client.get(reverse("scoring:game-detail", args=[999])).status_code == 404


def test_put_is_not_allowed(client_as, scorer, game):
    assert client_as(scorer).put(url(game)).status_code == 405
