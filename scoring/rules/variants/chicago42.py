"""``chicago42``: the Chicago Cinch Club's Laws of Cinch (1890, seed 003), to 42."""

from scoring.rules.variant import PEDRO_CARDS, Hand, HandScore, Variant


def score(hand: Hand, variant: Variant) -> HandScore:
    """Made: the bidder scores all it took; failed: set back by the bid (law 21).

    Every other side scores what it took. A revoking non-bidder's points go to the bidder
    and count towards the bid; a revoking bidder is set back as if it failed (law 31).
    """
    taken = list(hand.taken)
    bidder, revoke = hand.bidder, hand.revoke
    if revoke is not None and revoke != bidder:
        taken[bidder] += taken[revoke]
        taken[revoke] = 0
    made = revoke != bidder and taken[bidder] >= hand.bid
    if not made:
        taken[bidder] = -hand.bid
    return HandScore(change=tuple(taken), cinch=None if made else bidder, made=made)


VARIANT = Variant(
    id="chicago42",
    name="Chicago Cinch to 42",
    summary="Two or three players, or two pairs; points as Cinch to 51; bids 1 to 14 and "
    "the dealer must bid 1 when nobody bids; the bidder scores all it took or is set back "
    "by the bid, the others score what they took; first to 42, the bidder counting first.",
    sources=("003_7f18ca7e4eab94b7.txt",),
    cards=PEDRO_CARDS,
    bids=range(1, 15),
    side_counts=(2, 3),
    target=42,
    score=score,
    revoke=True,
)
