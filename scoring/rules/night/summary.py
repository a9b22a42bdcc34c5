"""Scoring a night: its standings, prize ties, fees, prizes and ledger, from its games.

``summarise`` takes a :class:`~scoring.rules.night.reading.Night` already read and checked
and computes, once, everything the club is told about it: the ranks (``standings``), who
takes each place and the booby or the ties that stop it, every player's fees and
winnings (``pot``), and why the payout waits while it does (unfinished games, pairings of
the round robin with no game, prize ties). It reads no document and writes none: the
pages, the PDFs and ``night.documents`` all start from the same :class:`Summary`.
"""

from decimal import Decimal
from itertools import combinations
from typing import NamedTuple

from scoring.rules.errors import Words, gettext_noop, words
from scoring.rules.hand import side_names
from scoring.rules.night.reading import Night, NightGame
from scoring.rules.pot import Fees, Payout, collect_fees, pay_out, players_of, prizes_offered
from scoring.rules.standings import PLAYOFF, Ranking, pair_records, rank, settle_prizes


def _pairs_words(pairs) -> Words:
    return side_names(pairs, "pair")


def pairings_without_a_game(night: Night) -> list[tuple[int, int]]:
    """The pairings of the round robin that the night lists no game for (a night file
    that leaves one out): each counts as an unfinished game, unless both pairs have
    withdrawn (such a game would be void)."""
    met = {frozenset(game.pairs) for game in night.games}
    return [
        pairing
        for pairing in combinations(range(1, night.pair_count + 1), 2)
        if frozenset(pairing) not in met and not set(pairing) <= night.withdrawn.keys()
    ]


MISSING_SHOWN = 5


def missing_reasons(missing) -> list[Words]:
    """``pairs 4 and 5 have no game``, for the first few pairings left out, then how many
    more."""
    reasons = [
        words(gettext_noop("{pairs} have no game"), pairs=_pairs_words(pairing))
        for pairing in missing[:MISSING_SHOWN]
    ]
    if len(missing) > MISSING_SHOWN:
        more = len(missing) - MISSING_SHOWN
        code = (
            gettext_noop("{more} more pairings have no game")
            if more > 1
            else gettext_noop("{more} more pairing has no game")
        )
        reasons.append(words(code, more=more))
    return reasons


def blocked_reasons(unfinished: int, missing, ties, tiebreak: str) -> list[Words]:
    """Why places and booby cannot be paid yet, in words for the treasurer."""
    reasons = []
    if unfinished:
        code = (
            gettext_noop("{count} games are not finished")
            if unfinished > 1
            else gettext_noop("{count} game is not finished")
        )
        reasons.append(words(code, count=unfinished))
    reasons += missing_reasons(missing)
    for tie in ties:
        stake = tie.said or tie.stake
        if unfinished or missing:
            # Mid-evening a tie is no alarm: the games left may part the pairs.
            code = gettext_noop("{pairs} are level for {stake} so far")
            reasons.append(words(code, pairs=_pairs_words(tie.pairs), stake=stake))
            continue
        code = (
            gettext_noop("{pairs} are tied for {stake}: a play-off among them decides it")
            if tiebreak == PLAYOFF
            else gettext_noop(
                "{pairs} are tied for {stake}: they are level on wins, peg difference and pegs for"
            )
        )
        reasons.append(words(code, pairs=_pairs_words(tie.pairs), stake=stake))
    return reasons


class Prize(NamedTuple):
    """A place (``place`` 1, 2, …) or the booby (``place`` ``None``): its pair and amount."""

    place: int | None
    pair: int
    names: str
    amount: Decimal


class LedgerLine(NamedTuple):
    """A player's money for the night: ``won`` is ``None`` while the payout is blocked."""

    number: int
    name: str
    paid: Decimal
    won: Decimal | None
    house: bool = False

    @property
    def pair(self) -> int:
        return (self.number + 1) // 2

    @property
    def net(self) -> Decimal | None:
        return None if self.won is None else self.won - self.paid


