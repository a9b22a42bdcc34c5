"""Reading one hand result: card by card or as points per side, checked against a variant.

A hand arrives as a dict (``{"bidder": 1, "bid": 3, "high": 1, "low": 2, "jack": 1,
"game": null}``, ``{"bidder": 2, "bid": 6, "points": [6, 8]}`` or ``{"passed": true}``)
and leaves as a :class:`~scoring.rules.variant.Hand` whose sides are indices, or as an
:class:`InvalidInput` whose problems name the field and the rule.
"""

from scoring.rules.errors import (
    InvalidInput,
    Problem,
    Words,
    gettext_noop,
    shown_key,
    typed,
    words,
)
from scoring.rules.variant import Hand, Variant, credited

MONEY = "money"
# Seed 001: "the Money bidder must hold the Jack of trumps", so it is always in play.
MONEY_HOLDS = "jack"
# A card always awarded left out of a hand: credit it to a side, by the word for one side.
SIDES_AWARDED = {
    "pair": gettext_noop("{card} is always awarded: credit it to one of the pairs"),
    "player": gettext_noop("{card} is always awarded: credit it to one of the players"),
}

# A Money hand with the Jack left out (French says "une paire" but "un joueur").
MONEY_JACK = {
    "pair": gettext_noop("a Money bidder holds the Jack, so it is in play: credit it to a pair"),
    "player": gettext_noop(
        "a Money bidder holds the Jack, so it is in play: credit it to a player"
    ),
}

# How the sides of a game are named in messages, by the word for one side.
SIDES_NAMED = {"pair": gettext_noop("pairs {listed}"), "player": gettext_noop("players {listed}")}


def listed(items) -> Words | str:
    """``1, 2 and 3``: items in a message, the last joined by the reader's "and"."""
    labels = [str(item) for item in items]
    if len(labels) == 1:
        return labels[0]
    return words(
        gettext_noop("{others} and {last}"), others=", ".join(labels[:-1]), last=labels[-1]
    )


def side_names(sides, word: str) -> Words:
    """``pairs 1 and 2``: how the sides of a game are named in messages."""
    return words(SIDES_NAMED[word], listed=listed(sides))


def side_word(word: str) -> Words:
    """``pair`` or ``player`` (catalogue msgids, ``errors.SPOKEN_ITEMS``) in a message."""
    return words(word)


def side_named(word: str, side) -> Words:
    """``pair 3``: one side of a game in a message."""
    return words(gettext_noop("{word} {side}"), word=side_word(word), side=str(side))


def points_words(points) -> Words | str:
    """``3 v 3`` / ``3 à 3``: a hand's points side by side in a message, as the pages say
    two scores (``words.lists.scores_words``); three or more (a table's players) ``3, 0, 1``."""
    if len(points) != 2:
        return ", ".join(str(p) for p in points)
    # Translators: two sides' points side by side in a refusal, "3 v 3"; French: "3 à 3".
    return words(gettext_noop("{first} v {second}"), first=points[0], second=points[1])


def card_list(variant: Variant, *, points: bool = False) -> Words:
    """``High, Low, Jack, Game`` (or ``High 1, Low 1, …``): the scoring cards in words."""
    cards = variant.cards
    code = ", ".join(
        f"{{card{i}}} {card.points}" if points else f"{{card{i}}}" for i, card in enumerate(cards)
    )
    return Words(code, tuple((f"card{i}", words(card.label)) for i, card in enumerate(cards)))


def card_keys_list(variant: Variant) -> Words:
    """``High, Low, Jack, Game``: the scoring cards by their names (the catalogue says
    them in the reader's language: the Game card is not a game)."""
    names = [card.label for card in variant.cards]
    code = ", ".join(f"{{card{i}}}" for i in range(len(names)))
    return Words(code, tuple((f"card{i}", words(name)) for i, name in enumerate(names)))


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

    def fail(self, place: str, said: Words) -> None:
        self.problems.append(Problem.said(place, said))

    def side_named(self, index: int) -> Words:
        return side_named(self.word, self.sides[index])

    def side(self, place: str, value, missing: Words | None) -> int | None:
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
        self.fail(
            place,
            words(
                gettext_noop("{word} {value} is not in this game ({playing})"),
                word=side_word(self.word),
                value=typed(value),
                playing=side_names(self.sides, self.word),
            ),
        )
        return None


