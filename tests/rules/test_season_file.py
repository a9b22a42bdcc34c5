"""The season file's edges (``rules.ladder``): the longest name and the most nights are
accepted, one more refused with its own words, a withdrawn pair earns no ladder points,
and every refused night is named."""

import pytest

from scoring.rules import InvalidInput
from scoring.rules.ladder import (
    MAX_NIGHTS,
    SEASON_FORMAT,
    ladder_document,
    night_points,
    read_season,
)
from scoring.rules.night.reading import MAX_NAME_LENGTH, text_too_long
from scoring.rules.simulate import random_night

NIGHT = random_night(4, seed=3)


def season(**fields) -> dict:
    return {"format": SEASON_FORMAT, "name": "Winter", "nights": [NIGHT]} | fields


def refusal(doc) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as refused:
        read_season(doc)
    return [(problem.place, problem.message) for problem in refused.value.problems]


def test_the_longest_name_is_kept_and_one_more_letter_is_refused_as_too_long():
    longest = "W" * MAX_NAME_LENGTH

    assert read_season(season(name=longest)).name == longest
    assert refusal(season(name=longest + "W")) == [("name", text_too_long().say())]


def test_a_season_without_a_name_has_an_empty_one():
    doc = season()
    del doc["name"]

    assert read_season(doc).name == ""


def test_the_most_nights_and_a_best_of_all_of_them_are_accepted():
    read = read_season(season(nights=[NIGHT] * MAX_NIGHTS, best=MAX_NIGHTS))

    assert (len(read.nights), read.best) == (MAX_NIGHTS, MAX_NIGHTS)
    assert [place for place, _ in refusal(season(nights=[NIGHT] * (MAX_NIGHTS + 1)))] == ["nights"]
    assert [place for place, _ in refusal(season(best=MAX_NIGHTS + 1))] == ["best"]


def test_a_refused_format_names_its_place():
    assert [place for place, _ in refusal(season(format="cinch-season/9"))] == ["format"]


def test_every_refused_night_of_a_season_is_named():
    broken = dict(NIGHT, players="nobody")

    with pytest.raises(InvalidInput) as refused:
        ladder_document(season(nights=[broken, NIGHT, broken]))

    places = {problem.place.split(".")[0] for problem in refused.value.problems}
    assert places == {"nights[0]", "nights[2]"}


def test_a_withdrawn_pair_earns_no_ladder_points_and_ranks_nobody_below_it():
    standings = {
        "money": {"places": []},
        "standings": [
            {"rank": 1, "pair": 1, "players": ["Ann", "Bob"]},
            {"rank": 2, "pair": 2, "players": ["Cy", "Di"]},
            {"rank": None, "pair": 3, "players": ["Ed", "Flo"], "withdrawn": True},
        ],
    }
    night = {"players": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]}

    assert night_points(night, standings) == [("Ann", 2), ("Bob", 2), ("Cy", 1), ("Di", 1)]
