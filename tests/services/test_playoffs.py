"""Play-offs: what a prize tie needs next (``playoffs_propose``, pure), and starting them.

The cases are 6- and 7-pair round robins in which the lower-numbered pair wins every game
but the upsets named; the ties they leave are the rules core's (``summarise``).
"""

from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError

from scoring import selectors, services
from scoring.models import Game
from scoring.rules import read_night, schedule
from scoring.rules.night import summarise
from tests.factories import night_with_schedule, play_out, win_playoff


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
    summary = summarise(read_night(night_document(pairs, upsets, playoffs, tiebreak)))
    games = [SimpleNamespace(pairs=(a, b), finished=w is not None) for a, b, w in playoffs]
    return [
        (proposal.tie.pairs, proposal.tie.stake, proposal.games, proposal.waiting, proposal.round)
        for proposal in services.playoffs_propose(summary=summary, playoffs=games)
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
    "three-way, one pair through, the other two waiting": (
        6,
        [(1, 3)],
        [(1, 2, 1), (1, 3, 1), (2, 3, None)],
        [((2, 3), "places 2 and 3", (), ((2, 3),), 1)],
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
def test_playoffs_propose(pairs, upsets, playoffs, expected):
    assert propose(pairs, upsets, playoffs) == expected


def test_no_playoffs_proposed_under_pegs():
    # Level on pegs too (every game 11 to 5), but play-offs do not count under pegs.
    assert propose(6, [(1, 5)], tiebreak="pegs") == []


# --- playoffs_start -----------------------------------------------------------------------

pytestmark = pytest.mark.django_db


def playoff_pairs(night) -> list[tuple[int, int, int | None]]:
    return [
        (game.pair_a, game.pair_b, game.winner)
        for game in Game.objects.filter(night=night, is_playoff=True).order_by("id")
    ]


@pytest.fixture
def three_way():
    """Pairs 1, 2 and 3 tied for places 1 to 3."""
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 3)])
    return night


def test_start_creates_the_round_robin(three_way, director):
    games = services.playoffs_start(night=three_way, user=director)

    assert [(game.pair_a, game.pair_b) for game in games] == [(1, 2), (1, 3), (2, 3)]
    assert all(game.is_playoff and game.round is None for game in games)
    assert playoff_pairs(three_way) == [(1, 2, None), (1, 3, None), (2, 3, None)]
    assert Game.history.filter(id=games[0].pk).get().history_user == director


def test_starting_twice_adds_nothing(three_way):
    services.playoffs_start(night=three_way)

    with pytest.raises(ValidationError, match="started already"):
        services.playoffs_start(night=three_way)

    assert len(playoff_pairs(three_way)) == 3


def test_still_level_after_the_round_robin_starts_the_next_round(three_way):
    services.playoffs_start(night=three_way)
    for a, b, winner in CYCLE:
        win_playoff(three_way, (a, b), winner)

    games = services.playoffs_start(night=three_way)

    assert [(game.pair_a, game.pair_b) for game in games] == [(1, 2), (1, 3), (2, 3)]
    assert len(playoff_pairs(three_way)) == 6


def test_no_playoffs_before_every_game_is_finished():
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 3)], leave=[(5, 6)])

    with pytest.raises(ValidationError, match=r"once every game is finished; not yet: round \d"):
        services.playoffs_start(night=night)

    assert playoff_pairs(night) == []


def test_no_playoffs_while_a_pairing_has_no_game():
    document = night_document(6, [(1, 3)])  # pairs 1, 2 and 3 tied for places 1 to 3
    document["games"] = [game for game in document["games"] if game["pairs"] != [5, 6]]
    night = services.night_import(document=document)

    with pytest.raises(ValidationError, match="not yet: pairs 5 and 6 have no game"):
        services.playoffs_start(night=night)

    assert playoff_pairs(night) == []
    assert not selectors.night_results(night).round_robin_done


def test_no_playoffs_without_a_tie():
    night = night_with_schedule(4)
    play_out(night)

    with pytest.raises(ValidationError, match="No tie decides a prize"):
        services.playoffs_start(night=night)


def test_no_playoffs_under_pegs(three_way):
    services.night_tiebreak_set(night=three_way, tiebreak="pegs")

    with pytest.raises(ValidationError, match="breaks ties on pegs"):
        services.playoffs_start(night=three_way)


# --- the tie-break ------------------------------------------------------------------------


def test_switching_to_pegs_removes_the_playoffs_not_begun(three_way, director):
    services.playoffs_start(night=three_way)
    win_playoff(three_way, (1, 2), 1)

    removed = services.night_tiebreak_set(night=three_way, tiebreak="pegs", user=director)

    three_way.refresh_from_db()
    assert three_way.tiebreak == "pegs"
    assert removed == 2
    assert playoff_pairs(three_way) == [(1, 2, 1)]  # a finished play-off stays on record
    assert three_way.history.first().history_user == director


def test_switching_to_pegs_is_refused_while_a_playoff_is_under_way(three_way):
    services.playoffs_start(night=three_way)
    playoff = Game.objects.filter(night=three_way, is_playoff=True).first()
    services.hand_record(game=playoff, data={"passed": True})

    with pytest.raises(ValidationError, match="A play-off is under way"):
        services.night_tiebreak_set(night=three_way, tiebreak="pegs")

    three_way.refresh_from_db()
    assert three_way.tiebreak == "playoff"
    assert len(playoff_pairs(three_way)) == 3


def test_switching_back_to_playoffs(three_way):
    services.night_tiebreak_set(night=three_way, tiebreak="pegs")

    assert services.night_tiebreak_set(night=three_way, tiebreak="playoff") == 0

    three_way.refresh_from_db()
    assert three_way.tiebreak == "playoff"


def test_an_unknown_tiebreak_is_refused(three_way):
    with pytest.raises(ValidationError, match="'coin' is not a tie-break"):
        services.night_tiebreak_set(night=three_way, tiebreak="coin")


def test_the_same_tiebreak_again_changes_nothing(three_way):
    records = three_way.history.count()

    assert services.night_tiebreak_set(night=three_way, tiebreak="playoff") == 0

    assert three_way.history.count() == records
