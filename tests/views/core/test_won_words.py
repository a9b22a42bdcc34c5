"""``words.why_won`` says every way the rules core decides a game, never another's words:
a Money bid and the most points among several sides are not "the first to reach"."""

from django.utils import translation

from scoring.rules.game import play_game
from scoring.rules.variants import get_variant
from scoring.words.why_won import won_words
from tests.rules.test_game_decision import club11, three_sided_club11

NAMES = {1: "pair 1", 2: "pair 2", 3: "pair 3"}


def test_a_money_bid_is_said_as_the_game_decided_at_once():
    state = play_game(
        get_variant("club11"), (1, 2), [club11(2, "money", high=2, low=2, jack=2, game=2)]
    )

    assert won_words(state, NAMES) == "Won by pair 2: a Money bid decides the game at once"
    with translation.override("fr"):
        assert won_words(state, NAMES) == (
            "Gagnée par pair 2 : une enchère Argent décide de la partie d’un coup"
        )


def test_the_most_points_among_sides_that_reached_the_target():
    three_sides = three_sided_club11()
    hands = [club11(1, 2, high=2, low=2, jack=3, game=3)] * 5 + [
        club11(1, 2, high=2, low=2, jack=3, game=2)
    ]

    state = play_game(three_sides, (1, 2, 3), hands)

    assert won_words(state, NAMES) == "Won by pair 2 (13) while pair 3 had 11: the most points win"
