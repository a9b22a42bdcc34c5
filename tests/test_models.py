"""The models' own words: where a game is played (``Game.label``), whether play has
started (``Game.started``, the one test the draw, the pages and the buttons share) and
whether a game is finished, read from a row or asked of the database."""

import itertools

import pytest
from django.db.models import Count, Prefetch

from scoring.core.records import errors
from scoring.games import services as games_services
from scoring.models import Game, Hand
from scoring.nights import services as nights_services
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

PASSED = {"passed": True}


def test_a_game_is_labelled_by_its_round_and_table_or_as_a_playoff():
    night = night_with_schedule(4)
    game = Game.objects.get(night=night, round=2, table=1)
    playoff = Game.objects.create(night=night, is_playoff=True, pair_a=1, pair_b=2)

    assert game.label == "Round 2, table 1"
    assert str(game) == f"round 2, table 1: pair {game.pair_a} v pair {game.pair_b}"
    assert playoff.label == "Play-off"
    assert str(playoff) == "play-off: pair 1 v pair 2"


def test_a_passed_hand_starts_play_however_the_game_was_read():
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night).first()
    assert not game.started
    games_services.hand_record(game=game, data=PASSED)

    counted = Game.objects.annotate(hand_count=Count("hands")).get(pk=game.pk)
    prefetched = Game.objects.prefetch_related(Prefetch("hands", Hand.objects.all())).get(
        pk=game.pk
    )
    plain = Game.objects.get(pk=game.pk)
    assert (plain.score_a, plain.score_b, plain.winner) == (0, 0, None)
    assert counted.started and prefetched.started and plain.started
    with pytest.raises(errors.PlayStarted):
        nights_services.night_draw(night=night)


def test_a_pegboard_result_starts_play():
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night).first()

    games_services.game_result_record(
        game=game, result={"winner": game.pair_a, "score": [11, 3], "cinches": [0, 1]}
    )

    assert Game.objects.get(pk=game.pk).started


def test_the_admin_and_history_name_each_record_in_words():
    """What a director reads in the admin's lists, delete pages and history."""
    import datetime
    from decimal import Decimal

    from scoring.attendance import services as attendance_services
    from scoring.models import CashCount, Member, Season, TableGame, TablePlayer

    night = night_with_schedule(2)
    game = Game.objects.get(night=night)
    substitute = attendance_services.substitute_record(game=game, number=1, name="Zed")
    table = TableGame.objects.create(date="2026-11-17", variant="razzle")
    player = TablePlayer.objects.create(
        table=table, number=3, member=Member.objects.create(name="Ann")
    )
    season = Season.objects.create(
        name="November 2026",
        first_date=datetime.date(2026, 11, 1),
        last_date=datetime.date(2026, 11, 30),
    )
    count = CashCount(night=night, counted=Decimal("19.50"), expected=Decimal("20.00"))

    assert str(substitute) == f"Zed for 1 in {game}"
    assert str(player) == "3. Ann"
    assert str(season) == "November 2026"
    assert str(count) == f"19.50 counted of 20.00 for night {night.pk}"


def test_the_database_finds_the_games_not_finished_as_the_model_says():
    night = night_with_schedule(6)
    games = list(Game.objects.filter(night=night).order_by("pk"))
    shapes = itertools.product([False, True], [None, 1], [False, True])
    for game, (forfeit, winner, confirmed) in zip(games, shapes, strict=False):
        Game.objects.filter(pk=game.pk).update(
            forfeit=forfeit,
            winner=winner and game.pair_a,
            confirmed=confirmed,
        )
    stored = list(Game.objects.filter(night=night))
    expected = {game.pk for game in stored if not game.finished}

    found = set(Game.objects.filter(Game.unfinished(), night=night).values_list("pk", flat=True))

    assert found == expected
    assert 0 < len(expected) < len(stored)
