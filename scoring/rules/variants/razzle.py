"""``razzle``: Razzle-Dazzle Cinch of seed 003, four to six players, a partner called per hand."""

from scoring.rules.errors import gettext_noop
from scoring.rules.variant import PEDRO_CARDS, Hand, HandScore, Variant


def score(hand: Hand, variant: Variant) -> HandScore:
    """Bidder and called partner against everyone else, each credited their side's points.

    Made: the bidder's side's points to the bidder and the partner; failed: both are set
    back by the bid and charged a Cinch. The others are always credited their side's
    points. A revoke is law 31 applied to the revoker's side: the bidder's side is set
    back; the others' points go to the bidder's side and they score nothing.
    """
    bidder, partner, revoke = hand.bidder, hand.partner, hand.revoke
    team = {bidder, partner} - {None}
    players = range(len(hand.taken))
    ours = hand.taken[bidder]
    theirs = next(hand.taken[player] for player in players if player not in team)
    if revoke is not None and revoke not in team:
        ours, theirs = ours + theirs, 0
    made = revoke not in team and ours >= hand.bid
    change = tuple(
        (ours if made else -hand.bid) if player in team else theirs for player in players
    )
    return HandScore(
        change=change,
        cinch=None if made else bidder,
        made=made,
        partner_cinch=None if made else partner,
    )


VARIANT = Variant(
    id="razzle",
    name="Razzle-Dazzle Cinch",
    summary=gettext_noop(
        "Four to six players, each for himself; points as Cinch to 51; the bidder "
        "calls a card and its holder is his partner for the hand (or he plays alone); each "
        "player is credited his side's points, and a failed bid sets back bidder and partner; "
        "first to 42, several reaching it together share the win."
    ),
    sources=("003_7f18ca7e4eab94b7.txt",),
    cards=PEDRO_CARDS,
    bids=range(1, 15),
    side_counts=(4, 5, 6),
    target=42,
    score=score,
    revoke=True,
    table_players=(4, 5, 6),
    called_partner=True,
    shares_win=True,
)