class HandReader(SideChecker):
    """Reads one hand, collecting its problems.

    Most hands are plainly well formed, so ``read`` first tries ``quick``: a few lookups
    that accept a hand only when every value has the type and the range the rules ask
    for, and give up on anything else (a problem, a revoke, a called partner, a Money
    hand given as totals, a value of another type). ``read_fully`` then checks every
    rule and says what is wrong. Both give the same hand; the tests hold them to it.
    """

    def __init__(self, variant: Variant, sides, word: str):
        super().__init__(variant, sides, word)
        types = {type(side) for side in self.sides}
        # ``quick`` knows a side by its type and value: sides all of one type.
        self.side_type = types.pop() if len(types) == 1 else None
        self.takings = variant.takings(len(self.sides))
        self.possible_totals = variant.possible_totals(variant.totals_count(len(self.sides)))
        self.passed = Hand(passed=True, taken=(0,) * len(self.sides))

    def read(self, raw) -> Hand | None:
        """The hand, or ``None`` with ``problems`` saying why (emptied on every call)."""
        hand = self.quick(raw)
        if hand is None:
            return self.read_fully(raw)
        if self.problems:
            self.problems = []
        return hand

    def quick(self, raw) -> Hand | None:
        """The hand ``raw`` when it is plainly well formed, else ``None``."""
        variant = self.variant
        if type(raw) is not dict or not raw.keys() <= variant.hand_fields:
            return None
        passed = raw.get("passed", False)
        if passed is True:
            return self.passed if len(raw) == 1 and variant.passed_deal else None
        if passed is not False or raw.get("revoke") is not None or variant.called_partner:
            return None
        value = raw.get("bidder")
        bidder = self.index.get(value) if type(value) is self.side_type else None
        bid = raw.get("bid")
        money = type(bid) is str and bid == MONEY and variant.money_bid
        if bidder is None or not (money or type(bid) is int and bid in variant.bids):
            return None
        if "points" in raw:
            cards, taken = None, None if money else self.quick_totals(raw)
        else:
            cards = self.quick_cards(raw)
            taken = None if cards is None else self.takings[cards]
        if taken is None or money and cards[variant.card_keys.index(MONEY_HOLDS)] is None:
            return None
        return Hand(
            bidder=bidder, bid=None if money else bid, money=money, taken=taken, cards=cards
        )

    def quick_totals(self, raw) -> tuple[int, ...] | None:
        """The points per side of a hand given as totals, or ``None``."""
        points, variant = raw["points"], self.variant
        if type(points) is not list or not raw.keys().isdisjoint(variant.card_keys):
            return None
        taken = tuple(points)
        if {*map(type, taken)} != {int}:
            return None
        return taken if taken in self.possible_totals else None

    def quick_cards(self, raw) -> tuple[int | None, ...] | None:
        """Which side took each scoring card (``None``: nobody) of a hand given card by
        card, or ``None``."""
        card_keys, index, side_type = self.variant.card_keys, self.index, self.side_type
        if raw.keys().isdisjoint(card_keys):
            return None
        owners = []
        for key in card_keys:
            value = raw.get(key)
            if value is not None:
                value = index.get(value) if type(value) is side_type else None
                if value is None:  # a value that names no side of this game
                    return None
            owners.append(value)
        return tuple(owners)

    def read_fully(self, raw) -> Hand | None:
        """The hand read rule by rule, every problem noted (``problems``, emptied first)."""
        self.problems = []
        if not isinstance(raw, dict):
            self.fail(
                "",
                words(gettext_noop("a hand must be an object: bidder, bid and cards, or passed")),
            )
            return None
        self.check_fields(raw)
        passed = raw.get("passed", False)
        if passed is True:
            return self.read_passed(raw)
        if passed is not False:
            self.fail("passed", words(gettext_noop("passed must be true or false")))
        bidder = self.side(
            "bidder", raw.get("bidder"), words(gettext_noop("the bidder is missing"))
        )
        bid, money = self.read_bid(raw.get("bid"))
        revoke = self.read_revoke(raw.get("revoke"))
        partner = self.read_partner(raw.get("partner"), bidder)
        cards, taken = self.read_points(raw)
        if revoke is not None and cards is None and self.variant.called_partner:
            self.fail(
                "revoke",
                words(
                    gettext_noop(
                        "in {variant} a revoke falls on the player who revoked, so give who "
                        "took each scoring card, not the points"
                    ),
                    variant=self.variant.named,
                ),
            )
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
        position = self.side("partner", partner, None)
        if position is not None and position == bidder:
            self.fail(
                "partner",
                words(
                    gettext_noop(
                        "the partner is the {word} holding the card the bidder called: never "
                        "the bidder (no partner when the bidder plays alone)"
                    ),
                    word=side_word(self.word),
                ),
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
                self.fail(
                    shown_key(key),
                    words(
                        gettext_noop("not a field of a {variant} hand (its cards: {cards})"),
                        variant=self.variant.named,
                        cards=card_keys_list(self.variant),
                    ),
                )

    def read_passed(self, raw: dict) -> Hand | None:
        if not self.variant.passed_deal:
            self.fail(
                "passed",
                words(
                    gettext_noop(
                        "{variant} has no passed deal: when nobody bids the dealer must bid {bid}"
                    ),
                    variant=self.variant.named,
                    bid=self.variant.bids.start,
                ),
            )
        elif len(raw) > 1:
            self.fail(
                "passed", words(gettext_noop("a passed deal has no bidder, bid, cards or points"))
            )
        return None if self.problems else Hand(passed=True, taken=(0,) * len(self.sides))

    def read_bid(self, bid) -> tuple[int | None, bool]:
        variant = self.variant
        if is_whole_number(bid) and bid in variant.bids:
            return bid, False
        legal = words(
            gettext_noop("{variant} bids are {bids}"),
            variant=variant.named,
            bids=variant.bid_words(),
        )
        if isinstance(bid, str) and bid.strip().lower() == MONEY:
            if variant.money_bid:
                return None, True
            self.fail(
                "bid",
                words(
                    gettext_noop("money is not a bid in {variant}: bids are {bids}"),
                    variant=variant.named,
                    bids=variant.bid_words(),
                ),
            )
        elif bid is None:
            self.fail("bid", words(gettext_noop("the bid is missing: {legal}"), legal=legal))
        elif not is_whole_number(bid):
            self.fail(
                "bid",
                words(
                    gettext_noop("bid {bid} is not a whole number: {legal}"),
                    bid=typed(bid),
                    legal=legal,
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
                    words(MONEY_JACK[self.word]),
                )
            return
        in_play = [c.points for c in self.variant.cards if c.always_awarded or c.key == MONEY_HOLDS]
        least, most = sum(in_play), self.variant.total_points
        if not least <= sum(taken) <= most:
            self.fail(
                "points",
                words(
                    gettext_noop(
                        "a Money hand has {least} or {most} points in all: High, Low and the "
                        "Jack (the Money bidder holds it) are in play, and Game unless tied"
                    ),
                    least=least,
                    most=most,
                ),
            )

    def read_revoke(self, revoke) -> int | None:
        if revoke is None:
            return None
        if not self.variant.revoke:
            self.fail(
                "revoke",
                words(
                    gettext_noop("{variant} has no revoke rule: a revoke is not scored there"),
                    variant=self.variant.named,
                ),
            )
            return None
        return self.side("revoke", revoke, None)

    def read_points(self, raw: dict):
        """``(cards, taken)``: who took each card (or ``None``) and the points per side."""
        has_cards = not raw.keys().isdisjoint(self.variant.card_keys)
        if "points" in raw:
            if has_cards:
                self.fail(
                    "points",
                    words(gettext_noop("give either the scoring cards or the points, not both")),
                )
                return None, ()
            return None, self.read_totals(raw["points"])
        if not has_cards:
            self.fail(
                "cards",
                words(
                    gettext_noop(
                        "give who took each scoring card ({cards}) or the points per side"
                    ),
                    cards=card_keys_list(self.variant),
                ),
            )
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
                words(SIDES_AWARDED[self.word], card=words(card.label)),
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
                words(gettext_noop("the bidder's side (bidder and partner), then the others"))
                if self.variant.called_partner
                else words(
                    gettext_noop("one per {word} in the game's order ({sides})"),
                    word=side_word(self.word),
                    sides=side_names(self.sides, self.word),
                )
            )
            self.fail(
                "points",
                words(
                    gettext_noop("give the points as {count} whole numbers, {each}"),
                    count=count,
                    each=each,
                ),
            )
            return ()
        taken = tuple(points)
        if taken not in self.variant.possible_totals(count):
            self.fail(
                "points",
                words(
                    gettext_noop(
                        "{points} cannot happen in {variant}: no split of the scoring cards "
                        "({cards}) makes it"
                    ),
                    points=points_words(taken),
                    variant=self.variant.named,
                    cards=card_list(self.variant, points=True),
                ),
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
