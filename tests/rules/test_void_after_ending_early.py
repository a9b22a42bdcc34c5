"""A night ended early: a game not finished by then counts for nobody, whatever is stored.

The site refuses entry into such a game until the night is re-opened
(``scoring.core.records.guards``); the rules core must not count what a void game holds either:
the hands in play, or a result that still awaited its confirmation.
"""

import copy
import json
from pathlib import Path

from scoring.rules import score_night

EXAMPLES = json.loads((Path(__file__).parents[2] / "seeds" / "examples.json").read_text())
CUT_SHORT = next(
    vector["night"]
    for vector in EXAMPLES["nights"]
    if vector["id"] == "ended-early-after-two-rounds"
)
AWAITING = {"winner": 2, "score": [11, 3], "cinches": [0, 1]}


def cut_short(result_of_the_game_not_started=None) -> dict:
    night = copy.deepcopy(CUT_SHORT)
    if result_of_the_game_not_started is not None:
        night["games"][5] |= result_of_the_game_not_started
    return night


def test_a_result_awaiting_confirmation_when_the_night_ended_counts_for_nobody():
    plain = score_night(cut_short())

    awaiting = score_night(cut_short({"result": AWAITING, "confirmed": False}))

    assert (
        awaiting["void_games"]
        == plain["void_games"]
        == [
            {"round": 3, "table": 1, "pairs": [1, 4]},
            {"round": 3, "table": 2, "pairs": [2, 3]},
        ]
    )
    assert awaiting["standings"] == plain["standings"]
    assert awaiting["money"] == plain["money"]
    assert [row["wins"] for row in awaiting["standings"]] == [2, 1, 1, 0]
    assert awaiting["money"]["cinch_fees"] == "0.80"


def test_re_opened_the_same_result_confirmed_counts():
    night = cut_short({"result": AWAITING})
    del night["ended_early"]

    standings = score_night(night)

    assert {row["pair"]: row["wins"] for row in standings["standings"]}[2] == 1
    assert standings["money"]["cinch_fees"] == "1.00"
