"""Who did what, in the page's words: a change through a table link names its link on
the round board, and French pages say the link's label in French."""

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.links.tokens import link_path
from scoring.models import Game
from tests.factories import night_with_schedule
from tests.phones import Phone

pytestmark = pytest.mark.django_db

HAND = {"bidder": "1", "bid": "2", "points_a": "2", "points_b": "2", "position": "1"}
RESULT = {"result-winner": "1", "result-score_a": "11", "result-score_b": "6"}
RESULT |= {"result-cinches_a": "0", "result-cinches_b": "0"}


@pytest.fixture
def game():
    night = night_with_schedule(2, confirm_results=True)
    return Game.objects.get(night=night, round=1, table=1)


def french(client: Client) -> Client:
    client.cookies["django_language"] = "fr"
    return client


def test_the_round_board_names_the_link_of_the_last_change(client_as, director, game):
    Phone().post(link_path(game, game.pair_b), HAND)

    board = client_as(director).get(reverse("scoring:night-round", args=[game.night_id]))

    line = board.context["board"].current.games[0]
    assert line.changed_by == f"pair {game.pair_b} (table link)"
    assertContains(board, f"</time> pair {game.pair_b} (table link)")


def test_french_pages_say_the_link_in_french(client_as, director, game):
    Phone().post(link_path(game, game.pair_a) + "result/", RESULT)
    Phone().post(link_path(game, game.pair_b) + "dispute/", {"reason": "on avait 8"})

    phone = french(Phone()).get(link_path(game, game.pair_a))
    game_page = french(client_as(director)).get(reverse("scoring:game-detail", args=[game.pk]))
    board = french(client_as(director)).get(reverse("scoring:night-round", args=[game.night_id]))

    for page in (phone, game_page, board):
        assertContains(page, f"paire {game.pair_b} (lien de table)")
        assertNotContains(page, "(table link)")
    assertContains(game_page, f"paire {game.pair_a} (lien de table)")  # the history's who


def test_a_refused_hand_says_which_hand(client, client_as, scorer, game):
    data = {"bid": "2", "position": "1"}  # no bidder, no cards

    phone = Phone().post(link_path(game, game.pair_a), data)
    page = client_as(scorer).post(reverse("scoring:game-detail", args=[game.pk]), data)

    for response in (phone, page):
        assertContains(response, "Hand 1 is not saved: the marked fields below say why.")
        assertContains(response, 'role="alert"')
