"""The night while it is played: the current round, games played, and the prizes the pairs
are on course for, for the round board, the projector and the live standings.

Pure like the rest of the rules core. Mid-evening a tie is not an alarm: pairs level with
games still to play are only said to be level (the games left may part them), and
play-offs are proposed once every game of the round robin is finished.
"""

from decimal import Decimal
from typing import NamedTuple

from scoring.rules.errors import Words, gettext_noop, words
from scoring.rules.pot import pay_out, prizes_offered
from scoring.rules.records import compared_on
from scoring.rules.standings import PairRecord, PlayoffProposal, Ranking

# A pair's place in the standings (``1st``) and a prize (``1st place``): French says them
# apart (``1er``, ``1re place``), so each is its own message.
ORDINALS = {1: gettext_noop("1st"), 2: gettext_noop("2nd"), 3: gettext_noop("3rd")}
PLACES = {1: gettext_noop("1st place"), 2: gettext_noop("2nd place"), 3: gettext_noop("3rd place")}


def ordinal(place: int) -> Words:
    return (
        words(ORDINALS[place])
        if place in ORDINALS
        else words(gettext_noop("{place}th"), place=place)
    )


def place_words(place: int | None) -> Words:
    """``1st place`` … or the booby: a prize in words."""
    if place is None:
        return words(gettext_noop("Booby prize"))
    if place in PLACES:
        return words(PLACES[place])
    return words(gettext_noop("{place}th place"), place=place)


def current_round(games) -> int | None:
    """The first round with a game not finished (``games``: anything with ``round``,
    ``finished`` and ``is_playoff``); ``None`` once every scheduled game is finished."""
    open_rounds = [game.round for game in games if not game.is_playoff and not game.finished]
    return min(open_rounds, default=None)


def played(record: PairRecord) -> int:
    """Games of the round robin a pair has finished (won or lost; play-offs apart)."""
    return record.wins + record.losses


class Course(NamedTuple):
    """The prize a pair is on course for: ``words`` as shown (``1st``, ``level for places
    2 and 3``, ``booby``); ``provisional`` until the night is final."""

    words: str
    provisional: bool
    # ``words`` as the rules core's words, said in the reader's language.
    said: Words | None = None

    __eq__, __ne__, __hash__ = compared_on("words", "provisional")

    @classmethod
    def of(cls, said: Words, provisional: bool) -> "Course":
        return cls(said.say(), provisional, said)


def prizes_on_course(ranking: Ranking, *, final: bool) -> dict[int, Course]:
    """``{pair: Course}`` for every pair in the money (places and booby) as the standings
    stand now; pairs level where it decides a prize are ``level for`` its stake."""
    courses = {
        pair: Course.of(ordinal(place), not final)
        for place, pair in enumerate(ranking.places, start=1)
    }
    if ranking.booby is not None:
        courses[ranking.booby] = Course.of(words(gettext_noop("booby")), not final)
    for tie in ranking.ties:
        level = words(gettext_noop("level for {stake}"), stake=tie.said or tie.stake)
        for pair in tie.pairs:
            courses[pair] = Course.of(level, not final)
    return courses


def playoffs_due(
    proposals: list[PlayoffProposal], *, round_robin_done: bool
) -> list[PlayoffProposal]:
    """The play-offs to propose now: none while round-robin games remain, as the ties can
    still change until then; the rules core's proposals once they are all finished."""
    return proposals if round_robin_done else []


class PrizeShare(NamedTuple):
    """A prize as the pot stands now: ``place`` 1, 2, … or ``None`` for the booby."""

    place: int | None
    amount: Decimal

    @property
    def said(self) -> Words:
        return place_words(self.place)

    @property
    def words(self) -> str:
        return self.said.say()


def prizes_so_far(money, pot, pair_count: int) -> list[PrizeShare]:
    """What each place and the booby would pay from the pot as it stands (the same
    rounding and order as the final payout, ``pot.pay_out``), for the projector; the
    places and booby offered as ``night.summary.summarise`` offers them (the pairs named here
    only stand in: amounts do not depend on who takes them); ``pair_count``: the pairs in
    the prizes (withdrawn pairs take none)."""
    place_count, booby_offered = prizes_offered(money, pair_count)
    booby = pair_count if booby_offered else None
    payout = pay_out(money, pot, list(range(1, place_count + 1)), booby)
    shares = [PrizeShare(place, amount) for place, amount in enumerate(payout.places, start=1)]
    if payout.booby is not None:
        shares.append(PrizeShare(None, payout.booby))
    return shares
