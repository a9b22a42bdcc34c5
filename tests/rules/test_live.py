"""The rules core's live rules: the current round, games played, prizes on course, when
play-offs are proposed, and the pot's prizes so far."""

from dataclasses import dataclass
from decimal import Decimal

from scoring.rules import live
from scoring.rules.pot import MoneySettings
from scoring.rules.standings import PairRecord, PlayoffProposal, Ranking, Tie


@dataclass
class G:
    round: int | None
    finished: bool
    is_playoff: bool = False


def test_current_round_is_the_first_with_a_game_not_finished():
    games = [G(1, True), G(1, True), G(2, True), G(2, False), G(3, False)]
    assert live.current_round(games) == 2
    assert live.current_round([G(1, True), G(None, False, is_playoff=True)]) is None


def test_played_counts_wins_and_losses_not_playoffs():
    assert live.played(PairRecord(1, wins=2, losses=1, playoff_wins=3)) == 3


def test_prizes_on_course_places_booby_and_level_pairs():
    ranking = Ranking(blocks=[], places=[4, 1], booby=6, ties=[Tie((2, 5), "place 3")])
    courses = live.prizes_on_course(ranking, final=False)
    assert {pair: course.words for pair, course in courses.items()} == {
        4: "1st",
        1: "2nd",
        6: "booby",
        2: "level for place 3",
        5: "level for place 3",
    }
    assert all(course.provisional for course in courses.values())
    assert not any(c.provisional for c in live.prizes_on_course(ranking, final=True).values())


def test_playoffs_are_proposed_only_once_the_round_robin_is_done():
    proposal = PlayoffProposal(Tie((1, 2), "places 1 and 2"), ((1, 2),), (), 1)
    assert live.playoffs_due([proposal], round_robin_done=False) == []
    assert live.playoffs_due([proposal], round_robin_done=True) == [proposal]


def test_prizes_so_far_add_up_to_the_pot():
    shares = live.prizes_so_far(MoneySettings(), Decimal("30.55"), 5)
    assert [share.words for share in shares] == [
        "1st place",
        "2nd place",
        "3rd place",
        "Booby prize",
    ]
    assert [share.amount for share in shares] == [
        Decimal("13.28"),
        Decimal("7.96"),
        Decimal("5.31"),
        Decimal("4.00"),
    ]
    assert sum(share.amount for share in shares) == Decimal("30.55")
    # Three pairs: three places and no booby (it needs 4 pairs).
    assert [s.words for s in live.prizes_so_far(MoneySettings(), Decimal(12), 3)] == [
        "1st place",
        "2nd place",
        "3rd place",
    ]
