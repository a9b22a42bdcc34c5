"""What a variant is: a declarative description plus one scoring function.

A variant module (``variants/club11.py`` …) builds one :class:`Variant`; everything that
is the same for every variant (reading a hand, folding a game, deciding who reached the
target first) lives beside it in ``hand.py`` and ``game.py``. Sides are referred to by
their index in the game's ``sides`` here; labels (pair numbers) are the callers' business.
"""

from collections.abc import Callable
from functools import cached_property
from itertools import product
from typing import NamedTuple

from scoring.rules.errors import Words, gettext_noop, words


class Card(NamedTuple):
    """A scoring card: ``high`` is always awarded; ``jack`` may be out of play (``None``)."""

    key: str
    label: str
    points: int
    always_awarded: bool = False


class Hand(NamedTuple):
    """A validated hand result; sides are indices into the game's sides."""

    passed: bool = False
    bidder: int | None = None
    bid: int | None = None
    money: bool = False
    taken: tuple[int, ...] = ()
    revoke: int | None = None
    cards: tuple[int | None, ...] | None = None
    # ``razzle``: the player the bidder called (``None``: alone). With a called partner,
    # ``taken`` is each player's credit: the points of his side (``credited``).
    partner: int | None = None


class HandScore(NamedTuple):
    """What a hand does to the game: pegs per side, the Cinch charged, a Money decision.

    ``counts`` (variants that count out): the sides each scoring card is credited to on
    this hand, in the order of ``Variant.cards`` (one side; every player of the side that
    took it in ``razzle``; none for a card that scores for nobody); or ``None`` when the
    hand was given as totals, so its cards are not known.
    """

    change: tuple[int, ...]
    cinch: int | None = None
    made: bool | None = None
    decided: int | None = None
    counts: tuple[tuple[int, ...], ...] | None = None
    # ``razzle``: the called partner, charged a Cinch with the bidder when they fail.
    partner_cinch: int | None = None


class Variant:
    """One way of scoring Cinch, as ``rules.md`` describes it; made once, never changed."""

    def __init__(
        self,
        *,
        id: str,
        name: str,
        summary: str,
        sources: tuple[str, ...],
        cards: tuple[Card, ...],
        bids: range,
        side_counts: tuple[int, ...],
        target: int,
        score: Callable[[Hand, "Variant"], HandScore],
        money_bid: bool = False,
        passed_deal: bool = False,
        revoke: bool = False,
        cinch_cap: int | None = None,
        one_side_scores: bool = False,
        counts_out: bool = False,
        count_out_law: int | None = None,
        score_sheet_rows: int = 16,
        table_players: tuple[int, ...] = (),
        called_partner: bool = False,
        shares_win: bool = False,
        discards: str | None = None,
    ):
        self.id = id
        self.name = name
        self.summary = summary
        self.sources = sources
        self.cards = cards
        self.bids = bids
        self.side_counts = side_counts
        self.target = target
        self.score = score
        self.money_bid = money_bid
        self.passed_deal = passed_deal
        self.revoke = revoke
        self.cinch_cap = cinch_cap
        self.one_side_scores = one_side_scores
        # Several sides reaching the target on one hand: count the hand's cards out in the
        # order of ``cards`` (their precedence) and the first side to reach it wins; the
        # scoring function then fills ``HandScore.counts``. Otherwise the bidder counts first.
        self.counts_out = counts_out
        # The law of the variant's rules that orders the count-out, for pages that say why a
        # game was won (seed 003, law 13).
        self.count_out_law = count_out_law
        # Ruled rows on the printed score sheet: about the hands a game of it takes.
        self.score_sheet_rows = score_sheet_rows
        # A game of single players outside a night (``cinch-game/1``): how many may sit.
        self.table_players = table_players
        # The bidder may call a partner for the hand (``razzle``); points are then given
        # as two totals, the bidder's side and the others', whatever the number of players.
        self.called_partner = called_partner
        # Several sides reaching the target on one hand all win (``razzle``).
        self.shares_win = shares_win
        # Who a scoring card found in the discard pile counts for, said beside the cards on
        # the hand forms and in the score sheets' legend: the core cannot tell a discarded
        # card from one never dealt, so the scorer must know (``None``: no discard pile).
        self.discards = discards

    def __repr__(self) -> str:
        return f"Variant({self.id!r})"

    @cached_property
    def named(self) -> Words:
        """The variant's name for a message's ``{variant}``: the reader's words for it
        ("Cinch du club en 11"), never its code."""
        return words(self.name)

    @cached_property
    def total_points(self) -> int:
        return sum(card.points for card in self.cards)

    @cached_property
    def card_keys(self) -> tuple[str, ...]:
        return tuple(card.key for card in self.cards)

    @cached_property
    def hand_fields(self) -> frozenset[str]:
        """Every key a hand of this variant may have."""
        extra = ("partner",) if self.called_partner else ()
        return frozenset({"passed", "bidder", "bid", "points", "revoke", *extra, *self.card_keys})

    def totals_count(self, side_count: int) -> int:
        """How many point totals a hand given as totals has: one per side, or two (the
        bidder's side and the others') when the bidder calls a partner."""
        return 2 if self.called_partner else side_count

    def bid_words(self) -> Words:
        """The legal bids in words, for error messages: ``2 to 4, or money``."""
        if self.money_bid:
            return words(
                gettext_noop("{first} to {last}, or money"),
                first=self.bids.start,
                last=self.bids.stop - 1,
            )
        return words(
            gettext_noop("{first} to {last}"), first=self.bids.start, last=self.bids.stop - 1
        )

    def possible_totals(self, side_count: int) -> frozenset[tuple[int, ...]]:
        """Every points-per-side tuple that some crediting of the scoring cards makes."""
        known = self._possible_totals
        if side_count not in known:
            known[side_count] = _possible_totals(self.cards, side_count)
        return known[side_count]

    @cached_property
    def _possible_totals(self) -> dict[int, frozenset[tuple[int, ...]]]:
        return {}

    def takings(self, side_count: int) -> "Takings":
        """What each of ``side_count`` sides takes by the cards credited to it, by whom
        each card went to (``Takings``), for every game of that many sides."""
        known = self._takings
        if side_count not in known:
            known[side_count] = Takings(self.cards, side_count)
        return known[side_count]

    @cached_property
    def _takings(self) -> dict[int, "Takings"]:
        return {}

    def most_one_hand(self, side_count: int) -> int:
        """The most a side can peg on one hand (``club11`` 4, ``cinch51`` 28: a set of a
        14 bid with nothing taken), from the variant's own scoring of every possible hand."""
        return self._reach(side_count)[0]

    def least_a_cinch_gives(self, side_count: int) -> int:
        """The least the other sides peg on a hand that charges a Cinch (``cinch51`` 15:
        14 + a shortfall of at least 1; ``club11`` 0)."""
        return self._reach(side_count)[1]

    def _reach(self, side_count: int) -> tuple[int, int]:
        known = self._reaches
        if side_count not in known:
            known[side_count] = _reach(self, side_count)
        return known[side_count]

    @cached_property
    def _reaches(self) -> dict[int, tuple[int, int]]:
        return {}


