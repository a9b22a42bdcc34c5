"""How a game was decided: the rule, the hand, and (counted out) the card and the law.

A side can win with fewer points than another (law 13: the first to reach the target as
the cards are counted out), so the rules core says why, for the pages to say it.
"""

import copy

from scoring.rules.game import (
    BIDDER_FIRST,
    COUNTED_OUT,
    MONEY,
    MORE_POINTS,
    REACHED,
    Decision,
    check_result,
    play_game,
)
from scoring.rules.table import read_table
from scoring.rules.variant import GAME, RIGHT_PEDRO
from scoring.rules.variants import get_variant

CARD_KEYS = ("high", "low", "jack", "game", "right_pedro", "left_pedro")


def three_sided_club11():
    """club11 as if three pairs could sit at one game, to see three sides reach 11."""
    variant = copy.copy(get_variant("club11"))
    variant.side_counts = (3,)
    return variant


def cards(**taken) -> dict:
    return {key: taken.get(key) for key in CARD_KEYS}


def table(variant: str, players: list[str], hands: list[dict]):
    doc = {"format": "cinch-game/1", "variant": variant, "players": players, "hands": hands}
    return read_table(doc).state


# Otis 38, Pearl 35, Sam 11 before the last hand; Pearl bids 6 and takes 9, Otis takes the
# Right Pedro: Otis reaches 42 on it, Pearl only on the Left Pedro.
OTIS_PEARL = [
    {"bidder": 1, "bid": 10, "points": [14, 0, 0]},
    {"bidder": 1, "bid": 10, "points": [14, 0, 0]},
    {"bidder": 2, "bid": 9, "points": [0, 14, 0]},
    {"bidder": 2, "bid": 9, "points": [0, 14, 0]},
    {"bidder": 1, "bid": 5, "points": [10, 4, 0]},
    {"bidder": 3, "bid": 1, "points": [0, 3, 11]},
    {"bidder": 2, "bid": 6} | cards(high=2, low=2, jack=2, game=2, right_pedro=1, left_pedro=2),
]


def test_otis_wins_with_43_against_pearls_44_counted_out_on_the_right_pedro():
    state = table("chicago42", ["Otis", "Pearl", "Sam"], OTIS_PEARL)

    assert state.scores == (43, 44, 11)
    assert state.winners == (1,)
    assert state.decision == Decision(
        how=COUNTED_OUT, hand=7, rivals=(2,), card=RIGHT_PEDRO, law=13
    )


def test_one_player_reaching_42_alone_wins_by_reaching_it():
    hands = OTIS_PEARL[:6] + [{"bidder": 1, "bid": 4, "points": [4, 0, 10]}]

    state = table("chicago42", ["Otis", "Pearl", "Sam"], hands)

    assert state.scores == (42, 35, 21)
    assert state.decision == Decision(how=REACHED, hand=7)


def test_a_game_in_play_has_no_decision():
    state = table("chicago42", ["Otis", "Pearl", "Sam"], OTIS_PEARL[:6])

    assert (state.winners, state.decision) == ((), None)


# Everyone at 35; Cy and Di to 38, Ann and Bob to 38, Ed stays at 35.
EVEN_RAZZLE = [{"bidder": 1, "bid": 7, "partner": 2, "points": [7, 7]}] * 5 + [
    {"bidder": 3, "bid": 3, "partner": 4, "points": [3, 0]},
    {"bidder": 1, "bid": 3, "partner": 2, "points": [3, 0]},
]
RAZZLE_PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed"]


def test_razzle_bidder_and_partner_count_out_together_before_the_defenders():
    last = {"bidder": 1, "bid": 4, "partner": 2} | cards(
        high=1, low=2, jack=1, game=2, right_pedro=3
    )

    state = table("razzle", RAZZLE_PLAYERS, [*EVEN_RAZZLE, last])

    assert state.scores == (42, 42, 43, 43, 40)
    assert state.winners == (1, 2)
    assert state.decision == Decision(how=COUNTED_OUT, hand=8, rivals=(3, 4), card=GAME, law=13)


def test_razzle_players_reaching_42_together_with_nobody_else_just_reach_it():
    last = {"bidder": 1, "bid": 4, "partner": 2, "points": [4, 0]}

    state = table("razzle", RAZZLE_PLAYERS, [*EVEN_RAZZLE, last])

    assert (state.scores, state.winners) == ((42, 42, 38, 38, 35), (1, 2))
    assert state.decision == Decision(how=REACHED, hand=8)


def pair_game(variant: str, hands: list[dict]):
    return play_game(get_variant(variant), (1, 2), hands)


def test_cinch51_first_to_reach_51():
    all_six = {"bidder": 1, "bid": 14} | cards(
        high=1, low=1, jack=1, game=1, right_pedro=1, left_pedro=1
    )
    hands = [all_six] * 3 + [
        {"bidder": 1, "bid": 10, "points": [10, 4]},
        {"bidder": 2, "bid": 5, "points": [2, 5]},
        {"bidder": 1, "bid": 5, "points": [7, 2]},
    ]

    state = pair_game("cinch51", hands)

    assert (state.scores, state.winners) == ((53, 3), (1,))
    assert state.decision == Decision(how=REACHED, hand=6)


def club11(bidder, bid, **taken) -> dict:
    return {"bidder": bidder, "bid": bid} | {key: taken.get(key) for key in CARD_KEYS[:4]}


def test_club11_both_pairs_reach_11_and_the_bidders_peg_first():
    hands = [
        club11(1, 4, high=1, low=1, jack=1, game=1),
        club11(2, 4, high=2, low=2, jack=2, game=2),
        club11(1, 3, high=1, low=1, jack=2, game=1),
        club11(2, 3, high=2, low=2, jack=2, game=1),
        club11(2, 2, high=2, low=2),
        club11(1, 2, high=1, low=1, jack=2, game=1),
    ]

    state = pair_game("club11", hands)

    assert (state.scores, state.winners) == ((11, 11), (1,))
    assert state.decision == Decision(how=BIDDER_FIRST, hand=6, rivals=(2,))


def test_club11_money_bid_decides_at_once():
    state = pair_game("club11", [club11(2, "money", high=2, low=2, jack=2, game=2)])

    assert state.decision == Decision(how=MONEY, hand=1)


def test_several_reaching_without_the_bidder_the_most_points_win():
    three_sides = three_sided_club11()
    hands = [club11(1, 2, high=2, low=2, jack=3, game=3)] * 5 + [
        club11(1, 2, high=2, low=2, jack=3, game=2)
    ]

    state = play_game(three_sides, (1, 2, 3), hands)

    assert (state.scores, state.winners) == ((-12, 13, 11), (2,))
    assert state.decision == Decision(how=MORE_POINTS, hand=6, rivals=(3,))


def test_a_pegboard_result_cannot_say_how_it_was_decided():
    state = check_result(
        get_variant("cinch51"), (1, 2), {"winner": 1, "score": [51, 20], "cinches": [0, 0]}
    )

    assert state.decision is None
