"""Folding a game's hands into running scores, Cinches and a winner; checking a pegboard.

A game is played to the variant's target. When several sides reach it on one hand, a
variant that counts out (``chicago42``, ``razzle``: law 13) counts the hand's cards in
their order of precedence and the first side to reach the target wins (in ``razzle``,
which shares the win, every player that one card brings there); such a hand given as
totals is refused, since only its cards can say who that was. Otherwise the bidder
counts first ("bidders peg first"), then the others by score, and sides still level
share the win. A Money bid (``club11``) ends the game at once. No hand may follow the
one that won it. How the game was decided (which rule, card and law) is kept beside the
winners (:class:`Decision`), so a page can say why a side with fewer points won.
"""

from operator import add
from typing import NamedTuple

from scoring.rules.errors import InvalidInput, Problem, gettext_noop, shown_key, words
from scoring.rules.hand import (
    HandReader,
    SideChecker,
    card_list,
    is_whole_number,
    side_named,
    side_names,
)
from scoring.rules.variant import Card, Hand, HandScore, Variant

# A real game to 51 takes a few dozen hands; past this a file or a scorer is surely wrong
# (an imported game of 3,000 passed deals once took 2 s to draw on its public page).
MAX_HANDS = 300


def too_many_hands(count: int) -> Problem:
    return Problem.said(
        "hands",
        words(
            gettext_noop(
                "a game holds at most {most} hands, passed deals included: this one would "
                "have {count}"
            ),
            most=MAX_HANDS,
            count=count,
        ),
    )


# How a game was decided (``Decision.how``).
REACHED = "reached"  # the winners alone reached the target on the deciding hand
COUNTED_OUT = "counted_out"  # others reached it too: the cards counted out (law 13)
BIDDER_FIRST = "bidder_first"  # others reached it too: bidders peg first (seed 001)
MORE_POINTS = "more_points"  # others reached it too: the most points win
MONEY = "money"  # a Money bid ended the game (``club11``)


class Decision(NamedTuple):
    """Why a game's winners won: on which hand (numbered from 1), by which rule
    (``how``), and, counted out, on which card and by which law of the variant. ``rivals``
    reached the target on that hand too and lost."""

    how: str
    hand: int
    rivals: tuple = ()
    card: Card | None = None
    law: int | None = None


class HandStep(NamedTuple):
    """One hand of a game and the board after it."""

    hand: Hand
    score: HandScore
    scores: tuple[int, ...]
    cinches: tuple[int, ...]


class GameState(NamedTuple):
    """Where a game stands: scores and recorded Cinches per side, and its winners if over.

    ``steps`` holds the running board after every hand (empty for a pegboard result).
    """

    variant: Variant
    sides: tuple
    scores: tuple[int, ...]
    cinches: tuple[int, ...]
    winners: tuple = ()
    money_bid: bool = False
    steps: tuple[HandStep, ...] = ()
    # How the hands decided the game; ``None`` while it goes on, or for a pegboard result
    # (the board alone cannot say).
    decision: Decision | None = None

    @property
    def finished(self) -> bool:
        return bool(self.winners)

    @property
    def winner(self):
        """The single winner, or ``None`` while the game goes on (or for a shared win)."""
        return self.winners[0] if len(self.winners) == 1 else None


def counted_out(before, counts, variant: Variant) -> tuple[tuple[int, ...], Card | None]:
    """The sides that reach the target first as the hand's cards are counted in order,
    and the card that brings them there.

    ``before`` is the board before the hand; ``counts`` the sides each card is credited
    to (``HandScore.counts``). Several sides reach it together only when one card brings
    them all there (``razzle``: players of one side). Works for any number of sides.
    """
    running = list(before)
    for card, sides in zip(variant.cards, counts, strict=True):
        for side in sides:
            running[side] += card.points
        reached = tuple(side for side in sides if running[side] >= variant.target)
        if reached:
            return reached, card
    return (), None


def winners_after(scores, bidder: int, target: int) -> tuple[int, ...]:
    """Indices of the sides that win once ``scores`` are pegged, bidder first."""
    reached = [i for i, score in enumerate(scores) if score >= target]
    if not reached:
        return ()
    if bidder in reached:
        return (bidder,)
    best = max(scores[i] for i in reached)
    return tuple(i for i in reached if scores[i] == best)


