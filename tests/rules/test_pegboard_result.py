"""A finished game typed from the pegboard (``rules.game.check_result``): what is refused,
and that the message names the field."""

import pytest

from scoring.rules.errors import InvalidInput
from scoring.rules.game import check_result
from scoring.rules.variants import get_variant

CLUB = get_variant("club11")


def refused(result) -> list[str]:
    with pytest.raises(InvalidInput) as invalid:
        check_result(CLUB, (1, 2), result)
    return [str(problem) for problem in invalid.value.problems]


def test_a_plain_result_is_accepted():
    state = check_result(CLUB, (1, 2), {"winner": 1, "score": [11, 5], "cinches": [0, 0]})

    assert (state.scores, state.winners) == ((11, 5), (1,))


def test_a_result_that_is_not_an_object_is_refused():
    assert refused([11, 5]) == ["a result must be an object: winner, score, cinches"]


def test_money_must_be_true_or_false():
    problems = refused({"winner": 1, "score": [11, 5], "cinches": [0, 0], "money": "yes"})

    assert problems == ["money: money must be true or false"]


def test_a_cinch_count_below_zero_is_refused():
    problems = refused({"winner": 1, "score": [11, 5], "cinches": [0, -1]})

    assert problems == ["cinches: a Cinch count cannot be negative"]
