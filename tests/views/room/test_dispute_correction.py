"""Settling a dispute by correcting it: the round board offers "correct this result", the
game page shows the result as entered in its form, and clearing a result asks first."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.links.tokens import link_path
from scoring.models import Game
from tests.factories import night_with_schedule
from tests.phones import Phone

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed(scorer):
    """A pegboard result typed by a scorer (11 – 6, Cinches 1 – 0) that pair b disputes."""
    night = night_with_schedule(2, confirm_results=True)
    game = Game.objects.get(night=night, round=1, table=1)
    result = {"winner": game.pair_a, "score": [11, 6], "cinches": [1, 0]}
    games_services.game_result_record(game=game, result=result, user=scorer)
    Phone().post(link_path(game, game.pair_b) + "dispute/", {"reason": "we had 8, not 6"})
    game.refresh_from_db()
    assert game.dispute
    return game


def test_the_round_board_offers_to_correct_a_disputed_result(client_as, director, disputed):
    board = client_as(director).get(reverse("scoring:night-round", args=[disputed.night_id]))

    assertContains(board, "settle: confirm as entered")
    game_url = reverse("scoring:game-detail", args=[disputed.pk])
    assertContains(board, f'<a href="{game_url}#pegboard">correct this result</a>', html=True)


def test_the_game_page_shows_the_entered_result_to_correct(client_as, director, disputed):
    page = client_as(director).get(reverse("scoring:game-detail", args=[disputed.pk]))

    assertContains(page, "Correct this result")
    form = page.context["result_form"]
    assert form["score_a"].value() == 11 and form["score_b"].value() == 6
    assert form["cinches_a"].value() == 1 and form["cinches_b"].value() == 0
    assert form["winner"].value() == disputed.pair_a
    assert form["version"].value() == disputed.version
    assertContains(page, f'value="{disputed.pair_a}" id="id_result-winner_0" checked')


def test_the_corrected_result_is_saved_and_awaits_confirmation_again(client_as, director, disputed):
    client = client_as(director)
    data = {
        "result-version": disputed.version,
        "result-winner": disputed.pair_a,
        "result-score_a": 11,
        "result-score_b": 8,
        "result-cinches_a": 1,
        "result-cinches_b": 0,
    }
    response = client.post(reverse("scoring:game-result", args=[disputed.pk]), data, follow=True)

    assertContains(response, "Result saved")
    disputed.refresh_from_db()
    assert (disputed.score_a, disputed.score_b) == (11, 8)
    assert not disputed.dispute and not disputed.confirmed


def test_clearing_a_pegboard_result_asks_first(client_as, scorer, disputed):
    client = client_as(scorer)
    clear = reverse("scoring:game-result-clear", args=[disputed.pk])
    page = client.get(reverse("scoring:game-detail", args=[disputed.pk]))
    assertContains(page, f'href="{clear}"')
    assertNotContains(page, f'action="{clear}"')

    question = client.get(clear)

    assertContains(question, "Clear the result of")
    assertContains(question, "won by pair 1, 11 – 6, Cinches 1 – 0")
    disputed.refresh_from_db()
    assert disputed.winner == disputed.pair_a

    client.post(clear)
    disputed.refresh_from_db()
    assert disputed.winner is None


def test_a_game_won_and_awaiting_confirmation_offers_no_hand_form(client, client_as, scorer):
    night = night_with_schedule(2, confirm_results=True)
    game = Game.objects.get(night=night, round=1, table=1)
    pair = game.pair_a
    for _ in range(3):  # 4 – 0 each: 12, the game to 11 won
        hand = {"bidder": pair, "bid": 4, "high": pair, "low": pair, "jack": pair, "game": pair}
        games_services.hand_record(game=game, data=hand, user=scorer)
    game.refresh_from_db()
    assert game.winner == pair and not game.confirmed

    page = client_as(scorer).get(reverse("scoring:game-detail", args=[game.pk]))
    phone = client.get(link_path(game, game.pair_b))

    assertNotContains(page, 'class="hand-form"')
    assertNotContains(page, "Save a passed deal")
    assertNotContains(phone, 'class="hand-form"')
    assertContains(phone, "Confirm the result")
