"""Reading one hand result: card by card or as points per side, checked against a variant.

A hand arrives as a dict (``{"bidder": 1, "bid": 3, "high": 1, "low": 2, "jack": 1,
"game": null}``, ``{"bidder": 2, "bid": 6, "points": [6, 8]}`` or ``{"passed": true}``)
and leaves as a :class:`~scoring.rules.variant.Hand` whose sides are indices, or as an
:class:`InvalidInput` whose problems name the field and the rule.
"""

from decimal import Decimal

from scoring.rules.errors import (
    InvalidInput,
    Problem,
    Words,
    gettext_noop,
    shown_key,
    shown_value,
    words,
)
from scoring.rules.variant import Hand, Variant, credited

MONEY = "money"
# Seed 001: "the Money bidder must hold the Jack of trumps", so it is always in play.
MONEY_HOLDS = "jack"


def side_names(sides, word: str) -> str:
    """``pairs 1 and 2``: how the sides of a game are named in messages."""
    labels = [str(side) for side in sides]
    listed = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
    return f"{word}s {listed}"


def is_whole_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SideChecker:
    """Collects problems while reading input about a game between ``sides``."""

    def __init__(self, variant: Variant, sides, word: str):
        self.variant = variant
        self.sides = tuple(sides)
        self.word = word
        self.index = {side: i for i, side in enumerate(self.sides)}
        self.problems: list[Problem] = []

    def fail(self, place: str, message: str | Words) -> None:
        said = message if isinstance(message, Words) else None
        self.problems.append(Problem.said(place, said) if said else Problem(place, message))

    def side(self, place: str, value, missing: str) -> int | None:
        """The index of the side named by ``value``, or ``None`` after noting a problem."""
        try:
            position = self.index.get(value)
        except TypeError:  # a list or object where a side belongs
            position = None
        if position is not None and type(value) is type(self.sides[position]):
            return position
        if value is None:
            self.fail(place, missing)
            return None
        playing = side_names(self.sides, self.word)
        self.fail(place, f"{self.word} {shown_value(value)} is not in this game ({playing})")
        return None


