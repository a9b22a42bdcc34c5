"""Setting a night up: seating, the draw, swapping seats, the schedule, and the constraints."""

import datetime
import random

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from scoring.core.records import errors
from scoring.games import services as games_services
from scoring.models import Game, Member, Night, Seat
from scoring.nights import services as nights_services
from scoring.rules import schedule
from tests.factories import DirectorFactory

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
HAND = {"bidder": 1, "bid": 2, "high": 1, "low": 1, "jack": None, "game": 2}

pytestmark = pytest.mark.django_db


def make_night(players=PLAYERS, **settings) -> Night:
    return nights_services.night_create(
        name="Tuesday",
        date=datetime.date(2026, 11, 17),
        variant="club11",
        player_names=list(players),
        **settings,
    )


def seating(night: Night) -> dict[int, str]:
    return {seat.number: seat.member.name for seat in night.seats.select_related("member")}


def drawn_and_scheduled(players=PLAYERS) -> Night:
    night = make_night(players)
    nights_services.night_draw(night=night, chance=random.Random(1))
    nights_services.night_schedule(night=night)
    return night


def test_night_create_seats_players_in_order():
    night = make_night()

    assert seating(night) == dict(enumerate(PLAYERS, start=1))
    assert night.drawn_at is None
    assert Member.objects.count() == len(PLAYERS)


def test_night_create_reuses_members_by_name():
    make_night()
    again = make_night([" Ann", "Zed", "Bob", "Cy"], tiebreak="pegs")

    assert Member.objects.count() == len(PLAYERS) + 1
    assert seating(again) == {1: "Ann", 2: "Zed", 3: "Bob", 4: "Cy"}
    assert again.tiebreak == "pegs"
    assert Member.objects.get(name="Ann").seats.count() == 2


def test_night_draw_permutes_the_numbers():
    night = make_night()

    seats = nights_services.night_draw(night=night, chance=random.Random(7))

    numbers = [seat.number for seat in seats]
    assert numbers == list(range(1, len(PLAYERS) + 1))
    drawn = seating(night)
    assert sorted(drawn.values()) == sorted(PLAYERS)
    assert drawn != dict(enumerate(PLAYERS, start=1))
    night.refresh_from_db()
    assert night.drawn_at is not None


def test_night_draw_is_repeatable_with_the_same_seed():
    first, second = make_night(), make_night()

    nights_services.night_draw(night=first, chance=random.Random(3))
    nights_services.night_draw(night=second, chance=random.Random(3))

    assert seating(first) == seating(second)


def test_seats_swap_swaps_two_numbers():
    night = make_night()

    nights_services.seats_swap(night=night, first=2, second=7)

    assert seating(night) == {**dict(enumerate(PLAYERS, start=1)), 2: "Gus", 7: "Bob"}


@pytest.mark.parametrize(("first", "second"), [(1, 2), (2, 1), (7, 8), (1, 8)])
def test_seats_swap_of_any_two_numbers(first, second):
    # Swapping 1 and 2 among 8 players used to park seat 1 on the taken number 5.
    night = make_night()
    expected = dict(enumerate(PLAYERS, start=1))
    expected[first], expected[second] = expected[second], expected[first]

    nights_services.seats_swap(night=night, first=first, second=second)

    assert seating(night) == expected


def test_night_draw_of_a_night_without_players():
    night = make_night([])

    assert nights_services.night_draw(night=night, chance=random.Random(1)) == []


@pytest.mark.parametrize(("first", "second"), [(3, 3), (1, 99)], ids=["same", "not-drawn"])
def test_seats_swap_needs_two_numbers_of_the_night(first, second):
    night = make_night()

    with pytest.raises(ValidationError, match="two different numbers"):
        nights_services.seats_swap(night=night, first=first, second=second)

    assert seating(night) == dict(enumerate(PLAYERS, start=1))


def test_draw_and_swap_are_refused_once_a_hand_is_recorded():
    night = drawn_and_scheduled()
    before = seating(night)
    games_services.hand_record(game=night.games.first(), data=HAND)

    with pytest.raises(errors.PlayStarted, match="Play has started"):
        nights_services.night_draw(night=night, chance=random.Random(2))
    with pytest.raises(errors.PlayStarted, match="Play has started"):
        nights_services.seats_swap(night=night, first=1, second=2)
    with pytest.raises(errors.PlayStarted, match="Play has started"):
        nights_services.night_schedule(night=night)

    assert seating(night) == before


