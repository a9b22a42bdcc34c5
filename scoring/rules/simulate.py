"""Plausible random hand results and nights, for demos, benchmarks and property tests.

Not part of the scoring: it only makes input for it. Every hand it deals is valid for
its variant, and every game is played until the rules core says it is won, so what it
makes can be fed straight to ``play_game`` or ``score_night``. Seeded ``random.Random``
keeps it repeatable.
"""

import random

from scoring.rules.errors import InvalidInput
from scoring.rules.game import MAX_HANDS, Board, play_game
from scoring.rules.hand import MONEY, MONEY_HOLDS
from scoring.rules.schedule import schedule
from scoring.rules.variants import get_variant

FIRST_NAMES = [
    "Ann",
    "Bob",
    "Cy",
    "Di",
    "Ed",
    "Flo",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kit",
    "Lou",
    "Max",
    "Nan",
    "Otto",
    "Pia",
    "Quin",
    "Rae",
    "Sam",
    "Tess",
    "Uma",
    "Vic",
    "Wes",
    "Xia",
    "Yves",
    "Zoe",
]


def random_hand(variant, sides, rng: random.Random, *, totals: bool = False) -> dict:
    """One valid hand for a game between ``sides``: mostly bids, now and then a pass."""
    if variant.passed_deal and rng.random() < 0.04:
        return {"passed": True}
    hand: dict = {"bidder": rng.choice(sides)}
    if variant.called_partner:
        hand["partner"] = rng.choice([None, *(side for side in sides if side != hand["bidder"])])
    if variant.money_bid and rng.random() < 0.02:
        hand["bid"] = MONEY
    else:
        low = variant.bids.start
        hand["bid"] = rng.randint(low, min(variant.bids.stop - 1, low + variant.total_points // 3))
    for card in variant.cards:
        # The Money bidder holds the Jack (seed 001): on a Money hand it is always in play.
        held = hand["bid"] == MONEY and card.key == MONEY_HOLDS
        in_play = card.always_awarded or held or rng.random() < 0.8
        hand[card.key] = rng.choice(sides) if in_play else None
    return as_totals(variant, sides, hand) if totals else hand


def as_totals(variant, sides, hand: dict) -> dict:
    """The hand given card by card as ``points`` per side instead (a passed deal as it is,
    and a ``razzle`` revoke too: it falls on one player, so only its cards say it)."""
    if hand.get("passed") or (variant.called_partner and hand.get("revoke") is not None):
        return hand
    totals = {key: value for key, value in hand.items() if key not in variant.card_keys}
    groups = [[side] for side in sides]
    if variant.called_partner:  # two totals: the bidder's side, then the others
        ours = [side for side in sides if side in (hand["bidder"], hand.get("partner"))]
        groups = [ours, [side for side in sides if side not in ours]]
    totals["points"] = [
        sum(card.points for card in variant.cards if hand.get(card.key) in group)
        for group in groups
    ]
    return totals


def random_game(variant, sides, rng: random.Random, *, totals_share: float = 0.3) -> list[dict]:
    """Hands dealt until the game is won; ``totals_share`` of them given as points.

    A hand on which several sides would reach the target of a variant that counts out
    stays card by card: as totals the rules core refuses it.
    """
    board, hands = Board(variant, sides), []
    while len(hands) < MAX_HANDS:
        given_as_totals = rng.random() < totals_share
        by_cards = random_hand(variant, sides, rng)
        hand = as_totals(variant, sides, by_cards) if given_as_totals else by_cards
        try:
            board.play(hand)
        except InvalidInput:
            if hand is by_cards:
                raise
            hand = by_cards
            board.play(hand)
        hands.append(hand)
        if board.finished:
            return hands
    raise RuntimeError("a random game ran past its hand limit")


def random_night(
    pair_count: int,
    *,
    seed: int = 0,
    variant_id: str = "club11",
    rounds_played: int | None = None,
    results_share: float = 0.1,
    tiebreak: str = "playoff",
) -> dict:
    """A ``cinch-night/1`` document with the pattern table's games, played at random.

    ``rounds_played`` leaves later rounds unplayed; ``results_share`` of the played games
    are typed as a pegboard result instead of hand by hand.
    """
    rng = random.Random(seed)
    variant = get_variant(variant_id)
    players = [
        f"{FIRST_NAMES[i % len(FIRST_NAMES)]} {chr(65 + i // len(FIRST_NAMES))}."
        for i in range(2 * pair_count)
    ]
    games = []
    for round_ in schedule(pair_count):
        for seat in round_["games"]:
            game = {"round": round_["round"], "table": seat["table"], "pairs": seat["pairs"]}
            if rounds_played is None or round_["round"] <= rounds_played:
                game |= _played(variant, seat["pairs"], rng, results_share)
            games.append(game)
    return {
        "format": "cinch-night/1",
        "name": f"Random night {seed}",
        "date": "2026-11-17",
        "variant": variant_id,
        "tiebreak": tiebreak,
        "players": players,
        "games": games,
    }


def _played(variant, pairs, rng: random.Random, results_share: float) -> dict:
    hands = random_game(variant, pairs, rng)
    if rng.random() >= results_share:
        return {"hands": hands}
    state = play_game(variant, pairs, hands)
    result = {"winner": state.winner, "score": list(state.scores), "cinches": list(state.cinches)}
    if state.money_bid:
        result["money"] = True
    return {"result": result}


def random_table(
    variant_id: str, player_count: int, *, seed: int = 0, stake: str | None = "1.00"
) -> dict:
    """A ``cinch-game/1`` document of ``player_count`` players, played at random to its end."""
    rng = random.Random(seed)
    variant = get_variant(variant_id)
    numbers = list(range(1, player_count + 1))
    document = {
        "format": "cinch-game/1",
        "variant": variant_id,
        "name": f"Random table {seed}",
        "players": [FIRST_NAMES[i % len(FIRST_NAMES)] for i in range(player_count)],
        "hands": random_game(variant, numbers, rng),
    }
    if stake is not None:
        document["stake"] = stake
    return document
