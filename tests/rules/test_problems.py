"""How a problem is told: the value as it was typed, the place for a program or a person."""

from decimal import Decimal

import pytest

from scoring.rules.errors import Problem, shown_value, spoken_place
from scoring.rules.jsonio import load_json


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("3.5", "3.5"),
        ("3.50", "3.50"),
        ('"five"', '"five"'),
        ("null", "null"),
        ("true", "true"),
        ("[1, 2.0]", "[1, 2.0]"),
        ('{"pair": 2}', '{"pair": 2}'),
        ('"a\\nb"', '"a\\nb"'),
    ],
)
def test_a_value_is_shown_as_it_was_typed(typed, shown):
    assert shown_value(load_json(typed)) == shown


def test_a_decimal_is_never_shown_as_a_program_holds_it():
    assert "Decimal" not in shown_value([Decimal("3.5"), {"bid": Decimal("1E+1")}])


def test_a_long_value_is_cut_short_on_one_line():
    shown = shown_value("x" * 500)
    assert len(shown) == 60 and shown.endswith("…")
    assert shown_value("\ud800").isprintable()


@pytest.mark.parametrize(
    ("place", "spoken"),
    [
        ("games[0].hands[2].bid", "game 1, hand 3, bid"),
        ("games[4].result.score", "game 5, result, score"),
        ("playoffs[0].pairs", "play-off 1, pairs"),
        ("players[5]", "player 6"),
        ("money.split[1]", "money, split share 2"),
        ("format", "format"),
    ],
)
def test_a_place_read_to_a_person_counts_from_1(place, spoken):
    assert spoken_place(place) == spoken
    assert Problem(place, "wrong").spoken() == f"{spoken}: wrong"
    assert str(Problem(place, "wrong")) == f"{place}: wrong"


def test_a_problem_without_a_place_is_its_message():
    assert Problem("", "a night must be a JSON object").spoken() == "a night must be a JSON object"


def test_a_deeply_nested_value_is_cut_below_three_levels():
    assert shown_value(load_json('[[[[1]]], {"a": {"b": {"c": {}}}}]')) == (
        '[[[[…]]], {"a": {"b": {…}}}]'
    )


def test_a_problem_under_no_prefix_keeps_its_place():
    problem = Problem("hands[2].bid", "bid 15 is out of range")

    assert problem.under("") == problem
    assert str(problem.under("games[4]")) == "games[4].hands[2].bid: bid 15 is out of range"
