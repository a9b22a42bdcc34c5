"""The cheapest pairing (``rules.matching``) against every pairing there is: on small
groups, with pairs not allowed and costs of every size, it finds the least total."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.matching import NoPairing, cheapest_pairing
from tests.examples import examples


def every_pairing(people: list[int]):
    """Each perfect matching of ``people`` as a list of pairs (brute force)."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for at, second in enumerate(rest):
        for pairing in every_pairing(rest[:at] + rest[at + 1 :]):
            yield [(first, second), *pairing]


def least_total(costs) -> int | None:
    totals = [
        sum(costs[a][b] for a, b in pairing)
        for pairing in every_pairing(list(range(len(costs))))
        if all(costs[a][b] is not None for a, b in pairing)
    ]
    return min(totals, default=None)


@st.composite
def cost_matrices(draw):
    size = draw(st.sampled_from([2, 4, 6, 8, 10]))
    dearest = draw(st.sampled_from([0, 1, 3, 1000, 10**30]))
    refused = draw(st.sampled_from([0.0, 0.2, 0.5]))
    chance = random.Random(draw(st.integers(0, 2**32)))
    costs = [[None] * size for _ in range(size)]
    for a in range(size):
        for b in range(a + 1, size):
            if chance.random() >= refused:
                costs[a][b] = costs[b][a] = chance.randint(0, dearest)
    return costs


@settings(max_examples=examples(300), deadline=None)
@given(costs=cost_matrices())
def test_the_pairing_is_the_cheapest_there_is(costs):
    best = least_total(costs)
    if best is None:
        with pytest.raises(NoPairing):
            cheapest_pairing(costs)
        return
    partner = cheapest_pairing(costs)
    assert all(partner[partner[a]] == a != partner[a] for a in range(len(costs)))
    assert all(costs[a][partner[a]] is not None for a in range(len(costs)))
    assert sum(costs[a][partner[a]] for a in range(len(costs)) if a < partner[a]) == best


def test_forty_people_are_paired_as_cheaply_as_a_known_pairing():
    """Costs that make one pairing the only free one: the method must find it among
    the 10^29 others (no brute force can check that size)."""
    chance = random.Random(4)
    people = list(range(40))
    chance.shuffle(people)
    free = {frozenset(people[at : at + 2]) for at in range(0, 40, 2)}
    costs = [[None] * 40 for _ in range(40)]
    for a in range(40):
        for b in range(a + 1, 40):
            cost = 0 if frozenset((a, b)) in free else chance.randint(1, 50)
            costs[a][b] = costs[b][a] = cost
    partner = cheapest_pairing(costs)
    assert {frozenset((a, partner[a])) for a in range(40)} == free


def test_an_odd_group_and_the_empty_one():
    with pytest.raises(NoPairing, match="odd"):
        cheapest_pairing([[None, 1, 1], [1, None, 1], [1, 1, None]])
    assert cheapest_pairing([]) == []
