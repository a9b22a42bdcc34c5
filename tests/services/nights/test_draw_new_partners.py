"""The draw of a night in a season gives new partners (``nights.services.night_draw`` on
``rules.draw``): it looks back on the season's earlier drawn nights, keeps what it did on
the night, deals at random when the director asks, and forgets its words once a swap
changes the pairs."""

import datetime
import random

import pytest
from django.core.exceptions import ValidationError

from scoring.models import Night, Season, Seat
from scoring.nights import selectors
from scoring.nights import services as nights_services
from tests.factories import player_names

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 3)


def a_night(days: int, names, *, drawn_with=None, as_seated=False, house=None) -> Night:
    """A night ``days`` after DAY with ``names`` seated in order: drawn with the seed
    ``drawn_with``, or kept ``as_seated`` (an earlier night whose pairs a test chooses)."""
    night = nights_services.night_create(
        name=f"Night {days}",
        date=DAY + datetime.timedelta(days=days),
        variant="club11",
        player_names=list(names),
        house_player=house,
    )
    if drawn_with is not None:
        nights_services.night_draw(night=night, chance=random.Random(drawn_with))
    if as_seated:
        Night.objects.filter(pk=night.pk).update(drawn_at=night.created_at)
    return night


def season(first: int = 0, last: int = 60) -> Season:
    return Season.objects.create(
        name="Winter",
        first_date=DAY + datetime.timedelta(days=first),
        last_date=DAY + datetime.timedelta(days=last),
    )


def partnerships(night: Night) -> set[frozenset]:
    pairs: dict[int, set] = {}
    for seat in Seat.objects.filter(night=night):
        pairs.setdefault(seat.pair, set()).add(seat.member_id)
    return {frozenset(two) for two in pairs.values()}


def numbers_by_name(night: Night) -> dict[str, int]:
    return {seat.member.name: seat.number for seat in night.seats.select_related("member")}


def pairs_said(said: str, opening: str) -> set[frozenset]:
    """The pairs a draw's words name after ``opening``: ``Ann & Bob, Cy & Di.``"""
    assert said.startswith(opening), said
    named = said[len(opening) :].rstrip(".").split(", ")
    return {frozenset(pair.split(" & ")) for pair in named}


def test_a_season_night_gets_partners_none_of_its_earlier_nights_had():
    season()
    players = player_names(8)
    earlier = [a_night(days, players, drawn_with=days) for days in (0, 7, 14)]
    tonight = a_night(21, players)

    nights_services.night_draw(night=tonight, chance=random.Random(1))

    tonight.refresh_from_db()
    old = set().union(*(partnerships(night) for night in earlier))
    assert partnerships(tonight).isdisjoint(old)
    assert tonight.draw_outcome == {"new_partners": True, "earlier_nights": 3, "repeats": []}


def test_a_repeat_that_cannot_be_avoided_is_the_oldest_and_is_kept_with_its_members():
    season()
    players = ["Ann", "Bob", "Cy", "Di"]
    for days, order in ((0, "Ann Bob Cy Di"), (7, "Ann Cy Bob Di"), (14, "Ann Di Bob Cy")):
        a_night(days, order.split(), as_seated=True)
    tonight = a_night(21, players)

    nights_services.night_draw(night=tonight, chance=random.Random(2))

    tonight.refresh_from_db()
    member = {seat.member.name: seat.member_id for seat in tonight.seats.select_related("member")}
    repeats = tonight.draw_outcome["repeats"]
    assert sorted(sorted(repeat["members"]) for repeat in repeats) == sorted(
        [sorted([member["Ann"], member["Bob"]]), sorted([member["Cy"], member["Di"]])]
    )
    assert [repeat["nights_ago"] for repeat in repeats] == [[3], [3]]
    said = selectors.draw_said(tonight, selectors.documents.night_seats(tonight))
    assert pairs_said(said, "2 repeats, the fewest possible: ") == {
        frozenset(("Ann", "Bob")),
        frozenset(("Cy", "Di")),
    }


