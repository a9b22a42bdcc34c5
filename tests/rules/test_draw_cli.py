"""``python3 -m scoring.rules draw``: a season file's next night dealt with new partners,
answered with ``cinch-draw/1`` (docs/guide/draw.md)."""

import json
import random

import pytest

from scoring.rules.__main__ import main
from scoring.rules.draw import night_partnerships
from scoring.rules.simulate import random_night
from tests.rules.test_cli import bare_python_cli
from tests.rules.test_draw_partners import best_deals

DRAW_KEYS = ["format", "season", "earlier_nights", "players", "repeats", "clear_nights"]


def season_of(nights: int, pairs: int = 3, seed: int = 0) -> dict:
    """A season of ``nights`` played nights of the same club, each dealt at random."""
    chance = random.Random(seed)
    documents = []
    for number in range(nights):
        night = random_night(pairs, seed=seed + number)
        chance.shuffle(night["players"])
        documents.append(night)
    return {"format": "cinch-season/1", "name": "Winter 2026", "nights": documents}


def names(players: list) -> list[str]:
    return [player["name"] if isinstance(player, dict) else player for player in players]


def draw(capsys, tmp_path, season, *args) -> tuple[int, str, str]:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season), encoding="utf-8")
    status = main(["draw", str(path), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("seed", range(5))
def test_draw_deals_the_last_nights_players_with_the_fewest_repeats(capsys, tmp_path, seed):
    season = season_of(4, seed=seed)
    status, out, err = draw(capsys, tmp_path, season, "--seed", str(seed))

    assert (status, err) == (0, "")
    document = json.loads(out)
    assert list(document) == DRAW_KEYS
    assert (document["format"], document["season"]) == ("cinch-draw/1", "Winter 2026")
    assert document["earlier_nights"] == 4
    players = document["players"]
    assert sorted(players) == sorted(season["nights"][-1]["players"])
    earlier = [night_partnerships(night["players"]) for night in season["nights"]]
    dealt = frozenset(frozenset(pair) for pair in night_partnerships(players))
    assert dealt in best_deals(players, earlier, set())
    repeated = [
        pair
        for pair in night_partnerships(players)
        if any(pair in n or pair[::-1] in n for n in earlier)
    ]
    assert [tuple(repeat["players"]) for repeat in document["repeats"]] == repeated


def test_draw_is_repeatable_with_a_seed_and_keeps_house_players_apart(capsys, tmp_path):
    season = season_of(2, pairs=4)
    tonight = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    args = [*tonight, "--house", "Ann", "--house", "bob", "--house", "Cy", "--seed", "8"]
    first = draw(capsys, tmp_path, season, *args)
    again = draw(capsys, tmp_path, season, *args)

    assert first == again and first[0] == 0
    document = json.loads(first[1])
    assert document["repeats"] == [] and document["clear_nights"] == 2
    house = [isinstance(player, dict) for player in document["players"]]
    assert sum(house) == 3
    assert not any(house[at] and house[at + 1] for at in range(0, 8, 2))
    assert sorted(names(document["players"])) == sorted(tonight)


def test_a_repeat_that_cannot_be_avoided_is_said(capsys, tmp_path):
    """Four players who have played all three ways: the oldest partnerships come back."""
    season = season_of(3, pairs=2)
    players = ["Ann", "Bob", "Cy", "Di"]
    for night, order in zip(
        season["nights"], ([0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]), strict=True
    ):
        night["players"] = [players[at] for at in order]
    status, out, _ = draw(capsys, tmp_path, season, "--seed", "2")

    document = json.loads(out)
    assert status == 0
    assert sorted(sorted(repeat["players"]) for repeat in document["repeats"]) == [
        ["Ann", "Bob"],
        ["Cy", "Di"],
    ]
    assert [repeat["nights_ago"] for repeat in document["repeats"]] == [[3], [3]]
    assert document["clear_nights"] == 2


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (["Ann", "Bob", "Cy"], ["players: give the players' names as a list, an even count"]),
        (["Ann", "Bob", "ann", "Di"], ["players[2]: ann is already player 1"]),
        (["Ann", "Bob", "Cy", "Di", "--house", "Zed"], ['house[0]: "Zed" is not one of the']),
        (
            ["Ann", "Bob", "Cy", "Di", "--house", "Ann", "--house", "Bob", "--house", "Cy"],
            ["players: more house players than pairs"],
        ),
    ],
    ids=["odd", "twice", "house-absent", "house-crowded"],
)
def test_draw_refuses_bad_players_with_exit_2(capsys, tmp_path, args, lines):
    status, out, err = draw(capsys, tmp_path, season_of(1), *args)
    assert (status, out) == (2, "")
    said = err.splitlines()
    assert len(said) == len(lines)
    assert all(line.startswith(start) for line, start in zip(said, lines, strict=True)), said


def test_draw_refuses_a_bad_night_of_the_season_at_its_place(capsys, tmp_path):
    season = season_of(2)
    season["nights"][1]["players"] = ["Ann", "Bob"]
    status, out, err = draw(capsys, tmp_path, season)
    assert (status, out) == (2, "")
    assert err.startswith("nights[1].players: ")


def test_bare_python_draws_a_season_file(tmp_path):
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season_of(3)), encoding="utf-8")
    completed = bare_python_cli("draw", str(path))
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["format"] == "cinch-draw/1"