class Summary(NamedTuple):
    """Everything the club is told about a night, before it is written as a document.

    ``payout`` is ``None`` while ``blocked`` has reasons (unfinished games, pairings of
    the round robin with no game at all, prize ties).
    """

    night: Night
    finished: list[NightGame]
    ranking: Ranking
    fees: Fees
    unfinished: int
    missing: list[tuple[int, int]]
    blocked: list[str]
    payout: Payout | None
    # ``blocked`` as words, said in the reader's language (the document keeps English).
    said_blocked: list[Words]

    @property
    def places(self) -> list[Prize]:
        """The places paid, in order; none while the payout is blocked."""
        if self.payout is None:
            return []
        pairs, amounts = self.ranking.places, self.payout.places
        return [
            Prize(place, pair, self.pair_names(pair), amount)
            for place, (pair, amount) in enumerate(zip(pairs, amounts, strict=True), start=1)
        ]

    @property
    def booby(self) -> Prize | None:
        """The booby prize, when the payout is made and the night has one."""
        pair = self.ranking.booby
        if self.payout is None or pair is None:
            return None
        return Prize(None, pair, self.pair_names(pair), self.payout.booby)

    @property
    def ledger(self) -> list[LedgerLine]:
        """Every player's paid and won, by number: the one ledger of the night."""
        won = self.payout.won if self.payout is not None else None
        return [
            LedgerLine(
                number,
                self.night.players[number - 1],
                paid,
                None if won is None else won.get(number, Decimal(0)),
                number in self.night.house,
            )
            for number, paid in sorted(self.fees.paid.items())
        ]

    def pair_names(self, pair: int) -> str:
        """``Ann & Bob``: the players of ``pair``."""
        return " & ".join(self.night.players[number - 1] for number in players_of(pair))


def withdrawn_last(records) -> list:
    """Withdrawn pairs, listed after the pairs in the prizes: most wins first, then by
    pair; they take no rank (``None``)."""
    ordered = sorted(records, key=lambda record: (-record.wins, record.pair))
    for record in ordered:
        record.rank = None
    return ordered


def summarise(night: Night) -> Summary:
    """Ranks, prize ties, fees and prizes of ``night``, from its finished games."""
    finished = [game for game in night.games if game.finished]
    outcomes = [game.outcome() for game in finished]
    playoff_outcomes = [game.outcome() for game in night.playoffs if game.finished]
    records = pair_records(night.pair_count, outcomes, playoff_outcomes)
    in_the_prizes = night.pairs_in_the_prizes
    by_share = night.ended_early
    blocks = rank(
        [records[pair] for pair in in_the_prizes],
        playoff_outcomes,
        night.tiebreak,
        by_share=by_share,
    )
    money = night.money
    place_count, booby_offered = prizes_offered(money, len(in_the_prizes))
    ranking = settle_prizes(blocks, place_count, booby_offered, by_share=by_share)
    ranking.withdrawn = withdrawn_last([records[pair] for pair in night.withdrawn])
    # Ended early, a game not finished is void: it holds nothing up (nor does a pairing
    # never listed).
    unfinished = 0
    missing = []
    if not night.ended_early:
        unfinished = sum(
            not game.finished and not game.void for game in (*night.games, *night.playoffs)
        )
        missing = pairings_without_a_game(night)
    played = [game.outcome() for game in finished if not game.forfeit]
    fees = collect_fees(money, night.pair_count, played, night.house)
    reasons = blocked_reasons(unfinished, missing, ranking.ties, night.tiebreak)
    payout = (
        None if reasons else pay_out(money, fees.pot, ranking.places, ranking.booby, night.house)
    )
    blocked = [reason.say() for reason in reasons]
    return Summary(night, finished, ranking, fees, unfinished, missing, blocked, payout, reasons)
