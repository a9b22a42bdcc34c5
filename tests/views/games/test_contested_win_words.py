"""The game page and the table's phone link say why a pair won when the other pair reached
the target on the same hand: counted out by law 13 (``chicago42``), or the bidders peg
first (``club11``)."""

import pytest
from django.urls import reverse

from scoring.games import services as games_services
from scoring.links.tokens import link_path
from scoring.models import Game
from tests.factories import night_with_schedule
from tests.rules.test_game_decision import CARD_KEYS

pytestmark = pytest.mark.django_db


def played(variant: str, hands: list[dict]) -> Game:
    night = night_with_schedule(2, variant=variant)
    game = Game.objects.get(night=night)
    for hand in hands:
        games_services.hand_record(game=game, data=hand)
    return Game.objects.get(pk=game.pk)


def cards(**taken) -> dict:
    return {key: taken.get(key) for key in CARD_KEYS}


def club(**taken) -> dict:
    return {key: taken.get(key) for key in CARD_KEYS[:4]}


# Pair 1 at 38, pair 2 at 35; pair 2 bids 6 and takes 9, pair 1 the Right Pedro.
CHICAGO = [
    {"bidder": 1, "bid": 10, "points": [14, 0]},
    {"bidder": 1, "bid": 10, "points": [14, 0]},
    {"bidder": 2, "bid": 9, "points": [0, 14]},
    {"bidder": 2, "bid": 9, "points": [0, 14]},
    {"bidder": 1, "bid": 5, "points": [10, 4]},
    {"bidder": 2, "bid": 1, "points": [0, 3]},
    {"bidder": 2, "bid": 6} | cards(high=2, low=2, jack=2, game=2, right_pedro=1, left_pedro=2),
]
CLUB = [
    {"bidder": 1, "bid": 4} | club(high=1, low=1, jack=1, game=1),
    {"bidder": 2, "bid": 4} | club(high=2, low=2, jack=2, game=2),
    {"bidder": 1, "bid": 3} | club(high=1, low=1, jack=2, game=1),
    {"bidder": 2, "bid": 3} | club(high=2, low=2, jack=2, game=1),
    {"bidder": 2, "bid": 2} | club(high=2, low=2),
    {"bidder": 1, "bid": 2} | club(high=1, low=1, jack=2, game=1),
]


def state(client, game: Game, **headers) -> str:
    return client.get(reverse("scoring:game-detail", args=[game.pk]), **headers).context["state"]


def test_chicago_pair_one_wins_with_43_counted_out_on_the_right_pedro(client):
    game = played("chicago42", CHICAGO)

    assert (game.score_a, game.score_b, game.winner) == (43, 44, 1)
    assert state(client, game) == (
        "Won by pair 1 (43) while pair 2 had 44: counted out on the Right Pedro, law 13"
    )
    assert state(client, game, HTTP_ACCEPT_LANGUAGE="fr") == (
        "Gagnée par la paire 1 (43) alors que la paire 2 avait 44 : comptée sur le Pedro "
        "droit, loi 13"
    )


def test_the_table_link_says_it_on_the_phone(client):
    game = played("chicago42", CHICAGO)

    phone = client.get(link_path(game, game.pair_b))

    assert phone.context["state"] == (
        "Won by pair 1 (43) while pair 2 had 44: counted out on the Right Pedro, law 13"
    )


def test_club11_both_reach_11_and_the_bidders_peg_first(client):
    game = played("club11", CLUB)

    assert state(client, game) == "Won by pair 1 (11) while pair 2 had 11: the bidders peg first"
    assert state(client, game, HTTP_ACCEPT_LANGUAGE="fr") == (
        "Gagnée par la paire 1 (11) alors que la paire 2 avait 11 : les enchérisseurs "
        "marquent en premier"
    )


def test_a_game_only_one_pair_reached_says_won_by_as_before(client):
    game = played("chicago42", [*CHICAGO[:6], {"bidder": 1, "bid": 4, "points": [4, 0]}])

    assert state(client, game) == "Won by pair 1"
