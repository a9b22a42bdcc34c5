"""The draw that gives new partners (``rules.draw``), against every deal there is.

On small seasons, brute force lists every way of pairing the night's players, scores each
by the rules the module's docstring states (the fewest repeats, then the least recency:
a night weighs 2 to the power of its place in the season), and checks that the draw's
deal is among the best, that it says its repeats truly, that it never pairs two house
players, and that over many seeds every best deal comes out.
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.draw import MOST_PLAYERS, deal_new_partners, night_partnerships
from scoring.rules.errors import Refused
from tests.examples import examples
from tests.rules.test_matching import every_pairing


def partnered(earlier) -> dict[frozenset, list[int]]:
    """For each partnership, the places in the season (0: its first night) it was formed."""
    places: dict[frozenset, list[int]] = {}
    for place, night in enumerate(earlier):
        for first, second in night:
            places.setdefault(frozenset((first, second)), []).append(place)
    return places


def rank(pairing, earlier) -> tuple[int, int]:
    """(repeats, recency) of a pairing, straight from the rule's words."""
    places = partnered(earlier)
    repeats = sum(frozenset(pair) in places for pair in pairing)
    recency = sum(2**place for pair in pairing for place in places.get(frozenset(pair), ()))
    return repeats, recency


def allowed(pairing, house) -> bool:
    return not any(a in house and b in house for a, b in pairing)


def best_deals(players, earlier, house) -> set[frozenset]:
    pairings = [p for p in every_pairing(list(players)) if allowed(p, house)]
    least = min(rank(pairing, earlier) for pairing in pairings)
    return {
        frozenset(frozenset(pair) for pair in pairing)
        for pairing in pairings
        if rank(pairing, earlier) == least
    }


def pairs_of(deal, players) -> list[tuple]:
    """The deal's pairs in pair order, each as (number 2k-1, number 2k)."""
    by_number = sorted(range(len(players)), key=lambda at: deal.numbers[at])
    return night_partnerships([players[at] for at in by_number])