class Board:
    """A game's pegboard, played one hand at a time."""

    def __init__(self, variant: Variant, sides, *, word: str = "pair"):
        self.variant = variant
        self.sides = tuple(sides)
        self.word = word
        # The board after the last hand: tuples, each kept as it is by that hand's step.
        self.scores = (0,) * len(self.sides)
        self.cinches = self.scores
        self.nothing = HandScore(self.scores)  # what a passed deal scores
        self.winners: tuple[int, ...] = ()
        self.money_bid = False
        self.decision: Decision | None = None
        self.steps: list[HandStep] = []
        self.reader = HandReader(variant, self.sides, word)

    def play(self, raw) -> None:
        """Check the hand ``raw`` and peg it; ``InvalidInput`` (nothing pegged) if it is wrong."""
        if self.winners:
            raise InvalidInput(
                [
                    Problem.said(
                        "",
                        words(
                            gettext_noop(
                                "the game was already won by {won_by}: no hand may follow"
                            ),
                            won_by=self.sides_named(self.winners),
                        ),
                    )
                ]
            )
        if len(self.steps) >= MAX_HANDS:
            raise InvalidInput([too_many_hands(len(self.steps) + 1)])
        hand = self.reader.quick(raw) or self.reader.read_fully(raw)
        if hand is None:
            raise InvalidInput(self.reader.problems)
        if hand.passed:
            result = self.nothing
        else:
            result = self.variant.score(hand, self.variant)
            if self.variant.counts_out:
                self.check_count_out(hand, result)
            self.peg(hand, result)
        self.steps.append(HandStep(hand, result, self.scores, self.cinches))

    def sides_named(self, indices):
        """``pair 1 and pair 2``: the sides at ``indices``, each with its word."""
        named = [side_named(self.word, self.sides[i]) for i in indices]
        said = named[0]
        for side in named[1:]:  # "pair 1 and pair 2 and pair 3", each "and" the reader's
            said = words(gettext_noop("{others} and {last}"), others=said, last=side)
        return said

    def reaching(self, result: HandScore) -> list[int]:
        """The sides this hand would bring to the target."""
        target = self.variant.target
        return [i for i, change in enumerate(result.change) if self.scores[i] + change >= target]

    def check_count_out(self, hand: Hand, result: HandScore) -> None:
        """A hand given as totals on which several sides reach the target is refused unless
        they reach it together whatever the cards (``razzle``: players of one side level
        before the hand): only its cards can say who reached it first."""
        if not self.variant.counts_out or result.counts is not None:
            return
        reaching = self.reaching(result)
        if len(reaching) < 2 or self.reach_together(hand, reaching):
            return
        code = (
            gettext_noop(
                "{sides} would both reach {target} on hand {hand}: the first to reach it as "
                "the cards are counted out ({order}) wins, so give who took each scoring card"
            )
            if len(reaching) == 2
            else gettext_noop(
                "{sides} would all reach {target} on hand {hand}: the first to reach it as "
                "the cards are counted out ({order}) wins, so give who took each scoring card"
            )
        )
        said = words(
            code,
            sides=side_names([self.sides[i] for i in reaching], self.word),
            target=self.variant.target,
            hand=len(self.steps) + 1,
            order=card_list(self.variant),
        )
        raise InvalidInput([Problem.said("points", said)])

    def reach_together(self, hand: Hand, reaching: list[int]) -> bool:
        """Whether every card credits all of ``reaching`` at once: they are players of one
        side of a shared-win variant, with one score before the hand."""
        if not self.variant.shares_win:
            return False
        team = {hand.bidder, hand.partner}
        one_side = len({side in team for side in reaching}) == 1
        return one_side and len({self.scores[side] for side in reaching}) == 1

    def peg(self, hand: Hand, result: HandScore) -> None:
        before = self.scores
        self.scores = tuple(map(add, before, result.change))
        if result.cinch is not None or result.partner_cinch is not None:
            self.charge(result)
        if result.decided is not None:
            self.winners, self.money_bid = (result.decided,), True
            self.decide(MONEY)
            return
        target = self.variant.target
        if max(self.scores) < target:  # nobody has won yet: the usual hand
            return
        reached = tuple(i for i, score in enumerate(self.scores) if score >= target)
        counted = self.variant.counts_out and len(reached) > 1
        card = None
        if counted and result.counts is not None:
            self.winners, card = counted_out(before, result.counts, self.variant)
        elif self.variant.shares_win:
            self.winners = reached
        else:
            self.winners = winners_after(self.scores, hand.bidder, target)
        if self.winners:
            self.decide(self.how_decided(reached, hand.bidder, card is not None), reached, card)

    def charge(self, result: HandScore) -> None:
        """Record the Cinches the hand charges, as far as the board has holes for them."""
        cap = self.variant.cinch_cap
        cinches = list(self.cinches)
        for charged in (result.cinch, result.partner_cinch):
            if charged is not None and (cap is None or cinches[charged] < cap):
                cinches[charged] += 1
        self.cinches = tuple(cinches)

    def how_decided(self, reached, bidder: int, counted: bool) -> str:
        """Which rule chose the winners among the sides that ``reached`` the target."""
        if len(reached) == len(self.winners):
            return REACHED
        if counted:
            return COUNTED_OUT
        return BIDDER_FIRST if self.winners == (bidder,) else MORE_POINTS

    def decide(self, how: str, reached=(), card: Card | None = None) -> None:
        """Keep how the hand being pegged decided the game."""
        self.decision = Decision(
            how=how,
            hand=len(self.steps) + 1,
            rivals=tuple(self.sides[i] for i in reached if i not in self.winners),
            card=card if how == COUNTED_OUT else None,
            law=self.variant.count_out_law if how == COUNTED_OUT else None,
        )

    @property
    def finished(self) -> bool:
        return bool(self.winners)

    def state(self) -> GameState:
        return GameState(
            variant=self.variant,
            sides=self.sides,
            scores=self.scores,
            cinches=self.cinches,
            winners=tuple(self.sides[i] for i in self.winners),
            money_bid=self.money_bid,
            steps=tuple(self.steps),
            decision=self.decision,
        )


