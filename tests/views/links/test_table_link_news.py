"""A table link's "anything new?" URL (``t/<token>/news/``): what the phone page's script
asks every few seconds to know the other pair (or the director) changed the game."""

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import confirmation
from scoring.games import services as games_services
from scoring.links.refusals import NEWS_SECONDS
from scoring.links.tokens import link_path, link_token
from scoring.models import Game
from tests.factories import night_with_schedule
from tests.phones import Phone

pytestmark = pytest.mark.django_db

CARDS = ("high", "low", "jack", "game")


def build_night():
    return night_with_schedule(2, confirm_results=True)


def news_path(game: Game, pair: int) -> str:
    return reverse("scoring:table-link-news", args=[link_token(game, pair)])


def news(client, game: Game, pair: int) -> dict:
    response = client.get(news_path(game, pair))
    assert response.status_code == 200
    return response.json()


def sweep(pair: int) -> dict:
    """A bid of 4 that takes every card, as the hand form posts it."""
    return {"bidder": str(pair), "bid": "4"} | dict.fromkeys(CARDS, str(pair))


def post(client, game: Game, pair: int, action: str = "", data=None):
    return client.post(link_path(game, pair) + (f"{action}/" if action else ""), data or {})


def test_the_news_moves_with_every_change_the_other_pair_sees(client, director, game):
    a, b = game.pairs
    seen = [news(client, game, b)]

    def step(state: str) -> None:
        answer = news(client, game, b)
        assert answer["state"] == state
        assert answer not in seen, f"the news did not move: {answer}"
        seen.append(answer)

    assert seen[0]["state"] == "playing"
    assert news(client, game, b) == seen[0]  # asking changes nothing
    assert post(client, game, a, data=sweep(a) | {"position": "1"}).status_code == 302
    step("playing")
    hand = game.hands.get()
    games_services.hand_correct(
        hand=hand, data={"bidder": a, "bid": 2, "points": [2, 1]}, version=1
    )
    step("playing")
    for position in (2, 3, 4):  # 2+4+4+4 = 14: won on the fourth hand
        post(client, game, a, data=sweep(a) | {"position": str(position)})
    step("awaiting")
    other_phone = Phone()  # the phone that entered the result may not dispute it
    post(other_phone, game, b, "dispute", {"reason": "we took the jack"})
    step("disputed")
    post(other_phone, game, b, "dispute", {"reason": "and the low"})
    step("disputed")
    confirmation.game_result_confirm(game=game, user=director)  # the director settles it
    step("confirmed")
    assert news(client, game, a) == seen[-1]  # both pairs' links answer the same


def test_a_pegboard_result_and_its_confirmation_are_news(client, game):
    a, b = game.pairs
    before = news(client, game, a)
    result = {"result-score_a": "11", "result-score_b": "6", "result-cinches_a": "1"}
    post(client, game, a, "result", result | {"result-cinches_b": "0", "result-winner": str(a)})
    entered = news(client, game, a)
    post(Phone(), game, b, "confirm")  # pair b's own phone
    confirmed = news(client, game, a)

    assert [before["state"], entered["state"], confirmed["state"]] == [
        "playing",
        "awaiting",
        "confirmed",
    ]
    assert len({before["mark"], entered["mark"], confirmed["mark"]}) == 3


def test_the_page_carries_the_news_it_was_drawn_from(client, game):
    """The script compares the page's mark with the answers: they must agree at first."""
    page = client.get(link_path(game, game.pair_a))
    answer = news(client, game, game.pair_a)

    assertContains(page, f'data-mark="{answer["mark"]}"')
    assertContains(page, f'data-url="{news_path(game, game.pair_a)}"')
    assertContains(page, f'data-seconds="{NEWS_SECONDS}"')
    assertContains(page, "scoring/link_news.js")


def test_a_confirmed_game_asks_for_no_news(client, director, game):
    a, b = game.pairs
    for position in (1, 2, 3):  # 4, 8, 12: won on the third hand
        post(client, game, a, data=sweep(a) | {"position": str(position)})
    assertContains(client.get(link_path(game, b)), "link_news.js")

    post(Phone(), game, b, "confirm")  # pair b's own phone

    page = client.get(link_path(game, b))
    assertContains(page, "confirmed by")
    assertNotContains(page, "link_news.js")
    assertNotContains(page, 'id="news"')


@pytest.mark.parametrize("token", ["nonsense", "1.1.1:forged", "1.1.1"])
def test_a_tampered_link_gets_no_news(client, game, token):
    response = client.get(reverse("scoring:table-link-news", args=[token]))

    assert response.status_code == 403
    assert response.json() == {"refused": "This link is not valid."}


def test_a_revoked_link_gets_no_news(client, client_as, director, game):
    old = news_path(game, game.pair_a)
    client_as(director).post(reverse("scoring:game-links-revoke", args=[game.pk]))

    response = client.get(old)

    assert response.status_code == 403
    assert "revoked" in response.json()["refused"]
    game.refresh_from_db()
    assert news(client, game, game.pair_a)["state"] == "playing"


def test_a_final_night_gets_no_news(client, game, night):
    path = news_path(game, game.pair_a)
    night.is_final = True
    night.save()

    assert client.get(path).status_code == 403


def test_news_sets_no_cookie_and_is_not_cached(client, game):
    response = client.get(news_path(game, game.pair_a))

    assert response.cookies == {}
    assert not Session.objects.exists()
    assert "no-store" in response["Cache-Control"]
    assert response["Content-Type"] == "application/json"


def test_news_polls_have_their_own_allowance(client, game, monkeypatch):
    """A phone left open all evening polls far more than it loads pages: its polls never
    use up the allowance it needs to save a hand, and they have a limit of their own."""
    monkeypatch.setattr("scoring.links.views.LINK_LIMIT", 2)
    monkeypatch.setattr("scoring.links.views.NEWS_LIMIT", 5)
    path = link_path(game, game.pair_a)
    for _ in range(5):
        news(client, game, game.pair_a)

    answer = client.get(news_path(game, game.pair_a))
    assert answer.status_code == 429
    assert "Too many requests" in answer.json()["refused"]
    assert client.get(path).status_code == 200
    assert (
        post(client, game, game.pair_a, data=sweep(game.pair_a) | {"position": "1"}).status_code
        == 302
    )
    assert client.get(path).status_code == 429  # the pages' own limit still holds