@st.composite
def seasons(draw, most_players=10):
    """(tonight's players, the earlier nights, house players): earlier nights drawn from
    a wider club, so some partners of old are absent tonight."""
    count = draw(st.sampled_from(range(2, most_players + 1, 2)))
    club = [f"P{number}" for number in range(count + draw(st.integers(0, 4)))]
    players = draw(st.permutations(club))[:count]
    earlier = []
    for _ in range(draw(st.integers(0, 6))):
        night = draw(st.permutations(club))
        night = night[: len(night) - len(night) % 2 - 2 * draw(st.integers(0, 1))]
        earlier.append(night_partnerships(night))
    house = set(draw(st.lists(st.sampled_from(players), max_size=count // 2, unique=True)))
    return players, earlier, house


@settings(max_examples=examples(150), deadline=None)
@given(season=seasons(), seed=st.integers(0, 2**32))
def test_the_deal_has_the_fewest_repeats_and_the_least_recency(season, seed):
    players, earlier, house = season
    deal = deal_new_partners(players, earlier, house=house, chance=random.Random(seed))

    assert sorted(deal.numbers) == list(range(1, len(players) + 1))
    pairs = pairs_of(deal, players)
    assert allowed(pairs, house)
    assert frozenset(frozenset(pair) for pair in pairs) in best_deals(players, earlier, house)
    assert deal.earlier_nights == len(earlier)


@settings(max_examples=examples(100), deadline=None)
@given(season=seasons(), seed=st.integers(0, 2**32))
def test_the_deal_says_its_repeats_truly(season, seed):
    players, earlier, house = season
    deal = deal_new_partners(players, earlier, house=house, chance=random.Random(seed))

    places = partnered(earlier)
    expected = [
        (pair, tuple(sorted(len(earlier) - place for place in places[frozenset(two)])))
        for pair, two in enumerate(pairs_of(deal, players), start=1)
        if frozenset(two) in places
    ]
    assert [(repeat.pair, repeat.nights_ago) for repeat in deal.repeats] == expected
    assert [repeat.players for repeat in deal.repeats] == [
        pairs_of(deal, players)[repeat.pair - 1] for repeat in deal.repeats
    ]
    latest = min((ago[0] for _, ago in expected), default=len(earlier) + 1)
    assert deal.clear_nights == latest - 1


@settings(max_examples=examples(20), deadline=None)
@given(season=seasons(most_players=6))
def test_every_best_deal_comes_out_over_many_seeds(season):
    """At random among equals: with 6 players or fewer (at most 15 deals), 300 seeds bring
    out every best deal; each comes out more than once in 20 in the module's noise."""
    players, earlier, house = season
    best = best_deals(players, earlier, house)
    seen = Counter()
    for seed in range(300):
        deal = deal_new_partners(players, earlier, house=house, chance=random.Random(seed))
        seen[frozenset(frozenset(pair) for pair in pairs_of(deal, players))] += 1
    assert set(seen) == best


def test_the_same_seed_deals_the_same_numbers():
    players = [f"P{n}" for n in range(12)]
    earlier = [night_partnerships(players)]
    deals = {deal_new_partners(players, earlier, chance=random.Random(9)) for _ in range(3)}
    assert len(deals) == 1


# Four players tonight make three possible deals; the earlier nights below give each
# one repeats, so the rule's order decides.
ANN, BOB, CY, DI = "Ann", "Bob", "Cy", "Di"
TONIGHT = [ANN, BOB, CY, DI]


def deal_pairs(earlier) -> tuple[set[frozenset], object]:
    deal = deal_new_partners(TONIGHT, earlier, chance=random.Random(1))
    return {frozenset(pair) for pair in pairs_of(deal, TONIGHT)}, deal


def test_of_repeats_that_cannot_be_avoided_the_oldest_are_kept():
    earlier = [[(ANN, BOB), (CY, DI)], [(ANN, CY), (BOB, DI)], [(ANN, DI), (BOB, CY)]]
    pairs, deal = deal_pairs(earlier)
    assert pairs == {frozenset((ANN, BOB)), frozenset((CY, DI))}
    assert [repeat.nights_ago for repeat in deal.repeats] == [(3,), (3,)]
    assert deal.clear_nights == 2


def test_fewer_repeats_come_before_older_ones():
    """One repeat from last night rather than two from the season's first nights."""
    earlier = [
        [(ANN, BOB), (CY, DI)],
        [(ANN, CY), (BOB, DI)],
        [(ANN, DI), (BOB, "Ed"), (CY, "Flo")],
    ]
    pairs, deal = deal_pairs(earlier)
    assert pairs == {frozenset((ANN, DI)), frozenset((BOB, CY))}
    assert [(set(repeat.players), repeat.nights_ago) for repeat in deal.repeats] == [
        ({ANN, DI}, (1,))
    ]
    assert deal.clear_nights == 0


def test_a_partnership_of_several_nights_is_one_repeat_of_each():
    earlier = [[(ANN, BOB), (CY, DI)], [(ANN, BOB), (CY, DI)], [(ANN, CY), (BOB, DI)]]
    earlier.append([(ANN, DI), (BOB, CY)])
    _, deal = deal_pairs(earlier)
    assert sorted(repeat.nights_ago for repeat in deal.repeats) == [(3, 4), (3, 4)]


def test_no_repeat_when_it_can_be_avoided():
    _, deal = deal_pairs([[(ANN, BOB), (CY, DI)], [(ANN, CY), (BOB, DI)]])
    assert (deal.repeats, deal.clear_nights, deal.earlier_nights) == ((), 2, 2)


def test_eighty_players_over_a_season_of_random_draws_get_new_partners():
    """A club's size: 40 pairs after 20 nights dealt at random still find 40 new ones."""
    chance = random.Random(3)
    players = [f"P{n}" for n in range(80)]
    earlier = []
    for _ in range(20):
        chance.shuffle(players)
        earlier.append(night_partnerships(list(players)))
    deal = deal_new_partners(players, earlier, house=players[:10], chance=chance)
    pairs = pairs_of(deal, players)
    assert deal.repeats == () and allowed(pairs, set(players[:10]))


@pytest.mark.parametrize(
    ("players", "house", "message"),
    [
        (["A", "B", "C"], (), "3 players cannot all be paired"),
        (["A", "B", "C", "D"], ("A", "B", "C"), "more house players than pairs"),
        ([f"P{n}" for n in range(MOST_PLAYERS + 2)], (), f"at most {MOST_PLAYERS} players"),
    ],
    ids=["odd", "house", "too-many"],
)
def test_a_draw_that_cannot_be_made_is_refused(players, house, message):
    with pytest.raises(Refused, match=message):
        deal_new_partners(players, [], house=house, chance=random.Random(1))