def play_game(variant: Variant, sides, hands, *, word: str = "pair") -> GameState:
    """Every hand of ``hands`` checked and folded, in order.

    Raises :class:`InvalidInput` with every problem (places ``hands[i].field``).
    """
    if not isinstance(hands, list):
        raise InvalidInput(
            [Problem.said("hands", words(gettext_noop("hands must be a list of hands")))]
        )
    if len(hands) > MAX_HANDS:
        raise InvalidInput([too_many_hands(len(hands))])
    board = Board(variant, sides, word=word)
    problems = []
    for number, raw in enumerate(hands):
        try:
            board.play(raw)
        except InvalidInput as invalid:
            problems.extend(invalid.under(f"hands[{number}]").problems)
    if problems:
        raise InvalidInput(problems)
    return board.state()


RESULT_FIELDS = frozenset({"winner", "score", "cinches", "money"})
# Far beyond any real game; keeps a typed result inside what a database column holds.
MAX_PEGS = 10_000


class ResultReader(SideChecker):
    """Checks a game typed from the pegboard: winner, final score, Cinches, Money."""

    def numbers(self, place: str, values, what: str) -> tuple[int, ...] | None:
        if (
            not isinstance(values, list)
            or len(values) != len(self.sides)
            or not all(is_whole_number(v) and abs(v) <= MAX_PEGS for v in values)
        ):
            self.fail(
                place,
                words(what, count=len(self.sides), least=-MAX_PEGS, most=MAX_PEGS),
            )
            return None
        return tuple(values)

    def read_result(self, raw) -> GameState | None:
        if not isinstance(raw, dict):
            self.fail("", words(gettext_noop("a result must be an object: winner, score, cinches")))
            return None
        for key in raw:
            if key not in RESULT_FIELDS:
                self.fail(
                    shown_key(key),
                    words(
                        gettext_noop("not a field of a game result (winner, score, cinches, money)")
                    ),
                )
        winner = self.side(
            "winner", raw.get("winner"), missing=words(gettext_noop("the winner is missing"))
        )
        scores = self.numbers(
            "score",
            raw.get("score"),
            gettext_noop(
                "give the final score as {count} whole numbers from {least} to {most}, "
                "in the game's order"
            ),
        )
        cinches = self.numbers(
            "cinches",
            raw.get("cinches"),
            gettext_noop(
                "give the Cinches recorded as {count} whole numbers from {least} to {most}, "
                "in the game's order"
            ),
        )
        money = self.read_money(raw.get("money", False))
        if cinches is not None:
            self.check_cinches(cinches)
        if scores is not None:
            self.check_within_reach(scores)
        if winner is not None and scores is not None:
            self.check_scores(winner, scores, money)
        if scores is not None and cinches is not None and self.variant.one_side_scores:
            self.check_cinches_paid(scores, cinches)
        if self.problems:
            return None
        return GameState(
            variant=self.variant,
            sides=self.sides,
            scores=scores,
            cinches=cinches,
            winners=(self.sides[winner],),
            money_bid=money,
        )

    def read_money(self, money) -> bool:
        if not isinstance(money, bool):
            self.fail("money", words(gettext_noop("money must be true or false")))
            return False
        if money and not self.variant.money_bid:
            self.fail(
                "money",
                words(gettext_noop("{variant} has no Money bid"), variant=self.variant.named),
            )
        return money

    def check_cinches(self, cinches) -> None:
        cap = self.variant.cinch_cap
        if any(c < 0 for c in cinches):
            self.fail("cinches", words(gettext_noop("a Cinch count cannot be negative")))
        elif cap is not None and any(c > cap for c in cinches):
            self.fail(
                "cinches",
                words(
                    gettext_noop("the {variant} board records at most {cap} Cinches a game"),
                    variant=self.variant.named,
                    cap=cap,
                ),
            )

    def check_within_reach(self, scores) -> None:
        """No score past what the last hand can give a side just short of the target, so a
        slip of the pen (110 for 11) is caught at its own score."""
        variant, count = self.variant, len(self.sides)
        most = variant.target - 1 + variant.most_one_hand(count)
        for i, score in enumerate(scores):
            if score > most:
                self.fail(
                    f"score[{i}]",
                    words(
                        gettext_noop(
                            "{side} has {score}, more than a {variant} game can reach: at most "
                            "{most} ({short}, then {last} on the last hand)"
                        ),
                        side=self.side_named(i),
                        score=score,
                        variant=variant.named,
                        most=most,
                        short=variant.target - 1,
                        last=variant.most_one_hand(count),
                    ),
                )

    def check_cinches_paid(self, scores, cinches) -> None:
        """Where nobody is set back, a Cinch gives the other side at least what the
        smallest set pegs (``cinch51``: 14 + 1), so the Cinches must fit the scores."""
        variant = self.variant
        least = variant.least_a_cinch_gives(len(self.sides))
        if len(self.sides) != 2 or least <= 0:
            return
        # The game ends once the other side reaches the target: that many sets at most.
        most = (variant.target - 1) // least + 1
        for i, count in enumerate(cinches):
            other = 1 - i
            if count > most:
                self.fail(
                    f"cinches[{i}]",
                    words(
                        gettext_noop(
                            "{side} has {count} Cinches, but {most} sets give the other side "
                            "{given} or more, past {target}: at most {most} a side"
                        ),
                        side=self.side_named(i),
                        count=count,
                        most=most,
                        given=most * least,
                        target=variant.target,
                    ),
                )
            elif scores[other] < count * least:
                self.fail(
                    f"score[{other}]",
                    words(
                        gettext_noop(
                            "{side} has {score}, but each of {cinched}'s {count} Cinches gave "
                            "it at least {least}: at least {total}"
                        ),
                        side=self.side_named(other),
                        score=scores[other],
                        cinched=self.side_named(i),
                        count=count,
                        least=least,
                        total=count * least,
                    ),
                )

    def check_scores(self, winner: int, scores, money: bool) -> None:
        target = self.variant.target
        if money:
            if any(score >= target for score in scores):
                self.fail(
                    "score",
                    words(
                        gettext_noop(
                            "a Money bid pegs nothing, so the score before it must be under "
                            "{target}"
                        ),
                        target=target,
                    ),
                )
            return
        if scores[winner] < target:
            self.fail(
                "score",
                words(
                    gettext_noop(
                        "the winner has {score}, short of the target {target} "
                        "(only a Money bid ends a game sooner)"
                    ),
                    score=scores[winner],
                    target=target,
                ),
            )
        if self.variant.one_side_scores:
            self.check_one_side_scores(winner, scores)

    def check_one_side_scores(self, winner: int, scores) -> None:
        target = self.variant.target
        if any(score < 0 for score in scores):
            self.fail(
                "score",
                words(
                    gettext_noop("nobody is set back in {variant}: scores cannot be negative"),
                    variant=self.variant.named,
                ),
            )
        if any(score >= target for i, score in enumerate(scores) if i != winner):
            self.fail(
                "score",
                words(
                    gettext_noop(
                        "the loser has reached {target} too, but only one side scores a hand "
                        "in {variant}"
                    ),
                    target=target,
                    variant=self.variant.named,
                ),
            )


def check_result(variant: Variant, sides, result, *, word: str = "pair") -> GameState:
    """The finished game typed from the pegboard, checked; places are ``winner`` etc."""
    reader = ResultReader(variant, tuple(sides), word)
    state = reader.read_result(result)
    if reader.problems:
        raise InvalidInput(reader.problems)
    return state
