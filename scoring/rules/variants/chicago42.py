"""``chicago42``: the Chicago Cinch Club's Laws of Cinch (1890, seed 003), to 42."""

from scoring.rules.errors import gettext_noop
from scoring.rules.variant import PEDRO_CARDS, Hand, HandScore, Variant


def score(hand: Hand, variant: Variant) -> HandScore:
    """Made: the bidder scores all it took; failed: set back by the bid (law 21).

    Every other side scores what it took. A revoking non-bidder's points go to the bidder
    and count towards the bid; a revoking bidder is set back as if it failed (law 31).
    Card by card, each card counts for the side that scores it, for the count-out.
    """
    taken = list(hand.taken)
    bidder, revoke = hand.bidder, hand.revoke
    if revoke is not None and revoke != bidder:
        taken[bidder] += taken[revoke]
        taken[revoke] = 0
    made = revoke != bidder and taken[bidder] >= hand.bid
    if not made:
        taken[bidder] = -hand.bid
    return HandScore(
        change=tuple(taken),
        cinch=None if made else bidder,
        made=made,
        counts=None if hand.cards is None else _counts(hand, made),
    )


def _counts(hand: Hand, made: bool) -> tuple[tuple[int, ...], ...]:
    """Who each card counts for: a revoking defender's cards count for the bidder (law 31);
    a set bidder scores nothing, so its cards count for nobody."""
    counts = []
    for owner in hand.cards:
        side = hand.bidder if owner is not None and owner == hand.revoke else owner
        counts.append(() if side is None or (side == hand.bidder and not made) else (side,))
    return tuple(counts)


VARIANT = Variant(
    id="chicago42",
    name=gettext_noop("Chicago Cinch to 42"),
    summary=gettext_noop(
        "Two, three or four players each for himself, or two pairs; points as Cinch to "
        "51; bids 1 to 14 and the dealer must bid 1 when nobody bids; the bidder scores "
        "all it took or is set back by the bid, the others score what they took; first to"
        " 42, counting the cards out High, Low, Jack, Game, Right Pedro, Left Pedro when "
        "several reach it on one hand."
    ),
    sources=("003_7f18ca7e4eab94b7.txt",),
    cards=PEDRO_CARDS,
    bids=range(1, 15),
    side_counts=(2, 3, 4),
    target=42,
    score=score,
    revoke=True,
    counts_out=True,
    count_out_law=13,
    discards=gettext_noop(
        "Discards (law 24): every scoring card found in the discard pile counts for the "
        "bidder, whoever discarded it; a card left in the stock is not out."
    ),
    table_players=(2, 3, 4),
)
