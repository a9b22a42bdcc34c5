"""Closing a night: refused while a game, a play-off or a prize tie is open; a final night
refuses every write until a director re-opens it; both are kept in the night's history."""

import random

import pytest
from django.core.exceptions import ValidationError

from scoring.core.records import errors
from scoring.games import services as games_services
from scoring.models import Game, Hand, Night
from scoring.nights import services as nights_services
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out, win_playoff

pytestmark = pytest.mark.django_db

ALL_FOUR = {"bidder": 1, "bid": 4, "high": 1, "low": 1, "jack": 1, "game": 1}


@pytest.fixture
def finished():
    """Two pairs, their one game entered hand by hand: three hands of four make 12."""
    night = night_with_schedule(2)
    game = Game.objects.get(night=night)
    for _ in range(3):
        games_services.hand_record(game=game, data=ALL_FOUR)
    return night


@pytest.fixture
def final(finished, director):
    return results_services.night_close(night=finished, user=director)


def test_close(finished, director):
    night = results_services.night_close(night=finished, user=director)

    assert night.is_final
    assert Night.objects.get(pk=finished.pk).is_final
    record = night.history.first()
    assert (record.is_final, record.history_user, record.history_change_reason) == (
        True,
        director,
        "closed: final",
    )


def test_close_refused_while_games_are_unfinished():
    night = night_with_schedule(4)
    play_out(night, leave=[(1, 2), (3, 4)])
    unfinished = Game.objects.filter(night=night, winner=None).order_by("round", "table")

    with pytest.raises(ValidationError) as refused:
        results_services.night_close(night=night)

    [message] = refused.value.messages
    assert "2 games are not finished" in message
    assert message.endswith(f". Not finished: {unfinished[0]}; {unfinished[1]}.")
    assert not Night.objects.get(pk=night.pk).is_final


def test_close_refused_while_a_tie_decides_a_prize():
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])

    with pytest.raises(ValidationError, match="pairs 1 and 2 are tied for places 1 and 2"):
        results_services.night_close(night=night)


def test_close_refused_while_a_playoff_is_unfinished_then_allowed():
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])
    results_services.playoffs_start(night=night)

    with pytest.raises(ValidationError, match=r"Not finished: play-off: pair 1 v pair 2\."):
        results_services.night_close(night=night)

    win_playoff(night, (1, 2), 2)
    assert results_services.night_close(night=night).is_final


def test_close_names_five_unfinished_games_at_most():
    night = night_with_schedule(4)

    with pytest.raises(ValidationError) as refused:
        results_services.night_close(night=night)

    [message] = refused.value.messages
    assert message.startswith("4-pair night cannot be final yet: 6 games are not finished; ")
    assert message.endswith("round 3, table 1: pair 1 v pair 4; and 1 more.")


def test_close_refused_without_games():
    night = night_with_schedule(2, draw=False)

    with pytest.raises(ValidationError, match="has no games yet"):
        results_services.night_close(night=night)


def test_close_refused_for_a_night_that_cannot_be_scored(finished):
    # Set up by hand in the admin: a player removed, leaving an odd number.
    finished.seats.order_by("number").last().delete()

    with pytest.raises(ValidationError, match="players"):
        results_services.night_close(night=finished)


def test_close_twice(final):
    with pytest.raises(ValidationError, match="is final already"):
        results_services.night_close(night=final)


def a_hand(night) -> Hand:
    return Hand.objects.filter(game__night=night).first()


def a_game(night) -> Game:
    return Game.objects.filter(night=night).first()


WRITES = {
    "hand_record": lambda night: games_services.hand_record(game=a_game(night), data=ALL_FOUR),
    "hand_correct": lambda night: games_services.hand_correct(
        hand=a_hand(night), data=ALL_FOUR, version=a_hand(night).version
    ),
    "hand_delete": lambda night: games_services.hand_delete(hand=a_hand(night)),
    "game_result_record": lambda night: games_services.game_result_record(
        game=a_game(night), result={"winner": 1, "score": [11, 0], "cinches": [0, 0]}
    ),
    "game_result_clear": lambda night: games_services.game_result_clear(game=a_game(night)),
    "game_reopen": lambda night: games_services.game_reopen(game=a_game(night)),
    "night_draw": lambda night: nights_services.night_draw(night=night, chance=random.Random(1)),
    "seats_swap": lambda night: nights_services.seats_swap(night=night, first=1, second=3),
    "night_schedule": lambda night: nights_services.night_schedule(night=night),
    "playoffs_start": lambda night: results_services.playoffs_start(night=night),
    "night_tiebreak_set": lambda night: results_services.night_tiebreak_set(
        night=night, tiebreak="pegs"
    ),
}


def snapshot(night) -> tuple:
    games = Game.objects.filter(night=night).values_list(
        "pk", "score_a", "score_b", "winner", "reopened", "version"
    )
    hands = Hand.objects.filter(game__night=night).values_list("pk", "version")
    seats = night.seats.values_list("number", "member__name")
    night.refresh_from_db()
    return list(games), list(hands), list(seats), night.tiebreak, night.drawn_at


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES)
def test_every_write_is_refused_on_a_final_night(final, director, write):
    before = snapshot(final)

    with pytest.raises(errors.NightFinal, match="is final: a director must re-open the night"):
        write(final)

    assert snapshot(final) == before


def test_reopen(final, director):
    night = results_services.night_reopen(night=final, user=director)

    assert not Night.objects.get(pk=final.pk).is_final
    games_services.game_reopen(game=a_game(night))  # writes go through again
    latest = night.history.first()
    assert (latest.is_final, latest.history_user, latest.history_change_reason) == (
        False,
        director,
        "re-opened",
    )


def test_reopen_an_open_night(finished):
    with pytest.raises(ValidationError, match="is not final: it is open already"):
        results_services.night_reopen(night=finished)
