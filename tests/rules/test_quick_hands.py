"""The quick reading of a hand never disagrees with the full one (hypothesis, no database).

``HandReader.read`` tries ``quick`` first and reads the hand rule by rule only when
``quick`` gives up. So whatever ``quick`` accepts, the full reading must accept too, with
no problem, as the same hand; and ``quick`` must accept the plain hands a night is made
of, or it speeds nothing up. The hands are valid ones, then spoiled: a value swapped for
one that looks like it (``True`` for pair 1, ``Decimal("3.0")`` for a bid of 3, ``"3"``,
``[1]``, ``" money "``), a field dropped, an unknown field added.
"""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import all_variants, get_variant
from scoring.rules.hand import MONEY, HandReader
from scoring.rules.simulate import as_totals
from tests.examples import examples
from tests.rules.test_hand_properties import card_hands, sides_for

VARIANT_IDS = [variant.id for variant in all_variants()]
ODD_VALUES = (None, True, False, 0, -1, 99, 1.0, "1", "pass", [], [1], {}, {"pair": 1})
BIDS = (MONEY, "Money", " money ", "3", 1, 2, 3, 4, 14, 15, Decimal("3"), 3.0, True)
FIELDS = ("passed", "bidder", "bid", "points", "revoke", "partner", "cards", "dealer")


def look_alikes(sides) -> tuple:
    """Values that equal a side, or hash like one, without being it."""
    return tuple(
        value
        for side in sides
        for value in (Decimal(side), Decimal(f"{side}.0"), float(side), str(side), [side])
    )


@st.composite
def points(draw, variant, count: int) -> list:
    """A points list, right or wrong: one that can happen, maybe with a number swapped for
    one of another type that equals it (``True`` for 1) or for another number, maybe one
    number too many or too few."""
    listed = list(draw(st.sampled_from(sorted(variant.possible_totals(count)))))
    position = draw(st.integers(0, count - 1))
    number = listed[position]
    swaps = st.sampled_from((number, number + 1, -1, float(number), Decimal(number)))
    if number in (0, 1):
        swaps = st.one_of(swaps, st.just(bool(number)))
    listed[position] = draw(swaps)
    return draw(st.sampled_from((listed, listed[:-1], [*listed, 0])))


@st.composite
def spoiled(draw, hand: dict, variant, sides) -> dict:
    """``hand`` with a field dropped or given a value that is wrong, or nearly right."""
    field = draw(st.sampled_from((*hand, *variant.card_keys, *FIELDS)))
    if draw(st.integers(0, 4)) == 0:
        hand.pop(field, None)
        return hand
    values = (*ODD_VALUES, *look_alikes(sides), *sides)
    if field == "bid":
        values = (*BIDS, *values)
    kind = st.sampled_from(values)
    if field == "points":
        kind = st.one_of(points(variant, variant.totals_count(len(sides))), kind)
    hand[field] = draw(kind)
    return hand


@st.composite
def hands(draw, variant, sides):
    """A valid hand (by cards or as totals, now and then a passed deal), maybe spoiled."""
    hand = draw(card_hands(variant, sides, passed_deals=True))
    if draw(st.booleans()):
        hand = as_totals(variant, sides, hand)
    for _ in range(draw(st.integers(0, 2))):
        hand = draw(spoiled(hand, variant, sides))
    return hand


def small_sides(variant):
    """A game's sides numbered from 1 up, so that ``True`` or ``Decimal("1.0")`` can pass
    for one of them."""
    return st.sampled_from(variant.side_counts).flatmap(
        lambda count: st.permutations(range(1, count + 2)).map(lambda numbers: numbers[:count])
    )


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_what_the_quick_reading_accepts_the_full_reading_accepts_alike(variant_id, data):
    variant = get_variant(variant_id)
    sides = tuple(data.draw(st.one_of(small_sides(variant), sides_for(variant)), label="sides"))
    raw = data.draw(hands(variant, sides), label="hand")
    reader = HandReader(variant, sides, "pair")

    quick = reader.quick(raw)
    full = reader.read_fully(raw)

    if quick is not None:
        assert reader.problems == []
        assert quick == full


@pytest.mark.parametrize("variant_id", ["club11", "cinch51", "chicago42"])
@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_the_quick_reading_takes_the_plain_hands_of_a_night(variant_id, data):
    variant = get_variant(variant_id)
    sides = data.draw(st.lists(st.integers(1, 40), min_size=2, max_size=2, unique=True))
    hand = data.draw(card_hands(variant, sides, passed_deals=True), label="hand")
    hand.pop("revoke", None)
    reader = HandReader(variant, sides, "pair")

    assert reader.quick(hand) == reader.read_fully(hand) is not None
    if hand.get("bid") != MONEY:
        totals = as_totals(variant, sides, hand)
        assert reader.quick(totals) == reader.read_fully(totals) is not None


def test_a_problem_left_by_the_full_reading_is_cleared_by_a_quick_one():
    reader = HandReader(get_variant("club11"), (1, 2), "pair")

    assert reader.read({"bidder": 3, "bid": 2, "high": 1, "low": 1}) is None
    assert reader.problems
    assert reader.read({"bidder": 1, "bid": 2, "high": 1, "low": 1}) is not None
    assert reader.problems == []


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_the_two_readings_agree_on_any_points_and_any_bid(variant_id, data):
    variant = get_variant(variant_id)
    sides = tuple(data.draw(small_sides(variant), label="sides"))
    hand = data.draw(card_hands(variant, sides), label="hand")
    if data.draw(st.booleans()):
        hand = as_totals(variant, sides, hand)
    if "points" in hand:
        count = variant.totals_count(len(sides))
        hand["points"] = data.draw(points(variant, count), label="points")
    hand["bid"] = data.draw(st.sampled_from((*BIDS, *ODD_VALUES)), label="bid")
    reader = HandReader(variant, sides, "pair")

    quick = reader.quick(hand)
    full = reader.read_fully(hand)

    assert quick is None or quick == full and reader.problems == []
