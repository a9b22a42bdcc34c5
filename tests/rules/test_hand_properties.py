"""Properties of hands and of the pattern table, checked with hypothesis (no database).

- A hand entered card by card scores exactly as the same hand given as points per side.
- The pattern table is a valid round robin for 2 to 40 pairs.
"""

import random
from itertools import combinations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scoring.rules import (
    InvalidInput,
    all_variants,
    get_variant,
    play_game,
    schedule_document,
)
from scoring.rules.game import Board
from scoring.rules.hand import MONEY, MONEY_HOLDS
from scoring.rules.simulate import as_totals, random_hand
from tests.examples import examples

VARIANT_IDS = [variant.id for variant in all_variants()]


def sides_for(variant):
    """Labels for a game's sides: as many as the variant allows, any pair numbers."""
    return st.sampled_from(variant.side_counts).flatmap(
        lambda count: st.lists(st.integers(1, 40), min_size=count, max_size=count, unique=True).map(
            tuple
        )
    )


@st.composite
def card_hands(draw, variant, sides, *, passed_deals=False):
    """A valid hand entered card by card; now and then a passed deal if asked for."""
    if passed_deals and variant.passed_deal and draw(st.integers(0, 9)) == 0:
        return {"passed": True}
    bids = [*variant.bids, *([MONEY] if variant.money_bid else [])]
    hand = {"bidder": draw(st.sampled_from(sides)), "bid": draw(st.sampled_from(bids))}
    if variant.called_partner:
        others = [side for side in sides if side != hand["bidder"]]
        hand["partner"] = draw(st.sampled_from((None, *others)))
    for card in variant.cards:
        held = hand["bid"] == MONEY and card.key == MONEY_HOLDS  # the Money bidder's Jack
        owners = sides if card.always_awarded or held else (*sides, None)
        hand[card.key] = draw(st.sampled_from(owners))
    if variant.revoke:
        hand["revoke"] = draw(st.sampled_from((None, *sides)))
    return hand


def before_the_win(variant, sides, hands: list) -> list:
    """``hands`` cut just before the one that wins the game, so another hand may follow.

    A count-out hand given as totals is refused (its cards decide): cut before it too.
    """
    board = Board(variant, sides)
    for number, hand in enumerate(hands):
        try:
            board.play(hand)
        except InvalidInput:
            return hands[:number]
        if board.finished:
            return hands[:number]
    return hands


def pegged(step):
    """What a hand scored; who each card counted for is known only card by card."""
    return step.score._replace(counts=None)


def assert_same_game(by_cards, by_totals) -> None:
    assert by_cards.scores == by_totals.scores
    assert by_cards.cinches == by_totals.cinches
    assert by_cards.winners == by_totals.winners
    assert by_cards.money_bid == by_totals.money_bid
    assert len(by_cards.steps) == len(by_totals.steps)
    for card_step, total_step in zip(by_cards.steps, by_totals.steps, strict=True):
        assert pegged(card_step) == pegged(total_step)
        assert card_step.scores == total_step.scores
        assert card_step.cinches == total_step.cinches


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_a_hand_by_cards_scores_as_its_totals(variant_id, data):
    variant = get_variant(variant_id)
    sides = data.draw(sides_for(variant), label="sides")
    hand = data.draw(card_hands(variant, sides), label="hand")

    by_cards = play_game(variant, sides, [hand])
    by_totals = play_game(variant, sides, [as_totals(variant, sides, hand)])

    assert pegged(by_cards.steps[0]) == pegged(by_totals.steps[0])
    assert_same_game(by_cards, by_totals)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_a_hand_by_cards_scores_as_its_totals_from_any_board(variant_id, data):
    variant = get_variant(variant_id)
    sides = data.draw(sides_for(variant), label="sides")
    drawn = data.draw(
        st.lists(card_hands(variant, sides, passed_deals=True), max_size=30), label="before"
    )
    # Each hand before may itself be typed either way, the same way in both games.
    forms = data.draw(st.lists(st.booleans(), min_size=len(drawn), max_size=len(drawn)))
    before = [
        as_totals(variant, sides, hand) if by_totals else hand
        for hand, by_totals in zip(drawn, forms, strict=True)
    ]
    before = before_the_win(variant, sides, before)
    hand = data.draw(card_hands(variant, sides), label="hand")

    by_cards = play_game(variant, sides, [*before, hand])
    try:
        by_totals = play_game(variant, sides, [*before, as_totals(variant, sides, hand)])
    except InvalidInput as refused:
        # Only where its cards decide: several sides reach the target, counted out.
        event("totals refused: a count-out")
        last = by_cards.steps[-1]
        assert variant.counts_out
        assert sum(score >= variant.target for score in last.scores) > 1
        assert [problem.place for problem in refused.problems] == [f"hands[{len(before)}].points"]
        return
    assert pegged(by_cards.steps[-1]) == pegged(by_totals.steps[-1])
    assert_same_game(by_cards, by_totals)


def test_the_simulator_deals_the_money_bidder_the_jack():
    rng = random.Random(10)
    hands = [random_hand(get_variant("club11"), (1, 2), rng) for _ in range(3000)]
    money = [hand for hand in hands if hand.get("bid") == MONEY]

    assert len(money) > 20
    assert all(hand.get("jack") is not None or sum(hand["points"]) >= 3 for hand in money)
    assert any("jack" in hand for hand in money)


@pytest.mark.parametrize("pair_count", range(2, 41), ids=lambda n: f"{n}-pairs")
def test_the_pattern_table_is_a_round_robin(pair_count):
    doc = schedule_document(pair_count)
    rounds = doc["rounds"]
    meetings = []
    byes = []

    assert doc["pairs"] == pair_count
    assert len(rounds) == (pair_count if pair_count % 2 else pair_count - 1)
    for number, round_ in enumerate(rounds, start=1):
        assert round_["round"] == number
        tables = [game["table"] for game in round_["games"]]
        assert tables == list(range(1, len(tables) + 1))
        assert len(tables) <= pair_count // 2
        seated = [pair for game in round_["games"] for pair in game["pairs"]]
        assert len(seated) == len(set(seated)), f"a pair plays twice in round {number}"
        if pair_count % 2:
            assert round_["bye"] is not None and round_["bye"] not in seated
            byes.append(round_["bye"])
        else:
            assert round_["bye"] is None
        assert sorted([*seated, *([round_["bye"]] if round_["bye"] else [])]) == list(
            range(1, pair_count + 1)
        )
        meetings += [frozenset(game["pairs"]) for game in round_["games"]]

    every_meeting = {frozenset(pairs) for pairs in combinations(range(1, pair_count + 1), 2)}
    assert len(meetings) == len(every_meeting)
    assert set(meetings) == every_meeting
    if pair_count % 2:
        assert sorted(byes) == list(range(1, pair_count + 1))
