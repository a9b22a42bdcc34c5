"""What a game can hold and reach: at most 300 hands; a pegboard result within reach.

A slip of the pen on a score sheet (110 for 11) or a file of thousands of passed deals is
refused at its place, not scored.
"""

import copy
import random

import pytest

from scoring.rules import InvalidInput, check_result, get_variant, play_game, score_night
from scoring.rules.simulate import as_totals, random_game, random_night

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


@pytest.mark.parametrize(
    ("variant_id", "most_one_hand", "highest_score"),
    [("club11", 4, 14), ("cinch51", 28, 78), ("chicago42", 14, 55)],
)
def test_the_highest_score_is_the_target_less_1_and_the_most_one_hand_gives(
    variant_id, most_one_hand, highest_score
):
    variant = get_variant(variant_id)

    assert variant.most_one_hand(2) == most_one_hand
    assert variant.target - 1 + most_one_hand == highest_score
    within = {"winner": 1, "score": [highest_score, 0], "cinches": [0, 0]}
    if variant_id == "cinch51":  # 78 takes a set of the other pair: a Cinch against it
        within["cinches"] = [0, 1]
    assert check_result(variant, (1, 2), within).scores == (highest_score, 0)
    past = within | {"score": [highest_score + 1, 0]}
    assert problems(lambda: check_result(variant, (1, 2), past))[0].startswith(
        f"score[0]: pair 1 has {highest_score + 1}, more than a {variant.name} game can reach"
    )


def test_a_cinch51_set_gives_the_other_side_15_at_least():
    assert get_variant("cinch51").least_a_cinch_gives(2) == 15


def test_a_simulated_game_gives_a_count_out_hand_by_its_cards():
    """Offered as totals, the hand on which two players pass 42 is refused (its cards
    decide, rules.md ``chicago42``): the simulator deals it again card by card."""
    chicago42 = get_variant("chicago42")
    hands = random_game(chicago42, (1, 2, 3), random.Random(1), totals_share=1.0)
    *before, last = hands

    assert all("points" in hand for hand in before if not hand.get("passed"))
    assert "points" not in last
    (refused,) = problems(
        lambda: play_game(chicago42, (1, 2, 3), [*before, as_totals(chicago42, (1, 2, 3), last)])
    )
    assert refused.startswith(f"hands[{len(before)}].points: ") and "would both reach 42" in refused
    assert play_game(chicago42, (1, 2, 3), hands).winners
