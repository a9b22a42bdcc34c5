"""``club11``: the club game to 11 of seed 001 (four peg points, Money bid, Cinch board)."""

from scoring.rules.errors import gettext_noop
from scoring.rules.variant import GAME, HIGH, JACK, LOW, Hand, HandScore, Variant


def score(hand: Hand, variant: Variant) -> HandScore:
    """Made: the bidders peg what they took; failed: back by the bid and a Cinch.

    The defenders always peg what they took. A Money bid pegs nothing: it wins the game
    at once with all four points and loses it at once (with a Cinch) otherwise.
    """
    bidder, taken = hand.bidder, hand.taken
    if hand.money:
        won = taken[bidder] == variant.total_points
        return HandScore(
            change=(0,) * len(taken),
            cinch=None if won else bidder,
            made=won,
            decided=bidder if won else 1 - bidder,
        )
    if taken[bidder] >= hand.bid:
        return HandScore(change=taken, made=True)
    change = list(taken)
    change[bidder] = -hand.bid
    return HandScore(change=tuple(change), cinch=bidder, made=False)


VARIANT = Variant(
    id="club11",
    name=gettext_noop("Club Cinch to 11"),
    summary=gettext_noop(
        "Two pairs; High, Low, Jack and Game score 1 each; bids 2 to 4 or Money; "
        "a failed bid goes back and pegs a Cinch (at most 5 a game); first to 11."
    ),
    sources=("001_a109465407fe6f61.txt",),
    cards=(HIGH, LOW, JACK, GAME),
    bids=range(2, 5),
    side_counts=(2,),
    target=11,
    score=score,
    money_bid=True,
    passed_deal=True,
    cinch_cap=5,
    score_sheet_rows=18,
)
