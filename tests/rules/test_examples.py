"""The vectors of ``seeds/examples.json``: the rule texts' worked examples and our decisions.

Each vector names its source (a seed file or ``rules.md``) and the rule it pins; the
parametrize ids are the vectors' ids, so a failure says which example broke.
"""

from pathlib import Path

import pytest

from scoring.rules import (
    InvalidInput,
    check_result,
    get_variant,
    play_game,
    schedule,
    score_night,
)
from scoring.rules.jsonio import load_json
from scoring.rules.ladder import ladder_document
from scoring.rules.table import score_table

# Read as the CLI reads a night file: a number with a decimal point stays as typed.
EXAMPLES = load_json((Path(__file__).parents[2] / "seeds" / "examples.json").read_text())


def vectors(section: str):
    return [pytest.param(vector, id=vector["id"]) for vector in EXAMPLES[section]]


def assert_refused(call, vector) -> None:
    """``call`` raises, naming the vector's place with its words among the problems."""
    with pytest.raises(InvalidInput) as raised:
        call()
    problems = {problem.place: problem.message for problem in raised.value.problems}
    assert vector["place"] in problems, problems
    assert vector["says"] in problems[vector["place"]]


@pytest.mark.parametrize("vector", vectors("hands"))
def test_hand(vector):
    variant = get_variant(vector["variant"])
    sides = vector["sides"]
    score = play_game(variant, sides, [vector["hand"]]).steps[0].score
    found = {
        "change": list(score.change),
        "cinch": None if score.cinch is None else sides[score.cinch],
        "made": score.made,
        # razzle: the called partner, charged a Cinch with the bidder when they fail
        "partner_cinch": None if score.partner_cinch is None else sides[score.partner_cinch],
    }
    assert_whole(vector["expect"], found, required={"change", "cinch", "made"})


def assert_whole(expect: dict, found: dict, *, required=frozenset()) -> None:
    """Every key of ``expect`` is one the test knows and equals what was found; a key
    the test would not read fails rather than being skipped."""
    assert required <= expect.keys() <= found.keys(), sorted(expect.keys() - found.keys())
    assert {key: found[key] for key in expect} == expect


@pytest.mark.parametrize("vector", vectors("games"))
def test_game(vector):
    state = play_game(get_variant(vector["variant"]), vector["sides"], vector["hands"])
    found = {
        "scores": list(state.scores),
        "cinches": list(state.cinches),
        "winners": list(state.winners),
        "money_bid": state.money_bid,
    }
    assert_whole(vector["expect"], found, required=found.keys())


@pytest.mark.parametrize("vector", vectors("invalid_hands"))
def test_invalid_hand(vector):
    variant = get_variant(vector["variant"])
    assert_refused(lambda: play_game(variant, vector["sides"], vector["hands"]), vector)


@pytest.mark.parametrize("vector", vectors("results"))
def test_pegboard_result(vector):
    variant = get_variant(vector["variant"])
    if "place" not in vector:
        state = check_result(variant, vector["sides"], vector["result"])
        found = {
            "winner": state.winner,
            "score": list(state.scores),
            "cinches": list(state.cinches),
            "money": state.money_bid,
        }
        assert_whole(vector["result"], found, required={"winner", "score", "cinches"})
        assert state.money_bid == vector["result"].get("money", False)
        return
    assert_refused(lambda: check_result(variant, vector["sides"], vector["result"]), vector)


@pytest.mark.parametrize("vector", vectors("schedules"))
def test_schedule(vector):
    rounds = schedule(vector["pairs"])
    for meeting in vector["meetings"]:
        games = rounds[meeting["round"] - 1]["games"]
        opponents = [g["pairs"] for g in games if meeting["pair"] in g["pairs"]]
        assert opponents == [sorted((meeting["pair"], meeting["meets"]))]


def lookup(document, path: str):
    """The value at ``path``: ``money.pot``, ``standings[0].pair``; ``[*]`` maps over a list."""
    if "[*]" in path:
        head, _, rest = path.partition("[*]")
        items = lookup(document, head)
        return [lookup(item, rest.lstrip(".")) for item in items] if rest else items
    value = document
    for part in filter(None, path.replace("[", ".[").split(".")):
        value = value[int(part[1:-1])] if part.startswith("[") else value[part]
    return value


@pytest.mark.parametrize("vector", vectors("nights"))
def test_night(vector):
    document = score_night(vector["night"])
    assert vector["expect"]
    for path, expected in vector["expect"].items():
        if path.endswith("~"):
            assert expected in lookup(document, path[:-1]), path
        else:
            assert lookup(document, path) == expected, path


@pytest.mark.parametrize("vector", vectors("invalid_nights"))
def test_invalid_night(vector):
    assert_refused(lambda: score_night(vector["night"]), vector)


NIGHTS_BY_ID = {vector["id"]: vector["night"] for vector in EXAMPLES["nights"]}


def season_of(vector) -> dict:
    """The ``cinch-season/1`` document of a season vector: its own nights, then the night
    vectors it names."""
    nights = vector.get("nights", []) + [NIGHTS_BY_ID[id] for id in vector.get("night_ids", [])]
    season = {"format": "cinch-season/1", "name": vector["id"], "nights": nights}
    return season | ({"best": vector["best"]} if "best" in vector else {})


@pytest.mark.parametrize("vector", vectors("seasons"))
def test_season(vector):
    document = ladder_document(season_of(vector))
    assert document["name"] == vector["id"]
    assert vector["expect"]
    for path, expected in vector["expect"].items():
        assert lookup(document, path) == expected, path


@pytest.mark.parametrize("vector", vectors("tables"))
def test_table(vector):
    document = score_table(vector["game"])
    assert vector["expect"]
    for path, expected in vector["expect"].items():
        assert lookup(document, path) == expected, path


@pytest.mark.parametrize("vector", vectors("invalid_seasons"))
def test_invalid_season(vector):
    assert_refused(lambda: ladder_document(vector["season"]), vector)


@pytest.mark.parametrize("vector", vectors("invalid_tables"))
def test_invalid_table(vector):
    assert_refused(lambda: score_table(vector["game"]), vector)
