"""Play-offs on the site: starting the round the rules core proposes, and the tie-break.

What each tie needs next is the rules core's (``propose_playoffs``, in
``tests/rules/test_standings.py``); here the games are made, once.
"""

import pytest
from django.core.exceptions import ValidationError

from scoring.games import services as games_services
from scoring.models import Game
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out, win_playoff
from tests.rules.test_standings import CYCLE, night_document

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
    games = results_services.playoffs_start(night=three_way, user=director)

    assert [(game.pair_a, game.pair_b) for game in games] == [(1, 2), (1, 3), (2, 3)]
    assert all(game.is_playoff and game.round is None for game in games)
    assert playoff_pairs(three_way) == [(1, 2, None), (1, 3, None), (2, 3, None)]
    assert Game.history.filter(id=games[0].pk).get().history_user == director


def test_starting_twice_adds_nothing(three_way):
    results_services.playoffs_start(night=three_way)

    with pytest.raises(ValidationError, match="started already"):
        results_services.playoffs_start(night=three_way)

    assert len(playoff_pairs(three_way)) == 3


def test_still_level_after_the_round_robin_starts_the_next_round(three_way):
    results_services.playoffs_start(night=three_way)
    for a, b, winner in CYCLE:
        win_playoff(three_way, (a, b), winner)

    games = results_services.playoffs_start(night=three_way)

    assert [(game.pair_a, game.pair_b) for game in games] == [(1, 2), (1, 3), (2, 3)]
    assert len(playoff_pairs(three_way)) == 6


def test_a_round_half_played_pays_nothing_and_proposes_nothing_twice(three_way):
    results_services.playoffs_start(night=three_way)
    win_playoff(three_way, (1, 2), 1)
    win_playoff(three_way, (1, 3), 1)

    results = results_selectors.night_results(three_way)

    # Pair 1 beat both, but 2 and 3 have not met: the round counts once it is whole.
    assert [tie.pairs for tie in results.summary.ranking.ties] == [(1, 2, 3)]
    assert results.summary.payout is None
    assert [(p.games, p.waiting) for p in results.proposals] == [((), ((2, 3),))]
    with pytest.raises(ValidationError, match="started already"):
        results_services.playoffs_start(night=three_way)


def test_no_playoffs_before_every_game_is_finished():
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 3)], leave=[(5, 6)])

    with pytest.raises(ValidationError, match=r"once every game is finished; not yet: round \d"):
        results_services.playoffs_start(night=night)

    assert playoff_pairs(night) == []


def test_no_playoffs_while_a_pairing_has_no_game():
    document = night_document(6, [(1, 3)])  # pairs 1, 2 and 3 tied for places 1 to 3
    document["games"] = [game for game in document["games"] if game["pairs"] != [5, 6]]
    night = nights_services.night_import(document=document)

    with pytest.raises(ValidationError, match="not yet: pairs 5 and 6 have no game"):
        results_services.playoffs_start(night=night)

    assert playoff_pairs(night) == []
    assert not results_selectors.night_results(night).round_robin_done


def test_no_playoffs_without_a_tie():
    night = night_with_schedule(4)
    play_out(night)

    with pytest.raises(ValidationError, match="No tie decides a prize"):
        results_services.playoffs_start(night=night)


def test_no_playoffs_under_pegs(three_way):
    results_services.night_tiebreak_set(night=three_way, tiebreak="pegs")

    with pytest.raises(ValidationError, match="breaks ties on pegs"):
        results_services.playoffs_start(night=three_way)


# --- the tie-break ------------------------------------------------------------------------


def test_switching_to_pegs_removes_the_playoffs_not_begun(three_way, director):
    results_services.playoffs_start(night=three_way)
    win_playoff(three_way, (1, 2), 1)

    removed = results_services.night_tiebreak_set(night=three_way, tiebreak="pegs", user=director)

    three_way.refresh_from_db()
    assert three_way.tiebreak == "pegs"
    assert removed == 2
    assert playoff_pairs(three_way) == [(1, 2, 1)]  # a finished play-off stays on record
    assert three_way.history.first().history_user == director


def test_switching_to_pegs_is_refused_while_a_playoff_is_under_way(three_way):
    results_services.playoffs_start(night=three_way)
    playoff = Game.objects.filter(night=three_way, is_playoff=True).first()
    games_services.hand_record(game=playoff, data={"passed": True})

    with pytest.raises(ValidationError, match="A play-off is under way"):
        results_services.night_tiebreak_set(night=three_way, tiebreak="pegs")

    three_way.refresh_from_db()
    assert three_way.tiebreak == "playoff"
    assert len(playoff_pairs(three_way)) == 3


def test_switching_back_to_playoffs(three_way):
    results_services.night_tiebreak_set(night=three_way, tiebreak="pegs")

    assert results_services.night_tiebreak_set(night=three_way, tiebreak="playoff") == 0

    three_way.refresh_from_db()
    assert three_way.tiebreak == "playoff"


def test_an_unknown_tiebreak_is_refused(three_way):
    with pytest.raises(ValidationError, match="'coin' is not a tie-break"):
        results_services.night_tiebreak_set(night=three_way, tiebreak="coin")


def test_the_same_tiebreak_again_changes_nothing(three_way):
    records = three_way.history.count()

    assert results_services.night_tiebreak_set(night=three_way, tiebreak="playoff") == 0

    assert three_way.history.count() == records
