"""``razzle``: Razzle-Dazzle Cinch of seed 003, four to six players, a partner called per hand."""

from scoring.rules.errors import gettext_noop
from scoring.rules.variant import PEDRO_CARDS, Hand, HandScore, Variant


def score(hand: Hand, variant: Variant) -> HandScore:
    """Bidder and called partner against everyone else, each credited their side's points.

    Made: the bidder's side's points to the bidder and the partner; failed: both are set
    back by the bid and charged a Cinch. The others are always credited their side's
    points. A revoke falls on the player who revoked (law 31), so it needs the cards
    (the hand reader refuses a revoke given as totals): see :func:`_revoked`.
    """
    if hand.revoke is not None:
        return _revoked(hand, variant)
    team = {hand.bidder, hand.partner} - {None}
    players = range(len(hand.taken))
    ours = hand.taken[hand.bidder]
    theirs = next(hand.taken[player] for player in players if player not in team)
    made = ours >= hand.bid
    return _scored(hand, team, ours if made else -hand.bid, theirs, made, set())


def _revoked(hand: Hand, variant: Variant) -> HandScore:
    """Law 31 on the revoker alone: a defender's tricks count for the bidder's side and
    the defender scores nothing; a partner's tricks count for the bidder alone and the
    partner scores nothing (no set-back, no Cinch); a bidder has failed the bid."""
    bidder, partner, revoke = hand.bidder, hand.partner, hand.revoke
    took = _took_by(hand, variant)
    if revoke == bidder:
        team, silent = {bidder, partner} - {None}, set()
    else:
        team = {bidder} if revoke == partner else {bidder, partner} - {None}
        silent = {revoke}
    ours = sum(took[player] for player in team | silent)
    theirs = sum(took[player] for player in range(len(took)) if player not in team | silent)
    made = revoke != bidder and ours >= hand.bid
    return _scored(hand, team, ours if made else -hand.bid, theirs, made, silent)


def _took_by(hand: Hand, variant: Variant) -> list[int]:
    """The points each player took in tricks (or found for them in the discards)."""
    took = [0] * len(hand.taken)
    for card, owner in zip(variant.cards, hand.cards, strict=True):
        if owner is not None:
            took[owner] += card.points
    return took


def _scored(hand, team, team_change, theirs, made, silent) -> HandScore:
    """The hand's score: ``team_change`` to the bidder's side, ``theirs`` to each other
    player, nothing to ``silent`` (a revoker); card by card, who each card counts for."""
    change = tuple(
        0 if player in silent else team_change if player in team else theirs
        for player in range(len(hand.taken))
    )
    partner_cinch = hand.partner if not made and hand.partner in team else None
    return HandScore(
        change=change,
        cinch=None if made else hand.bidder,
        made=made,
        partner_cinch=partner_cinch,
        counts=None if hand.cards is None else _counts(hand, team, made, silent),
    )


def _counts(hand: Hand, team, made: bool, silent) -> tuple[tuple[int, ...], ...]:
    """Who each card is credited to, for the count-out (law 13): every player of the side
    it counts for. A revoker's cards count for the bidder's side (the revoker is out of
    it); a set bidder's side scores nothing, so its cards count for nobody."""
    players = range(len(hand.taken))
    others = tuple(p for p in players if p not in team and p not in silent)
    counts = []
    for owner in hand.cards:
        if owner is None:
            counts.append(())
        elif owner in team or owner in silent:
            counts.append(tuple(sorted(team)) if made else ())
        else:
            counts.append(others)
    return tuple(counts)


VARIANT = Variant(
    id="razzle",
    name=gettext_noop("Razzle-Dazzle Cinch"),
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
    counts_out=True,
    count_out_law=13,
    discards=gettext_noop(
        "Discards (law 24): every scoring card found in the discard pile counts for the "
        "bidder's side, whoever discarded it; a card left in the stock is not out."
    ),
    table_players=(4, 5, 6),
    called_partner=True,
    shares_win=True,
)