def test_the_draw_looks_back_on_the_seasons_earlier_drawn_nights_only():
    winter = season(0, 30)
    players = player_names(8)
    counted = a_night(7, players, drawn_with=1)
    a_night(3, players)  # never drawn: its players sit as entered, no partnership
    a_night(40, players, drawn_with=2)  # after the season
    tonight = a_night(14, players)
    a_night(21, players, drawn_with=3)  # later in the season than tonight
    other = a_night(50, players, drawn_with=4)
    winter.picked.add(other)  # picked, but after tonight in the season's order

    earlier = selectors.earlier_partnerships(tonight)

    assert [set(map(frozenset, night)) for night in earlier] == [partnerships(counted)]


def test_the_same_day_counts_the_nights_made_before():
    season()
    players = player_names(4)
    first = a_night(7, players, drawn_with=1)
    tonight = a_night(7, players)
    assert [set(map(frozenset, n)) for n in selectors.earlier_partnerships(tonight)] == [
        partnerships(first)
    ]
    assert selectors.earlier_partnerships(first) == []


def test_the_earlier_nights_are_read_in_three_queries(django_assert_num_queries):
    season()
    players = player_names(8)
    for days in range(0, 35, 7):
        a_night(days, players, drawn_with=days)
    tonight = a_night(40, players)
    with django_assert_num_queries(3):  # the season, its earlier nights, their seats
        assert len(selectors.earlier_partnerships(tonight)) == 5


def test_a_night_in_no_season_is_dealt_as_before_and_says_nothing():
    players = player_names(8)
    tonight = a_night(0, players)
    nights_services.night_draw(night=tonight, chance=random.Random(7))
    tonight.refresh_from_db()
    assert tonight.draw_outcome is None
    assert selectors.draw_said(tonight, selectors.documents.night_seats(tonight)) == ""


def test_the_seasons_first_night_says_so():
    season()
    tonight = a_night(0, player_names(8))
    nights_services.night_draw(night=tonight, chance=random.Random(7))
    tonight.refresh_from_db()
    assert tonight.draw_outcome == {"new_partners": True, "earlier_nights": 0, "repeats": []}
    said = selectors.draw_said(tonight, [])
    assert said == "The season's first night: no earlier partnership to avoid."


def test_the_director_may_deal_a_season_night_at_random():
    """Off: the plain shuffle, the same numbers as a night in no season with that chance."""
    season()
    players = player_names(8)
    a_night(0, players, drawn_with=1)
    tonight = a_night(7, players)
    apart = a_night(200, players)  # outside the season

    nights_services.night_draw(night=tonight, chance=random.Random(5), new_partners=False)
    nights_services.night_draw(night=apart, chance=random.Random(5))

    tonight.refresh_from_db()
    assert tonight.draw_outcome == {"new_partners": False, "earlier_nights": 1, "repeats": []}
    assert numbers_by_name(tonight) == numbers_by_name(apart)
    said = selectors.draw_said(tonight, [])
    assert said.startswith("Drawn at random: ")


@pytest.mark.parametrize("seed", range(6))
def test_house_players_are_never_partners(seed):
    season()
    players = player_names(8)
    a_night(0, players, drawn_with=seed)
    tonight = a_night(7, players, house="Player 3")
    Seat.objects.filter(night=tonight, member__name="Player 4").update(house=True)

    nights_services.night_draw(night=tonight, chance=random.Random(seed))

    house = Seat.objects.filter(night=tonight, house=True)
    assert len({seat.pair for seat in house}) == 2


def test_a_swap_between_pairs_forgets_the_draws_words_and_one_within_keeps_them():
    season()
    players = player_names(8)
    a_night(0, players, drawn_with=1)
    tonight = a_night(7, players, drawn_with=2)
    kept = dict(tonight.draw_outcome)

    nights_services.seats_swap(night=tonight, first=1, second=2)
    tonight.refresh_from_db()
    assert tonight.draw_outcome == kept

    nights_services.seats_swap(night=tonight, first=2, second=3)
    tonight.refresh_from_db()
    assert tonight.draw_outcome is None


def test_a_season_night_too_big_to_pair_is_refused_in_words():
    season()
    players = player_names(202)
    a_night(0, players, drawn_with=1)
    tonight = a_night(7, players)
    with pytest.raises(ValidationError, match="at most 200 players"):
        nights_services.night_draw(night=tonight, chance=random.Random(1))
    assert Night.objects.get(pk=tonight.pk).drawn_at is None
