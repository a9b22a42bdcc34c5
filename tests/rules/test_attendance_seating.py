"""Seating for a night that does not go to plan: the draw keeps house players apart, and
a late pair takes the bye and makes up the rounds already played (rules.md, attendance)."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.attendance import keep_house_apart, late_pair_games, pair_of
from scoring.rules.schedule import schedule
from tests.examples import examples


@settings(max_examples=examples(200), deadline=None)
@given(data=st.data())
def test_the_draw_never_pairs_two_house_players(data):
    pairs = data.draw(st.integers(2, 20))
    house = data.draw(
        st.lists(st.booleans(), min_size=2 * pairs, max_size=2 * pairs).filter(
            lambda flags: sum(flags) <= pairs
        )
    )
    numbers = data.draw(st.permutations(range(1, 2 * pairs + 1)))

    mended = keep_house_apart(list(numbers), house)

    assert sorted(mended) == list(range(1, 2 * pairs + 1))
    house_pairs = [pair_of(number) for number, flag in zip(mended, house, strict=True) if flag]
    assert len(house_pairs) == len(set(house_pairs))


def test_a_draw_that_keeps_them_apart_is_left_as_it_is():
    numbers = [3, 1, 2, 4]
    assert keep_house_apart(numbers, [True, True, False, False]) == numbers


def test_more_house_players_than_pairs_is_refused():
    with pytest.raises(ValueError, match="more house players than pairs"):
        keep_house_apart([1, 2, 3, 4], [True, True, True, False])


def byes_of(pair_count: int) -> dict[int, int]:
    return {round_["round"]: round_["bye"] for round_ in schedule(pair_count)}


@pytest.mark.parametrize("pair_count", [3, 5, 7, 9])
@pytest.mark.parametrize("first_round", [1, 2, 4])
def test_a_late_pair_meets_every_pair_once(pair_count, first_round):
    first_round = min(first_round, pair_count)
    late = pair_count + 1
    games = late_pair_games(byes_of(pair_count), pair_count, first_round)
    seated = {
        (r, t)
        for round_ in schedule(pair_count)
        for g in round_["games"]
        for r, t in [(round_["round"], g["table"])]
    }

    assert sorted(pair for _, _, (pair, other) in games) == list(range(1, late))
    assert all(other == late for _, _, (_, other) in games)
    assert not seated & {(r, t) for r, t, _ in games}
    rounds = [r for r, _, _ in games]
    assert len(rounds) == len(set(rounds)), "the late pair plays once a round"
    make_up = [g for g in games if g[0] > pair_count]
    assert len(make_up) == first_round - 1
    assert all(t == pair_count // 2 + 1 for r, t, _ in games if r <= pair_count)


def test_a_late_pair_at_round_4_of_seven_plays_the_first_three_byes_after_the_last_round():
    byes = byes_of(7)
    games = late_pair_games(byes, 7, 4)
    assert games[-3:] == [(8, 1, (byes[1], 8)), (9, 1, (byes[2], 8)), (10, 1, (byes[3], 8))]
    assert games[0] == (4, 4, (byes[4], 8))


def test_an_even_night_has_no_bye_for_a_late_pair():
    with pytest.raises(ValueError, match="even number of pairs"):
        late_pair_games({}, 6, 2)


def test_every_pairing_of_the_grown_night_has_one_game():
    pair_count = 5
    games = [(r["round"], g["pairs"]) for r in schedule(pair_count) for g in r["games"]]
    games += [(r, list(p)) for r, _, p in late_pair_games(byes_of(pair_count), pair_count, 3)]
    met = [frozenset(pairs) for _, pairs in games]
    assert len(met) == len(set(met))
    assert set(met) == {frozenset(c) for c in combinations(range(1, 7), 2)}
