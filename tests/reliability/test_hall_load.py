"""The hall's load benchmark (``bench/hall_load.py``, in ``make bench`` at 20 tables)
works: at 2 tables, for 2 rounds, against ``make hall``'s server, every phone on its
pair's code, and its check of what was stored finds nothing lost or doubled; the check
itself refuses a hand lost, a hand doubled and a confirmation missing."""

import copy

import pytest

from bench import hall_load
from tests.reliability.live_site import shown


@pytest.mark.slow
def test_the_hall_benchmark_runs_and_finds_nothing_lost_or_doubled(template):
    static = template.site.static_root or template.site.folder / "static"

    result = hall_load.run(tables=2, rounds=2, pause=(0.05, 0.2), static_root=static)

    assert (result.games, result.hands) == (4, 12)
    assert len(result.saves) == 12 + 4  # each hand's POST, each game's confirmation
    assert len(result.reads) >= 4 * 2  # each phone read its game page each round
    assert result.workers == 3  # hypercorn.conf.py's: make hall's server


def stored_as_played() -> tuple[list[dict], dict]:
    """Two pairs' codes at one game and what the database holds once it is played right."""
    game = [7, "Round 1, table 1", 1, 2]
    codes = [{"pair": 1, "code": "/p/a/", "games": [game]}]
    codes.append({"pair": 2, "code": "/p/b/", "games": [game]})
    result = {
        "hands": [shown(hand) for hand in hall_load.winning_hands(1)],
        "positions": [1, 2, 3],
        "winner": 1,
        "confirmed": True,
        "entered_by": "pair 1 (table link)",
        "confirmed_by": "pair 2 (table link)",
    }
    return codes, {"games": {"7": result}, "hands": 3}


def test_the_check_passes_a_night_stored_as_played():
    codes, stored = stored_as_played()

    assert hall_load.check(codes, stored, expected=1) == (1, 3)


@pytest.mark.parametrize("wrong", ["lost", "doubled", "unconfirmed", "extra game"])
def test_the_check_refuses_anything_lost_or_doubled(wrong):
    codes, stored = stored_as_played()
    broken = copy.deepcopy(stored)
    game = broken["games"]["7"]
    if wrong == "lost":
        game["hands"].pop()
        game["positions"].pop()
        broken["hands"] = 2
    elif wrong == "doubled":
        broken["hands"] = 4  # a fourth row stored for a hand posted once
    elif wrong == "unconfirmed":
        game["confirmed"], game["confirmed_by"] = False, ""
    else:
        broken["games"]["8"] = game

    with pytest.raises(AssertionError):
        hall_load.check(codes, broken, expected=1)
