"""``python3 -m scoring.rules``: the documents of night-format.md, to the letter.

The example night is the one printed in night-format.md; the keys and shapes checked here
are the ones that document lists.
"""

import json
import runpy
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from scoring.rules.__main__ import main
from scoring.rules.simulate import random_night

EXAMPLE = Path(__file__).with_name("night_format_example.json")
REPOSITORY = Path(__file__).parents[2]
BARE_PYTHON = getattr(sys, "_base_executable", sys.executable)

STANDING_KEYS = [
    "rank",
    "pair",
    "players",
    "wins",
    "losses",
    "pegs_for",
    "pegs_against",
    "cinches",
    "playoff_wins",
]


def run(capsys, *args) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_score_prints_the_standings_document(capsys):
    status, out, err = run(capsys, "score", str(EXAMPLE))
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert list(document) == ["format", "variant", "standings", "unresolved_ties", "games", "money"]
    assert document["format"] == "cinch-standings/1"
    assert document["variant"] == "club11"
    assert [list(row) for row in document["standings"]] == [STANDING_KEYS] * 4
    assert document["games"][0] == {
        "round": 1,
        "table": 1,
        "pairs": [1, 2],
        "score": [-3, 1],
        "cinches": [1, 0],
        "winner": 2,
        "money_bid": True,
    }
    money = document["money"]
    assert money["entries"] == "16.00"
    assert money["pot"] == "17.60"
    assert [list(player) for player in money["players"]] == [["number", "name", "paid", "won"]] * 8
    assert money["players"][0] == {"number": 1, "name": "Ann", "paid": "2.35", "won": None}


def test_score_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", EXAMPLE.open(encoding="utf-8"))
    status, out, _ = run(capsys, "score", "-")
    assert status == 0
    assert json.loads(out)["format"] == "cinch-standings/1"


@pytest.mark.parametrize(
    ("text", "expected_line"),
    [
        pytest.param("{", "not a JSON document", id="not-json"),
        pytest.param('{"format": "cinch-night/1", "variant": NaN}', "not a JSON", id="nan"),
        pytest.param("[]", "a night must be a JSON object", id="not-an-object"),
        pytest.param(
            '{"format": "cinch-night/1", "variant": "club11", "players": ["A","B","C","D"],'
            ' "games": [{"round": 1, "table": 1, "pairs": [1, 2],'
            ' "hands": [{"bidder": 1, "bid": 7, "high": 1, "low": 2}]}]}',
            "games[0].hands[0].bid: bid 7 is out of range: "
            "Club Cinch to 11 bids are 2 to 4, or money",
            id="bad-bid",
        ),
        pytest.param(
            '{"format": "cinch-night/1", "variant": "club11", "players": ["A","B","C","D"],'
            ' "games": [{"round": 1, "table": 1, "pairs": [1, 2],'
            ' "hands": [{"bidder": 1, "bid": 3.50, "high": 1, "low": 2}]}]}',
            "games[0].hands[0].bid: bid 3.50 is not a whole number: "
            "Club Cinch to 11 bids are 2 to 4",
            id="bid-as-typed",
        ),
        pytest.param(
            '{"format": "cinch-night/1", "variant": "club11", "players": ["A","B","C","D"],'
            ' "games": [{"round": 1, "table": 1, "pairs": [1, 2],'
            ' "hands": [{"bidder": 1.0, "bid": 3, "high": 1, "low": 2}]}]}',
            "games[0].hands[0].bidder: pair 1.0 is not in this game (pairs 1 and 2)",
            id="side-as-typed",
        ),
    ],
)
def test_invalid_input_exits_2_with_one_line_per_problem(capsys, tmp_path, text, expected_line):
    night = tmp_path / "night.json"
    night.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "score", str(night))
    assert status == 2
    assert out == ""
    assert expected_line in err
    assert "Traceback" not in err


def test_every_problem_is_its_own_line(capsys, tmp_path):
    night = json.loads(EXAMPLE.read_text())
    night["players"] = ["Ann", ""] + night["players"][2:]
    night["money"]["entry_fee"] = 2.0
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night))
    status, _, err = run(capsys, "score", str(path))
    assert status == 2
    assert err.splitlines() == [
        "players[1]: a player's name must be text of 1 to 100 characters",
        'money.entry_fee: must be a decimal string such as "2.00" (in quotes), not the number 2.0',
    ]


