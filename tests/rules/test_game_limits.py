"""What a game can hold and reach: at most 300 hands; a pegboard result within reach.

A slip of the pen on a score sheet (110 for 11) or a file of thousands of passed deals is
refused at its place, not scored.
"""

import copy

import pytest

from scoring.rules import InvalidInput, get_variant, play_game, score_night
from scoring.rules.simulate import random_night

PASSED = {"passed": True}


def problems(call) -> list[str]:
    with pytest.raises(InvalidInput) as refused:
        call()
    return [str(problem) for problem in refused.value.problems]


def test_a_game_holds_300_hands_passed_deals_included():
    club11 = get_variant("club11")

    assert len(play_game(club11, (1, 2), [PASSED] * 300).steps) == 300
    assert problems(lambda: play_game(club11, (1, 2), [PASSED] * 301)) == [
        "hands: a game holds at most 300 hands, passed deals included: this one would have 301"
    ]


def test_a_night_file_with_a_game_of_3000_passed_deals_is_refused_at_the_game():
    night = random_night(2, seed=1, results_share=0.0)
    night["games"][0]["hands"] = [copy.copy(PASSED) for _ in range(3000)]

    assert problems(lambda: score_night(night)) == [
        "games[0].hands: a game holds at most 300 hands, passed deals included: "
        "this one would have 3000"
    ]
