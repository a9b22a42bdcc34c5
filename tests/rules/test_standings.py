"""Play-offs in the rules core: whole rounds count, and the next round each tie needs.

The cases are 6- and 7-pair round robins in which the lower-numbered pair wins every game
but the upsets named; the ties they leave are the rules core's (``summarise``). Play-offs
are given as ``(a, b, winner)``, ``winner`` ``None`` for one started but not yet played.
"""

import pytest

from scoring.rules import read_night, schedule
from scoring.rules.night.summary import summarise
from scoring.rules.standings import propose_playoffs


def night_document(pairs: int, upsets=(), playoffs=(), tiebreak="playoff") -> dict:
    """A finished round robin (lower number wins, but ``upsets``) and its ``playoffs``
    given as ``(a, b, winner)``, ``winner`` ``None`` for one not yet played."""
    upsets = {frozenset(pair) for pair in upsets}
    games = []
    for round_ in schedule(pairs):
        for seat in round_["games"]:
            a, b = seat["pairs"]
            winner = max(a, b) if frozenset((a, b)) in upsets else min(a, b)
            score = [11, 5] if winner == a else [5, 11]
            result = {"winner": winner, "score": score, "cinches": [0, 0]}
            games.append({"round": round_["round"], "table": seat["table"], "pairs": [a, b]})
            games[-1]["result"] = result
    return {
        "format": "cinch-night/1",
        "variant": "club11",
        "tiebreak": tiebreak,
        "players": [f"Player {number}" for number in range(1, 2 * pairs + 1)],
        "games": games,
        "playoffs": [playoff_data(*playoff) for playoff in playoffs],
    }


def playoff_data(a: int, b: int, winner: int | None) -> dict:
    if winner is None:
        return {"pairs": [a, b]}
    score = [11, 4] if winner == a else [4, 11]
    return {"pairs": [a, b], "result": {"winner": winner, "score": score, "cinches": [0, 0]}}


def propose(pairs: int, upsets=(), playoffs=(), tiebreak="playoff"):
    night = read_night(night_document(pairs, upsets, playoffs, tiebreak))
    ties = summarise(night).ranking.ties
    return [
        (proposal.tie.pairs, proposal.tie.stake, proposal.games, proposal.waiting, proposal.round)
        for proposal in propose_playoffs(ties, night.playoffs, tiebreak)
    ]


CYCLE = [(1, 2, 1), (2, 3, 2), (1, 3, 3)]  # each of the three wins one: still level

CASES = {
    "no tie": (6, [], [], []),
    "two-way for places 1 and 2": (
        6,
        [(1, 5)],
        [],
        [((1, 2), "places 1 and 2", ((1, 2),), (), 1)],
    ),
    "two-way, its play-off waiting": (
        6,
        [(1, 5)],
        [(1, 2, None)],
        [((1, 2), "places 1 and 2", (), ((1, 2),), 1)],
    ),
    "three-way: a round robin": (
        6,
        [(1, 3)],
        [],
        [((1, 2, 3), "places 1 to 3", ((1, 2), (1, 3), (2, 3)), (), 1)],
    ),
    "three-way, round robin waiting": (
        6,
        [(1, 3)],
        [(1, 2, None), (1, 3, None), (2, 3, None)],
        [((1, 2, 3), "places 1 to 3", (), ((1, 2), (1, 3), (2, 3)), 1)],
    ),
    "three-way still level after the round robin: the next round": (
        6,
        [(1, 3)],
        CYCLE,
        [((1, 2, 3), "places 1 to 3", ((1, 2), (1, 3), (2, 3)), (), 2)],
    ),
    "three-way, the round half played: all still level, the rest waiting": (
        6,
        [(1, 3)],
        [(1, 2, 1), (1, 3, 1), (2, 3, None)],
        [((1, 2, 3), "places 1 to 3", (), ((2, 3),), 1)],
    ),
    "three-way, the round half played and nothing waiting: the pairing left": (
        6,
        [(1, 3)],
        [(1, 2, 1), (1, 3, 1)],
        [((1, 2, 3), "places 1 to 3", ((2, 3),), (), 1)],
    ),
    "three-way, one pair through after the whole round": (
        6,
        [(1, 3)],
        [(1, 2, 1), (1, 3, 1), (2, 3, 2)],
        [],
    ),
    "three-way, the two still level after two rounds meet again": (
        6,
        [(1, 3)],
        [*CYCLE, (1, 2, 1), (1, 3, 1), (2, 3, 2), (2, 3, 3)],
        [],
    ),
    "three-way, the next round part started": (
        6,
        [(1, 3)],
        [*CYCLE, (1, 2, None)],
        [((1, 2, 3), "places 1 to 3", ((1, 3), (2, 3)), ((1, 2),), 2)],
    ),
    "spanning places 2 and 3": (
        6,
        [(2, 5)],
        [],
        [((2, 3), "places 2 and 3", ((2, 3),), (), 1)],
    ),
    "booby": (
        7,
        [(4, 7)],
        [],
        [((6, 7), "the booby prize", ((6, 7),), (), 1)],
    ),
    "a place and the booby at once": (
        6,
        [(3, 6)],
        [],
        [
            ((3, 4), "place 3", ((3, 4),), (), 1),
            ((5, 6), "the booby prize", ((5, 6),), (), 1),
        ],
    ),
    "play-offs outside the tie do not count": (
        6,
        [(1, 5)],
        [(3, 4, 3)],
        [((1, 2), "places 1 and 2", ((1, 2),), (), 1)],
    ),
}


@pytest.mark.parametrize(("pairs", "upsets", "playoffs", "expected"), CASES.values(), ids=CASES)
def test_propose_playoffs(pairs, upsets, playoffs, expected):
    assert propose(pairs, upsets, playoffs) == expected


def test_no_playoffs_proposed_under_pegs():
    # Level on pegs too (every game 11 to 5), but play-offs do not count under pegs.
    assert propose(6, [(1, 5)], tiebreak="pegs") == []