class Takings(dict):
    """``{owners: taken}``: the points each side takes when card i of the variant goes to
    side ``owners[i]`` (``None``: to nobody), or ``None`` when a card always awarded went
    to nobody. Worked out the first time a split of the cards is met, then looked up: a
    variant has few such splits (81 for two sides in ``club11``)."""

    def __init__(self, cards: tuple[Card, ...], side_count: int):
        super().__init__()
        self.cards, self.side_count = cards, side_count

    def __missing__(self, owners: tuple) -> tuple[int, ...] | None:
        taken = [0] * self.side_count
        for card, owner in zip(self.cards, owners, strict=True):
            if owner is not None:
                taken[owner] += card.points
            elif card.always_awarded:
                self[owners] = None
                return None
        self[owners] = tuple(taken)
        return self[owners]


def _reach(variant: Variant, side_count: int) -> tuple[int, int]:
    """``(most one hand pegs, least a Cinch gives the others)`` over every bid, bidder,
    partner, revoke and points split the variant allows (Money pegs nothing, so it is
    left out)."""
    # A called-partner hand with a revoke is given card by card (its totals cannot say
    # who revoked what), and a revoke only moves points within the 14 of a hand.
    revokes = (
        (None, *range(side_count)) if variant.revoke and not variant.called_partner else (None,)
    )
    partners = (None, *range(side_count)) if variant.called_partner else (None,)
    most, least = 0, None
    for taken, bidder, bid, revoke, partner in product(
        variant.possible_totals(variant.totals_count(side_count)),
        range(side_count),
        variant.bids,
        revokes,
        partners,
    ):
        if partner == bidder:
            continue
        if variant.called_partner:
            taken = credited(taken, side_count, bidder, partner)
        hand = Hand(bidder=bidder, bid=bid, taken=taken, revoke=revoke, partner=partner)
        result = variant.score(hand, variant)
        most = max(most, *result.change)
        if result.cinch is not None:
            others = [c for side, c in enumerate(result.change) if side != result.cinch]
            least = min(others) if least is None else min(least, *others)
    return most, least or 0


def credited(totals, side_count: int, bidder: int, partner: int | None) -> tuple[int, ...]:
    """Each player's credit when the bidder called ``partner``: the bidder's side's total
    (``totals[0]``) to the bidder and the partner, the others' (``totals[1]``) to everyone
    else ("each player being credited with the full number of points made by their side")."""
    return tuple(
        totals[0] if side in (bidder, partner) else totals[1] for side in range(side_count)
    )


def _possible_totals(cards: tuple[Card, ...], side_count: int) -> frozenset[tuple[int, ...]]:
    choices = [
        range(side_count) if card.always_awarded else (*range(side_count), None) for card in cards
    ]
    totals = set()
    for owners in product(*choices):
        taken = [0] * side_count
        for card, owner in zip(cards, owners, strict=True):
            if owner is not None:
                taken[owner] += card.points
        totals.add(tuple(taken))
    return frozenset(totals)


HIGH = Card("high", gettext_noop("High"), 1, always_awarded=True)
LOW = Card("low", gettext_noop("Low"), 1, always_awarded=True)
JACK = Card("jack", gettext_noop("Jack"), 1)
GAME = Card("game", gettext_noop("Game"), 1)
RIGHT_PEDRO = Card("right_pedro", gettext_noop("Right Pedro"), 5)
LEFT_PEDRO = Card("left_pedro", gettext_noop("Left Pedro"), 5)
# In their order of precedence (seed 003, law 13), the order a hand is counted out in.
PEDRO_CARDS = (HIGH, LOW, JACK, GAME, RIGHT_PEDRO, LEFT_PEDRO)
