"""What a table's phone page's script reads back from a post it sent itself
(``links.answers``): a resend of what the site holds already is a success, another hand
at that number is said apart, and the round board shows when the phone was last heard."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.games.tables import card_labels, hand_words
from scoring.links.tokens import TableLink, link_path
from scoring.models import Game
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
HAND = {"bidder": "1", "bid": "2", "points_a": "2", "points_b": "2", "position": "1"}


def build_night():
    return night_with_schedule(2, confirm_results=True)


def send(client, game: Game, pair: int, action: str = "", data=None):
    path = link_path(game, pair) + (f"{action}/" if action else "")
    response = client.post(path, data or {}, **JSON)
    assert response["Content-Type"] == "application/json"
    return response.json()


def test_a_hand_sent_by_the_script_is_saved_and_said_so(client, game):
    answer = send(client, game, game.pair_a, data=HAND)

    assert answer == {
        "outcome": "saved",
        "messages": ["Hand 1 saved"],
        "page": link_path(game, game.pair_a) + "#entry",
    }
    assert game.hands.count() == 1
    # The message still waits for the page the script opens next.
    assertContains(client.get(link_path(game, game.pair_a)), "Hand 1 saved")


def test_a_hand_sent_again_is_done_already(client, game):
    send(client, game, game.pair_a, data=HAND)

    answer = send(client, game, game.pair_a, data=HAND)

    assert answer["outcome"] == "done"
    assert answer["messages"] == ["Hand 1 was already saved."]
    assert game.hands.count() == 1


def test_a_different_hand_at_that_number_is_said_apart_and_nothing_written(client, game):
    other = TableLink(game, game.pair_b)
    games_services.hand_record(
        game=game, data={"bidder": 2, "bid": 3, "points": [0, 3]}, number=1, link=other
    )

    answer = send(client, game, game.pair_a, data=HAND)

    assert answer["outcome"] == "different"
    assert "A different hand 1 was already saved" in answer["messages"][0]
    assert [(h.bidder, h.bid) for h in game.hands.all()] == [(2, 3)]
    game.refresh_from_db()
    assert game.disputed_hand == 1


def totals_pattern_on(page) -> str:
    """The words the phone's script fills in for a hand it keeps given as totals."""
    form = re.search(r'<form [^>]*data-keep-offline="hand"[^>]*>', page.content.decode())
    return html.unescape(re.search(r'data-totals="([^"]*)"', form[0])[1])


@pytest.mark.parametrize(
    ("language", "pattern"),
    [
        ("en", "Pair {bidder} bids {bid}; points {a} v {b}"),
        ("fr", "Enchère {bid} de la paire {bidder}\u00a0; points {a} à {b}"),
    ],
)
def test_a_hand_kept_as_totals_is_said_as_the_site_says_it_once_saved(
    client, game, language, pattern
):
    client.cookies["django_language"] = language

    shown = totals_pattern_on(client.get(link_path(game, game.pair_a)))
    send(client, game, game.pair_a, data=HAND)

    assert shown == pattern
    assert "not out" not in shown
    with translation.override(language):
        saved = hand_words(game.hands.get(), card_labels(game.night.rules_variant))
    assert shown.format(bidder=1, bid=2, a=2, b=2) == saved


def test_a_disputed_hand_is_on_the_round_board_until_the_pair_settles_it(
    client, client_as, director, game
):
    other = TableLink(game, game.pair_b)
    games_services.hand_record(
        game=game, data={"bidder": 2, "bid": 3, "points": [0, 3]}, number=1, link=other
    )
    send(client, game, game.pair_a, data=HAND)
    board = reverse("scoring:night-round", args=[game.night_id])
    assertContains(client_as(director).get(board), "disputed: a phone kept another hand 1")

    assert send(client, game, game.pair_a, "settled")["outcome"] == "saved"

    game.refresh_from_db()
    assert game.disputed_hand is None
    assertNotContains(client_as(director).get(board), "a phone kept another hand")
    assert game.hands.count() == 1


def test_a_hand_the_rules_refuse_is_invalid_with_the_reasons(client, game):
    answer = send(client, game, game.pair_a, data={"bid": "2", "position": "1"})

    assert answer["outcome"] == "invalid"
    assert answer["messages"] and game.hands.count() == 0


def test_a_confirmation_sent_again_counts_once(client, game):
    games_services.game_result_record(
        game=game,
        result={"winner": game.pair_a, "score": [11, 6], "cinches": [0, 0]},
        link=TableLink(game, game.pair_a),
    )

    first = send(client, game, game.pair_b, "confirm")
    again = send(client, game, game.pair_b, "confirm")

    assert (first["outcome"], again["outcome"]) == ("saved", "done")
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == f"pair {game.pair_b} (table link)"
    assert game.history.filter(confirmed_by=game.confirmed_by).count() == 1


def test_a_refused_post_and_a_refused_link_are_refused(client, game):
    games_services.game_result_record(
        game=game,
        result={"winner": game.pair_a, "score": [11, 6], "cinches": [0, 0]},
        link=TableLink(game, game.pair_a),
    )
    assert send(client, game, game.pair_a, "confirm")["outcome"] == "refused"

    response = client.post(link_path(game, game.pair_a)[:-3] + "xx/", HAND, **JSON)
    assert response.status_code == 403
    assert response.json()["outcome"] == "refused"


def test_without_the_script_a_post_still_goes_to_the_page(client, game):
    response = client.post(link_path(game, game.pair_a), HAND)

    assert response.status_code == 302


def test_the_round_board_shows_when_the_phone_was_last_heard(client, client_as, director, game):
    board = reverse("scoring:night-round", args=[game.night_id])
    assert "phone heard" not in client_as(director).get(board).content.decode()

    send(client, game, game.pair_a, data={"bid": "2", "position": "1"})  # refused, but heard

    game.refresh_from_db()
    assert game.link_heard_at is not None
    assertContains(client_as(director).get(board), "phone heard")