def test_a_key_given_twice_is_refused_not_read_as_the_last(capsys, tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace('"bid": 3,', '"bid": 3, "bid": 14,')
    night = tmp_path / "night.json"
    night.write_text(text, encoding="utf-8")

    status, out, err = run(capsys, "score", str(night))

    assert (status, out) == (2, "")
    assert err == (
        f'{night}: not a JSON document: the key "bid" is given twice in one object: '
        "give each key once\n"
    )


def test_missing_file_exits_2(capsys, tmp_path):
    status, out, err = run(capsys, "score", str(tmp_path / "nowhere.json"))
    assert (status, out) == (2, "")
    assert "cannot read the night or game file" in err


def test_schedule_prints_the_pattern_table(capsys):
    status, out, _ = run(capsys, "schedule", "6")
    document = json.loads(out)
    assert status == 0
    assert list(document) == ["format", "pairs", "tables", "rounds"]
    assert (document["format"], document["pairs"], document["tables"]) == ("cinch-schedule/1", 6, 3)
    assert document["rounds"][0] == {
        "round": 1,
        "games": [
            {"table": 1, "pairs": [1, 2]},
            {"table": 2, "pairs": [3, 4]},
            {"table": 3, "pairs": [5, 6]},
        ],
        "bye": None,
    }


@pytest.mark.parametrize("count", ["1", "0", "six", "1001"])
def test_schedule_refuses_a_bad_count(capsys, count):
    status, out, err = run(capsys, "schedule", count)
    assert (status, out) == (2, "")
    assert err.startswith("pairs: ")


def bare_python_cli(*arguments: str) -> subprocess.CompletedProcess:
    """``python3 -m scoring.rules ARGUMENTS`` from the repository root with no virtual
    environment and no site-packages: the core is standard library only."""
    return subprocess.run(
        [BARE_PYTHON, "-E", "-s", "-m", "scoring.rules", *arguments],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_bare_python_runs_the_cli_from_the_repository_root():
    completed = bare_python_cli("score", str(EXAMPLE))
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["format"] == "cinch-standings/1"


def test_python_m_exits_with_the_status_main_returns(capsys, monkeypatch):
    """In-process (coverage follows no subprocess): ``-m scoring.rules`` runs ``main``."""
    monkeypatch.setattr(sys, "argv", ["scoring.rules", "schedule", "1"])
    with warnings.catch_warnings(), pytest.raises(SystemExit) as exited:
        # runpy warns that the module was imported already (by this file): it was.
        warnings.simplefilter("ignore", RuntimeWarning)
        runpy.run_module("scoring.rules", run_name="__main__")

    assert exited.value.code == 2
    assert capsys.readouterr().err.startswith("pairs: ")


def _season_file(tmp_path, season) -> str:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season), encoding="utf-8")
    return str(path)


def test_ladder_prints_the_ladder_document(capsys, tmp_path):
    examples = json.loads((REPOSITORY / "seeds" / "examples.json").read_text(encoding="utf-8"))
    night = next(v["night"] for v in examples["nights"] if v["id"] == "pot-four-pairs")
    season = {"format": "cinch-season/1", "name": "Winter 2026", "best": 10, "nights": [night]}
    status, out, err = run(capsys, "ladder", _season_file(tmp_path, season))
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert list(document) == ["format", "name", "best", "nights_counted", "ladder"]
    assert document["nights_counted"] == 1
    # Every row: pair 3 (Ed, Flo) won, then pairs 1, 2, 4; a pair's players share a rank.
    rows = [(1, "Ed", 4), (1, "Flo", 4), (3, "Ann", 3), (3, "Bob", 3)]
    rows += [(5, "Cy", 2), (5, "Di", 2), (7, "Gus", 1), (7, "Hal", 1)]
    assert document["ladder"] == [
        {
            "rank": rank,
            "player": player,
            "nights": 1,
            "points": [points],
            "counted": points,
        }
        for rank, player, points in rows
    ]


def test_ladder_refuses_a_bad_season_with_one_line_per_problem(capsys, tmp_path):
    season = {"format": "cinch-season/2", "best": "all", "nights": []}
    status, out, err = run(capsys, "ladder", _season_file(tmp_path, season))
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        'format: must be "cinch-season/1", found "cinch-season/2"',
        'best: "all" must be a whole number of nights, 1 or more',
        "nights: give the season's nights as a list of 1 to 1000 night files",
    ]


def test_the_cli_scores_a_night_that_did_not_go_to_plan(capsys, tmp_path):
    """House player, substitute, withdrawn pair: the bare CLI gives the documented keys."""
    night = random_night(4, seed=3)
    night["players"][7] = {"name": night["players"][7], "house": True}
    night["withdrawn"] = [{"pair": 2, "from_round": 3}]
    for game in night["games"]:
        if 2 in game["pairs"] and game["round"] >= 3:
            game.pop("hands", None)
            game.pop("result", None)
    night["games"][0]["sat"] = {"1": "Zed"}
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night))

    status, out, err = run(capsys, "score", str(path))

    assert (status, err) == (0, "")
    document = json.loads(out)
    withdrawn = [row for row in document["standings"] if row.get("withdrawn")]
    assert [(row["pair"], row["rank"]) for row in withdrawn] == [(2, None)]
    forfeits = [game for game in document["games"] if game.get("forfeit")]
    assert forfeits and all(game["score"] == [0, 0] for game in forfeits)
    assert all(2 not in game["pairs"] or game["winner"] != 2 for game in forfeits)
    assert document["money"]["players"][7]["paid"] == "0.00"
