"""A game typed from the pegboard, clearing that result, and a director re-opening a game."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.models import Game
from tests.views.access import ROLES, assert_refused, may_direct, may_score

pytestmark = pytest.mark.django_db

RESULT = {"winner": 2, "score": [6, 11], "cinches": [2, 1]}


@pytest.fixture
def finished(game) -> Game:
    return games_services.game_result_record(game=game, result=RESULT)


def url(name: str, game: Game) -> str:
    return reverse(f"scoring:{name}", args=[game.pk])


def result_form(winner="2", a="6", b="11", cinches_a="2", cinches_b="1", **more) -> dict:
    fields = dict(winner=winner, score_a=a, score_b=b, cinches_a=cinches_a, cinches_b=cinches_b)
    return {f"result-{name}": value for name, value in (fields | more).items()}


def totals(game: Game) -> tuple:
    game.refresh_from_db()
    return game.score_a, game.score_b, game.cinches_a, game.cinches_b, game.winner


@pytest.mark.parametrize("role", ROLES)
def test_pegboard_result(client_for, game, role):
    client = client_for(role)

    response = client.post(url("game-result", game), result_form())

    if may_score(role):
        assert response.status_code == 302
        assert totals(game) == (6, 11, 2, 1, 2)
        assert game.from_pegboard
        page = client.get(response["Location"])
        assertContains(page, "Result saved: won by pair 2")
        assertContains(page, "typed from the pegboard")
        assertNotContains(page, 'id="entry"')  # a pegboard game takes no hands
    else:
        assert_refused(response, role)
        assert totals(game) == (0, 0, 0, 0, None)


def test_pegboard_money_win(client_as, scorer, game):
    client_as(scorer).post(url("game-result", game), result_form(a="3", b="9", **{"money": "on"}))

    game.refresh_from_db()
    assert game.winner == 2 and game.money_bid


def test_pegboard_result_short_of_the_target_is_refused(client_as, scorer, game):
    response = client_as(scorer).post(url("game-result", game), result_form(b="9"))

    assert response.status_code == 200
    assert response.context["result_form"].errors["score_a"] == [
        "the winner has 9, short of the target 11 (only a Money bid ends a game sooner)"
    ]
    assert totals(game) == (0, 0, 0, 0, None)
    assert not game.from_pegboard


def test_110_typed_for_11_is_caught_at_its_field(client_as, scorer, game):
    response = client_as(scorer).post(url("game-result", game), result_form(b="110"))

    assert response.status_code == 200
    errors = response.context["result_form"].errors
    assert errors["score_b"] == [
        "pair 2 has 110, more than a Club Cinch to 11 game can reach: "
        "at most 14 (10, then 4 on the "
        "last hand)"
    ]
    assert "score_a" not in errors
    assert totals(game) == (0, 0, 0, 0, None)


def test_pegboard_score_must_be_a_number(client_as, scorer, game):
    response = client_as(scorer).post(url("game-result", game), result_form(a="six"))

    assert response.status_code == 200
    assert response.context["result_form"].errors["score_a"] == ["Enter a whole number."]
    assert totals(game) == (0, 0, 0, 0, None)


def test_pegboard_needs_a_winner(client_as, scorer, game):
    response = client_as(scorer).post(url("game-result", game), result_form(winner=""))

    assert response.context["result_form"].errors["winner"] == ["the winner is missing"]


def test_pegboard_form_only_while_no_hands_are_entered(client_as, scorer, game):
    client = client_as(scorer)
    assertContains(client.get(url("game-detail", game)), 'id="pegboard"')

    games_services.hand_record(game=game, data={"passed": True})

    assertNotContains(client.get(url("game-detail", game)), 'id="pegboard"')
    refused = client.post(url("game-result", game), result_form())
    assert refused.status_code == 200
    assertContains(refused, "already has hands entered")


def test_result_is_post_only(client_as, scorer, game):
    assert client_as(scorer).get(url("game-result", game)).status_code == 405


@pytest.mark.parametrize("role", ROLES)
def test_clear_pegboard_result(client_for, director, finished, role):
    games_services.game_reopen(game=finished, user=director)

    response = client_for(role).post(url("game-result-clear", finished))

    if may_score(role):
        assert response.status_code == 302
        assert totals(finished) == (0, 0, 0, 0, None)
        assert not finished.from_pegboard
    else:
        assert_refused(response, role)
        assert totals(finished) == (6, 11, 2, 1, 2)


def test_clear_needs_a_reopen_for_a_scorer(client_as, scorer, finished):
    client = client_as(scorer)
    assertNotContains(client.get(url("game-detail", finished)), "Clear the pegboard result")

    response = client.post(url("game-result-clear", finished), follow=True)

    assertContains(response, "ask a director to re-open it")
    assert totals(finished) == (6, 11, 2, 1, 2)


@pytest.mark.parametrize("role", ROLES)
def test_reopen(client_for, finished, role):
    response = client_for(role).post(url("game-reopen", finished))

    finished.refresh_from_db()
    if may_direct(role):
        assert response.status_code == 302
        assert finished.reopened
    else:
        assert_refused(response, role)
        assert not finished.reopened


@pytest.mark.parametrize("role", ROLES)
def test_reopen_button_only_for_directors(client_for, finished, role):
    page = client_for(role).get(url("game-detail", finished))

    if may_direct(role):
        assertContains(page, "Re-open the game")
    else:
        assertNotContains(page, "Re-open the game")


def test_reopen_an_unfinished_game_says_why_not(client_as, director, game):
    response = client_as(director).post(url("game-reopen", game), follow=True)

    assertContains(response, "is not finished: it is open already")
    game.refresh_from_db()
    assert not game.reopened


def test_reopened_game_offers_the_scorer_the_clear_button(client_as, scorer, director, finished):
    client_as(director).post(url("game-reopen", finished))

    page = client_as(scorer).get(url("game-detail", finished))

    assertContains(page, "re-opened for corrections")
    assertContains(page, "Clear the pegboard result")
