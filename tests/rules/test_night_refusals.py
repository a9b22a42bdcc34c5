"""A night file the rules core refuses names the field and the rule (night-format.md)."""

import json
from pathlib import Path

import pytest

from scoring.rules import read_hand, read_night
from scoring.rules.errors import InvalidInput
from scoring.rules.variants import get_variant

EXAMPLE = Path(__file__).with_name("night_format_example.json")


def problems(**changes) -> list[str]:
    document = json.loads(EXAMPLE.read_text()) | changes
    with pytest.raises(InvalidInput) as invalid:
        read_night(document)
    return [str(problem) for problem in invalid.value.problems]


def test_money_must_be_an_object():
    assert problems(money="2.00") == [
        'money: must be an object of decimal strings such as {"entry_fee": "2.00"}'
    ]


@pytest.mark.parametrize("split", ["0.5", []])
def test_the_split_must_be_a_list_of_shares(split):
    assert problems(money={"entry_fee": "2.00", "split": split}) == [
        'money.split: give the place shares as a list such as ["0.50", "0.30", "0.20"]'
    ]


def test_a_split_share_that_is_no_amount_names_its_place():
    (problem,) = problems(money={"entry_fee": "2.00", "split": ["half", "0.50"]})

    assert problem.startswith("money.split[0]: ")


def test_the_games_must_be_a_list():
    assert problems(games={"round": 1}) == ["games: must be a list of games"]


def test_a_withdrawal_names_a_field_it_does_not_have():
    assert "withdrawn[0].reason: not a field of a withdrawal" in problems(
        withdrawn=[{"pair": 1, "from_round": 3, "reason": "ill"}]
    )


def test_the_substitutes_of_a_game_are_given_by_player_number():
    games = json.loads(EXAMPLE.read_text())["games"]
    games[0]["sat"] = ["Zed"]

    assert problems(games=games) == [
        'games[0].sat: give substitutes by player number: {"3": "Zed"}'
    ]


@pytest.mark.parametrize(
    "seat",
    ["²", "①", "٣", "-1", "9" * 5000],
    ids=["superscript", "circled", "arabic", "minus", "long"],
)
def test_a_substitutes_seat_that_is_not_a_player_number_is_refused(seat):
    games = json.loads(EXAMPLE.read_text())["games"]
    games[0]["sat"] = {seat: "Zed"}

    assert problems(games=games) == [
        f"games[0].sat.{seat}: a substitute sits for a player of this game (players 1, 2, 3, 4)"
    ]


def test_a_money_setting_the_format_does_not_have_is_named():
    assert "money.tip: not a money setting" in problems(money={"entry_fee": "2.00", "tip": "1"})


def test_a_game_must_be_an_object():
    games = json.loads(EXAMPLE.read_text())["games"]

    assert problems(games=[*games, "round 9"]) == [
        f"games[{len(games)}]: a game must be an object with its pairs and hands or result"
    ]


def test_passed_is_true_or_false():
    games = json.loads(EXAMPLE.read_text())["games"]
    games[0]["hands"][0] = {"passed": "yes"}

    assert "games[0].hands[0].passed: passed must be true or false" in problems(games=games)


def test_read_hand_refuses_a_hand_that_is_no_object():
    with pytest.raises(InvalidInput) as invalid:
        read_hand(get_variant("club11"), (1, 2), "pass")

    assert [str(problem) for problem in invalid.value.problems] == [
        "a hand must be an object: bidder, bid and cards, or passed"
    ]


def refused_with(path: tuple, value) -> list[str]:
    """The problems of the example night with ``value`` put at ``path`` (keys, indexes)."""
    document = json.loads(EXAMPLE.read_text())
    *parents, last = path
    place = document
    for step in parents:
        place = place[step]
    place[last] = value
    with pytest.raises(InvalidInput) as invalid:
        read_night(document)
    return [str(problem) for problem in invalid.value.problems]


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (
            ("players", 0),
            {"name": "Ann", "colour": "red"},
            "players[0].colour: not a field of a player",
        ),
        (("players", 0), 5, "players[0]: a player's name must be text of 1 to 100 characters"),
        (
            ("withdrawn",),
            {"pair": 1},
            'withdrawn: give the pairs that left as a list: [{"pair": 4, "from_round": 5}]',
        ),
        (
            ("withdrawn",),
            [5],
            'withdrawn[0]: a withdrawal is an object: {"pair": 4, "from_round": 5}',
        ),
        (
            ("games", 0, "round"),
            1.5,
            "games[0].round: the round must be a whole number from 1 to 1000",
        ),
        (
            ("games", 0, "table"),
            0,
            "games[0].table: the table must be a whole number from 1 to 1000",
        ),
        (("games", 0, "colour"), 1, "games[0].colour: not a field of a game"),
        (("playoffs", 0, "colour"), 1, "playoffs[0].colour: not a field of a play-off"),
        (
            ("money", "entry_fee"),
            2,
            'money.entry_fee: must be a decimal string such as "2.00" (in quotes), '
            "not the number 2",
        ),
        (
            ("games", 1, "result", "colour"),
            1,
            "games[1].result.colour: not a field of a game result (winner, score, cinches, money)",
        ),
        (("games", 0, "hands"), {}, "games[0].hands: hands must be a list of hands"),
        (
            ("games", 0, "hands", 0, "bidder"),
            [1],
            "games[0].hands[0].bidder: pair [1] is not in this game (pairs 1 and 2)",
        ),
    ],
)
def test_a_misshapen_field_is_named_with_its_rule(path, value, expected):
    """What the random broken nights of ``test_broken_nights`` may or may not reach, each
    once, by hand."""
    assert refused_with(path, value) == [expected]