class HandReader(SideChecker):
    """Reads one hand, collecting its problems."""

    def read(self, raw) -> Hand | None:
        """The hand, or ``None`` with ``problems`` saying why (emptied on every call)."""
        self.problems = []
        if not isinstance(raw, dict):
            self.fail("", "a hand must be an object: bidder, bid and cards, or passed")
            return None
        self.check_fields(raw)
        passed = raw.get("passed", False)
        if passed is True:
            return self.read_passed(raw)
        if passed is not False:
            self.fail("passed", "passed must be true or false")
        bidder = self.side("bidder", raw.get("bidder"), "the bidder is missing")
        bid, money = self.read_bid(raw.get("bid"))
        revoke = self.read_revoke(raw.get("revoke"))
        partner = self.read_partner(raw.get("partner"), bidder)
        cards, taken = self.read_points(raw)
        if money and not self.problems:
            self.check_money_hand(cards, taken)
        if self.problems:
            return None
        if self.variant.called_partner:
            taken = self.credit_sides(cards, taken, bidder, partner)
        return Hand(
            bidder=bidder,
            bid=bid,
            money=money,
            taken=taken,
            revoke=revoke,
            cards=cards,
            partner=partner,
        )

    def read_partner(self, partner, bidder: int | None) -> int | None:
        """The called partner's index (``razzle``), ``None`` when the bidder plays alone."""
        if partner is None or not self.variant.called_partner:
            return None
        position = self.side("partner", partner, "")
        if position is not None and position == bidder:
            self.fail(
                "partner",
                f"the partner is the {self.word} holding the card the bidder called: never "
                "the bidder (give null when the bidder plays alone)",
            )
            return None
        return position

    def credit_sides(self, cards, taken, bidder: int, partner: int | None) -> tuple[int, ...]:
        """Each player's credit from the two sides' totals; card by card, a card counts
        for the side of the player who took it."""
        if cards is not None:
            ours = sum(
                card.points
                for card, owner in zip(self.variant.cards, cards, strict=True)
                if owner is not None and owner in (bidder, partner)
            )
            taken = (ours, sum(taken) - ours)
        return credited(taken, len(self.sides), bidder, partner)

    def check_fields(self, raw: dict) -> None:
        fields = self.variant.hand_fields
        for key in raw:
            if key not in fields:
                cards = ", ".join(self.variant.card_keys)
                self.fail(
                    shown_key(key), f"not a field of a {self.variant.id} hand (its cards: {cards})"
                )

    def read_passed(self, raw: dict) -> Hand | None:
        if not self.variant.passed_deal:
            self.fail(
                "passed",
                f"{self.variant.id} has no passed deal: when nobody bids the dealer must bid "
                f"{self.variant.bids.start}",
            )
        elif len(raw) > 1:
            self.fail("passed", "a passed deal has no bidder, bid, cards or points")
        return None if self.problems else Hand(passed=True, taken=(0,) * len(self.sides))

    def read_bid(self, bid) -> tuple[int | None, bool]:
        variant = self.variant
        if is_whole_number(bid) and bid in variant.bids:
            return bid, False
        legal = words(
            gettext_noop("{variant} bids are {bids}"), variant=variant.id, bids=variant.bid_words()
        )
        if isinstance(bid, str) and bid.strip().lower() == MONEY:
            if variant.money_bid:
                return None, True
            self.fail(
                "bid",
                words(
                    gettext_noop("money is not a bid in {variant}: bids are {bids}"),
                    variant=variant.id,
                    bids=variant.bid_words(),
                ),
            )
        elif bid is None:
            self.fail("bid", words(gettext_noop("the bid is missing: {legal}"), legal=legal))
        elif not is_whole_number(bid):
            shown = bid if isinstance(bid, int | float | Decimal) else shown_value(bid)
            self.fail(
                "bid",
                words(
                    gettext_noop("bid {bid} is not a whole number: {legal}"), bid=shown, legal=legal
                ),
            )
        else:
            self.fail(
                "bid",
                words(gettext_noop("bid {bid} is out of range: {legal}"), bid=bid, legal=legal),
            )
        return None, False

    def check_money_hand(self, cards, taken) -> None:
        """A Money bidder holds the Jack, so it is in play: given as totals, the hand has
        the points of High, Low and the Jack at least (3 in ``club11``), Game if not tied."""
        keys = self.variant.card_keys
        held = keys.index(MONEY_HOLDS)
        if cards is not None:
            if cards[held] is None:
                self.fail(
                    MONEY_HOLDS,
                    "a Money bidder holds the Jack, so it is in play: credit it to a "
                    f"{self.word} (seed 001)",
                )
            return
        in_play = [c.points for c in self.variant.cards if c.always_awarded or c.key == MONEY_HOLDS]
        least, most = sum(in_play), self.variant.total_points
        if not least <= sum(taken) <= most:
            self.fail(
                "points",
                f"a Money hand has {least} or {most} points in all: High, Low and the Jack "
                f"(the Money bidder holds it) are in play, and Game unless tied",
            )

    def read_revoke(self, revoke) -> int | None:
        if revoke is None:
            return None
        if not self.variant.revoke:
            self.fail(
                "revoke", f"{self.variant.id} has no revoke rule: a revoke is not scored there"
            )
            return None
        return self.side("revoke", revoke, "")

    def read_points(self, raw: dict):
        """``(cards, taken)``: who took each card (or ``None``) and the points per side."""
        has_cards = not raw.keys().isdisjoint(self.variant.card_keys)
        if "points" in raw:
            if has_cards:
                self.fail("points", "give either the scoring cards or the points, not both")
                return None, ()
            return None, self.read_totals(raw["points"])
        if not has_cards:
            keys = ", ".join(self.variant.card_keys)
            self.fail("cards", f"give who took each scoring card ({keys}) or the points per side")
            return None, ()
        return self.read_cards(raw)

    def read_cards(self, raw: dict):
        owners, taken = [], [0] * len(self.sides)
        for card in self.variant.cards:
            value = raw.get(card.key)
            if value is None and not card.always_awarded:
                owners.append(None)
                continue
            owner = self.side(
                card.key,
                value,
                f"{card.label} is always awarded: credit it to one of the {self.word}s",
            )
            owners.append(owner)
            if owner is not None:
                taken[owner] += card.points
        return tuple(owners), tuple(taken)

    def read_totals(self, points) -> tuple[int, ...]:
        count = self.variant.totals_count(len(self.sides))
        if (
            not isinstance(points, list)
            or len(points) != count
            or not all(is_whole_number(p) for p in points)
        ):
            each = (
                "the bidder's side (bidder and partner), then the others"
                if self.variant.called_partner
                else f"one per {self.word} in the game's order "
                f"({side_names(self.sides, self.word)})"
            )
            self.fail("points", f"give the points as {count} whole numbers, {each}")
            return ()
        taken = tuple(points)
        if taken not in self.variant.possible_totals(count):
            cards = ", ".join(f"{card.label} {card.points}" for card in self.variant.cards)
            shown = " v ".join(str(p) for p in taken)
            self.fail(
                "points",
                f"{shown} cannot happen in {self.variant.id}: no split of the scoring cards "
                f"({cards}) makes it",
            )
        return taken


def read_hand(variant: Variant, sides, raw, *, word: str = "pair") -> Hand:
    """The hand ``raw`` checked against ``variant`` for a game between ``sides``.

    Raises :class:`InvalidInput` with every problem; places are the hand's fields.
    """
    reader = HandReader(variant, sides, word)
    hand = reader.read(raw)
    if reader.problems:
        raise InvalidInput(reader.problems)
    return hand
