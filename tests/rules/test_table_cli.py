"""``python3 -m scoring.rules score`` on a table's game: ``cinch-game/1`` in, ``cinch-board/1`` out.

The example is the one printed in night-format.md, and its answer the one printed there.
"""

import json
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.__main__ import main
from scoring.rules.errors import InvalidInput
from scoring.rules.simulate import random_table
from scoring.rules.table import score_table
from scoring.rules.variants import get_variant
from tests.examples import examples

EXAMPLE = Path(__file__).with_name("game_format_example.json")
FORMAT_ANSWER = {
    "format": "cinch-board/1",
    "variant": "razzle",
    "players": ["Ann", "Bob", "Cy", "Di", "Ed"],
    "after": [[7, 7, 7, 7, 7], [-2, 14, 14, 14, 14]],
    "score": [-2, 14, 14, 14, 14],
    "cinches": [1, 0, 0, 0, 0],
    "finished": False,
    "winners": [],
    "money": {"pot": "5.00", "won": None},
}


def run(capsys, *args) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_score_answers_a_game_with_its_board(capsys):
    status, out, err = run(capsys, "score", str(EXAMPLE))

    assert (status, err) == (0, "")
    assert json.loads(out) == FORMAT_ANSWER
    assert list(json.loads(out)) == list(FORMAT_ANSWER)


def test_a_bad_game_exits_2_with_one_line_per_problem(capsys, tmp_path):
    bad = json.loads(EXAMPLE.read_text())
    bad["players"].append("ann")
    bad["hands"][0]["partner"] = 2
    bad["hands"][1]["bid"] = 15
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))

    status, out, err = run(capsys, "score", str(path))

    assert (status, out) == (2, "")
    assert err.splitlines() == [
        "players[5]: ann is already player 1; a player sits once at a table",
        "hands[0].partner: the partner is the player holding the card the bidder called: "
        "never the bidder (no partner when the bidder plays alone)",
        "hands[1].bid: bid 15 is out of range: Razzle-Dazzle Cinch bids are 1 to 14",
    ]


def test_a_night_is_still_answered_with_its_standings(capsys):
    night = Path(__file__).with_name("night_format_example.json")
    status, out, _ = run(capsys, "score", str(night))

    assert status == 0
    assert json.loads(out)["format"] == "cinch-standings/1"


@settings(max_examples=examples(40), deadline=None)
@given(
    game=st.sampled_from(
        [("chicago42", 2), ("chicago42", 3), ("razzle", 4), ("razzle", 5), ("razzle", 6)]
    ),
    seed=st.integers(0, 10_000),
    stake=st.sampled_from(["0.01", "0.25", "1.00", "3.33"]),
)
def test_a_random_table_ends_and_its_winners_share_the_pot_exactly(game, seed, stake):
    variant_id, count = game
    board = score_table(random_table(variant_id, count, seed=seed, stake=stake))

    assert board["finished"]
    assert all(board["score"][winner - 1] >= 42 for winner in board["winners"])
    if variant_id == "chicago42":
        assert len(board["winners"]) == 1
    won = [Decimal(amount) for amount in board["money"]["won"]]
    assert sum(won) == Decimal(board["money"]["pot"]) == Decimal(stake) * count
    shares = [won[winner - 1] for winner in board["winners"]]
    assert max(shares) - min(shares) < Decimal("0.01") * len(shares)
    assert all(won[p] == 0 for p in range(count) if p + 1 not in board["winners"])


def test_point_totals_are_checked_for_any_number_of_sides():
    variant = get_variant("chicago42")

    assert (5, 5, 1, 1, 1, 1) in variant.possible_totals(6)
    assert (6, 6, 2) in variant.possible_totals(3)
    assert (6, 6, 3) not in variant.possible_totals(3)  # 15 points: there are 14
    assert (2, 2, 2, 0) not in variant.possible_totals(4)  # six from four 1-point cards
    assert all(sum(totals) <= 14 for totals in variant.possible_totals(4))


def table_problems(document) -> list[str]:
    """The problems ``score_table`` names for ``document``, one string each."""
    try:
        score_table(document)
    except InvalidInput as invalid:
        return [str(problem) for problem in invalid.problems]
    raise AssertionError("the document was accepted")


def test_a_game_that_is_not_an_object_is_refused():
    assert table_problems([1, 2]) == ['a game must be a JSON object with format "cinch-game/1"']


def test_a_game_names_its_unknown_fields_and_a_wrong_format():
    bad = json.loads(EXAMPLE.read_text())
    bad["colour"] = "red"
    bad["format"] = "cinch-night/1"

    problems = table_problems(bad)

    assert "colour: not a field of cinch-game/1" in problems
    assert 'format: must be "cinch-game/1", found "cinch-night/1"' in problems


def test_a_players_name_must_be_short_visible_text():
    bad = json.loads(EXAMPLE.read_text())
    bad["players"][1] = ""
    bad["players"][2] = "Cy\u200b"
    bad["players"][3] = "\ud800"  # a lone surrogate: JSON carries it, UTF-8 cannot

    problems = table_problems(bad)

    assert problems[0].startswith("players[1]: a player's name must be text of 1 to ")
    assert problems[1].startswith("players[2]: contains U+200B")
    assert problems[2].startswith("players[3]: a player's name must be text of 1 to ")
