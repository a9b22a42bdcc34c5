"""Closing a night from its standings page: refused with the reasons while a game, a
play-off or a tie is open; a final night shows "Final" and refuses changes until a
director re-opens it; the standings page keeps the record of both."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.models import Game, Hand
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

HAND = {"bidder": "1", "bid": "2", "high": "1", "low": "1", "jack": "", "game": ""}


def url(night, name: str) -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def build_night():
    night = night_with_schedule(4, name="Tuesday club")
    play_out(night)
    return night


def close(client, night):
    return client.post(url(night, "night-close"), follow=True)


def test_director_closes_the_night(client_as, director, night):
    response = close(client_as(director), night)

    assert response.redirect_chain == [(url(night, "night-standings"), 302)]
    assertContains(response, "Tuesday club is final: nothing changes now")
    assertContains(response, '<span class="tag final">Final</span>', html=True)
    assertContains(response, url(night, "night-reopen"))
    assertNotContains(response, url(night, "night-close"))
    assertContains(response, "<strong>director</strong>: marked the night final", html=False)
    night.refresh_from_db()
    assert night.is_final


def test_the_night_page_shows_final(client, client_as, director, night):
    assertNotContains(client.get(url(night, "night-detail")), "tag final")
    close(client_as(director), night)

    response = client.get(url(night, "night-detail"))

    assertContains(
        response, '<h1>Tuesday club <span class="tag final">Final</span></h1>', html=True
    )
    assertContains(response, url(night, "night-standings"))
    assertContains(response, url(night, "night-pot"))


def test_closing_is_refused_while_games_are_unfinished(client_as, director):
    night = night_with_schedule(4)
    play_out(night, leave=[(2, 3)])
    game = Game.objects.get(night=night, winner=None)

    response = close(client_as(director), night)

    assertContains(response, "cannot be final yet: 1 game is not finished")
    assertContains(response, f"Not finished: {game}.")
    night.refresh_from_db()
    assert not night.is_final


def test_closing_is_refused_while_a_tie_decides_a_prize(client_as, director):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])

    response = close(client_as(director), night)

    assertContains(response, "pairs 1 and 2 are tied for places 1 and 2")
    night.refresh_from_db()
    assert not night.is_final


def test_a_final_night_refuses_a_hand(client_as, director, scorer):
    night = night_with_schedule(2)
    close(client_as(director), night)  # refused: the game is not played
    play_out(night)
    close(client_as(director), night)
    game = Game.objects.get(night=night)
    client = client_as(director)  # a director could change a finished game, but not now

    page = client.get(reverse("scoring:game-detail", args=[game.pk]))
    assertContains(page, "the night is final: a director must re-open it for changes")
    assertNotContains(page, reverse("scoring:game-reopen", args=[game.pk]))
    assertNotContains(page, 'id="pegboard"')
    response = client.post(reverse("scoring:game-detail", args=[game.pk]), HAND)

    assertContains(response, "is final: a director must re-open the night before anything")
    assert not Hand.objects.exists()


def test_a_final_night_refuses_a_new_draw(client_as, director, night):
    client = client_as(director)
    close(client, night)

    response = client.post(url(night, "night-draw"), follow=True)

    assertContains(response, "is final: a director must re-open the night")


def test_director_reopens_the_night(client_as, director, night):
    client = client_as(director)
    close(client, night)

    response = client.post(url(night, "night-reopen"), follow=True)

    assertContains(response, "Tuesday club is re-opened")
    assertContains(response, url(night, "night-close"))
    assertContains(response, "<strong>director</strong>: re-opened the night")
    night.refresh_from_db()
    assert not night.is_final
    again = client.post(url(night, "night-reopen"), follow=True)
    assertContains(again, "is not final: it is open already")
