"""``cinch51``: Cinch (Double Pedro) to 51 of seeds 000, 002 and 004."""

from scoring.rules.errors import gettext_noop
from scoring.rules.variant import PEDRO_CARDS, Hand, HandScore, Variant


def score(hand: Hand, variant: Variant) -> HandScore:
    """Made: the side that took more scores the difference; set: defenders 14 + shortfall.

    A revoking side scores nothing; when the defenders revoked the bidders cannot be set,
    so a short bid then scores nothing for anybody and charges no Cinch.
    """
    bidder = hand.bidder
    defender = 1 - bidder
    bidders_took, defenders_took = hand.taken[bidder], hand.taken[defender]
    change = [0, 0]
    if bidders_took >= hand.bid:
        made, cinch = True, None
        if bidders_took != defenders_took:
            change[bidder if bidders_took > defenders_took else defender] = abs(
                bidders_took - defenders_took
            )
    elif hand.revoke == defender:
        return HandScore(change=(0, 0))
    else:
        made, cinch = False, bidder
        change[defender] = variant.total_points + hand.bid - bidders_took
    if hand.revoke is not None:
        change[hand.revoke] = 0
    return HandScore(change=tuple(change), cinch=cinch, made=made)


VARIANT = Variant(
    id="cinch51",
    name=gettext_noop("Cinch to 51"),
    summary=gettext_noop(
        "Two pairs; High, Low, Jack, Game 1 each and both Pedros 5 each (14 in all); "
        "bids 1 to 14; only one side scores a hand: the difference, or 14 plus the shortfall "
        "when the bidders are set; first to 51."
    ),
    sources=("000_c6ef0a56eb5895f4.txt", "002_b837b10b436a0b29.txt", "004_99c0e5bcd801193d.txt"),
    cards=PEDRO_CARDS,
    bids=range(1, 15),
    side_counts=(2,),
    target=51,
    score=score,
    passed_deal=True,
    revoke=True,
    one_side_scores=True,
    discards=gettext_noop(
        "Discards: a scoring card a defender discarded counts for the bidders; one the "
        "bidders discarded is dead (not out)."
    ),
)