def test_draw_is_refused_once_a_result_is_typed():
    night = drawn_and_scheduled()
    game = night.games.first()
    games_services.game_result_record(
        game=game, result={"winner": game.pair_a, "score": [11, 3], "cinches": [0, 1]}
    )

    with pytest.raises(errors.PlayStarted):
        nights_services.night_draw(night=night)


@pytest.mark.parametrize("players", [8, 12, 10], ids=["2-tables", "3-tables", "odd-pairs"])
def test_night_schedule_is_the_rules_pattern_table(players):
    names = [f"Player {number}" for number in range(1, players + 1)]
    night = make_night(names)
    nights_services.night_draw(night=night, chance=random.Random(5))

    games = nights_services.night_schedule(night=night)

    expected = [
        (round_["round"], seat["table"], tuple(seat["pairs"]))
        for round_ in schedule(players // 2)
        for seat in round_["games"]
    ]
    stored = [(g.round, g.table, g.pairs) for g in Game.objects.filter(night=night)]
    assert stored == expected
    assert [(g.round, g.table, g.pairs) for g in games] == expected
    assert not any(game.started for game in games)


def test_night_schedule_again_replaces_the_unplayed_games():
    night = make_night()
    nights_services.night_draw(night=night, chance=random.Random(5))
    nights_services.night_schedule(night=night)

    nights_services.night_schedule(night=night)

    assert Game.objects.filter(night=night).count() == len(schedule(4)) * 2


def test_setting_up_keeps_each_change_in_the_history_with_its_author():
    """Seats and games are written in bulk; each still has its history row, by whom:
    a seat's creation, its drawn number (not the parking on the way), a game's creation."""
    director = DirectorFactory()
    night = nights_services.night_create(
        name="Tuesday",
        date=datetime.date(2026, 11, 17),
        variant="club11",
        player_names=PLAYERS,
        user=director,
    )
    nights_services.night_draw(night=night, chance=random.Random(1), user=director)
    games = nights_services.night_schedule(night=night, user=director)

    seats = Seat.history.filter(night=night)
    assert sorted(seats.filter(history_type="+").values_list("number", flat=True)) == list(
        range(1, 9)
    )
    drawn = {row.id: row.number for row in seats.filter(history_type="~")}
    assert drawn == {seat.pk: seat.number for seat in night.seats.all()}
    created = Game.history.filter(night=night, history_type="+")
    assert sorted(created.values_list("id", flat=True)) == sorted(game.pk for game in games)
    assert {row.history_user for row in [*seats, *created]} == {director}


def test_night_schedule_is_refused_before_the_draw():
    night = make_night()

    with pytest.raises(ValidationError, match="Draw the numbers"):
        nights_services.night_schedule(night=night)

    assert not Game.objects.exists()


def test_a_number_is_drawn_once_a_night():
    night = make_night()

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(night=night, number=3, member=Member.objects.create(name="Zed"))


def test_a_member_holds_one_number_a_night():
    night = make_night()

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(night=night, number=9, member=Member.objects.get(name="Ann"))


def test_a_table_holds_one_game_a_round():
    night = make_night()
    Game.objects.create(night=night, round=1, table=1, pair_a=1, pair_b=2)

    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(night=night, round=1, table=1, pair_a=3, pair_b=4)


def test_pairs_meet_once_outside_playoffs():
    night = make_night()
    Game.objects.create(night=night, round=1, table=1, pair_a=1, pair_b=2)

    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(night=night, round=2, table=1, pair_a=2, pair_b=1)
    Game.objects.create(night=night, is_playoff=True, pair_a=2, pair_b=1)


def test_a_pair_cannot_play_itself():
    night = make_night()

    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(night=night, round=1, table=1, pair_a=2, pair_b=2)


def test_a_winner_plays_in_the_game():
    night = make_night()

    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(night=night, round=1, table=1, pair_a=1, pair_b=2, winner=3)
