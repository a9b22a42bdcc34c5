"""Each night's kept standings: the rules core's answer, kept by the services that settle a
night, computed for a read (and not saved) when the night changed since (every service
that changes a night moves its ``updated_at``)."""

import pytest

from scoring.core.records import documents, kept_summaries
from scoring.games import services as games_services
from scoring.models import Game, Night, NightSummary
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from scoring.rules.simulate import random_night
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db


def kept(night) -> NightSummary:
    return {n.pk: n.kept_summary for n in kept_summaries.nights_with_summaries()}[night.pk]


def test_the_kept_summary_is_the_nights_standings_document():
    night = night_with_schedule(3)
    play_out(night)

    summary = kept(night)

    assert summary.standings == results_selectors.night_standings(night)
    assert summary.players == [seat.member.name for seat in documents.night_seats(night)]
    assert summary.problems == []


def test_an_unchanged_night_is_not_computed_again(django_assert_num_queries):
    night = night_with_schedule(2)
    play_out(night)
    kept_summaries.keep([night.pk])

    with django_assert_num_queries(1):
        kept_summaries.nights_with_summaries()


def test_a_read_computes_a_stale_summary_without_saving_it(django_assert_num_queries):
    night = night_with_schedule(2)
    play_out(night)

    with django_assert_num_queries(3):  # the nights, then the stale one's seats and games
        summary = kept(night)

    assert summary.standings == results_selectors.night_standings(night)
    assert not NightSummary.objects.exists()


def test_a_night_marked_final_keeps_its_summary(director):
    night = night_with_schedule(3)
    play_out(night)

    results_services.night_close(night=night, user=director)

    kept_row = NightSummary.objects.get(night=night)
    assert kept_row.standings == results_selectors.night_standings(night)
    assert kept_row.as_of == Night.objects.get(pk=night.pk).updated_at


def test_a_night_imported_whole_keeps_its_summary():
    night = nights_services.night_import(document=random_night(4, seed=1))

    kept_row = NightSummary.objects.get(night=night)
    assert kept_row.standings == results_selectors.night_standings(night)
    assert kept_row.as_of == Night.objects.get(pk=night.pk).updated_at


def test_a_changed_night_is_computed_again_alone():
    first, second = night_with_schedule(2, name="First"), night_with_schedule(2, name="Second")
    play_out(first)
    before = kept(second).standings
    kept(first)
    game = Game.objects.filter(night=second).order_by("round", "table").first()

    games_services.game_result_record(
        game=game, result={"winner": game.pair_a, "score": [11, 2], "cinches": [0, 1]}
    )

    assert kept(second).standings != before
    assert kept(second).standings == results_selectors.night_standings(second)
    assert kept(second).as_of == Night.objects.get(pk=second.pk).updated_at


def test_a_night_that_cannot_be_scored_keeps_why():
    night = night_with_schedule(2)
    night.seats.order_by("number").last().delete()  # by hand in the admin: 3 players left
    Night.objects.get(pk=night.pk).save()  # the admin saves the night with its seats

    summary = kept(night)

    assert summary.standings is None
    assert summary.problems and all(isinstance(problem, str) for problem in summary.problems)


def test_kept_parts_are_parts_of_each_nights_document(django_assert_num_queries):
    kept_first, changed, unscorable = (night_with_schedule(2, name=n) for n in "ABC")
    play_out(kept_first)
    play_out(changed, leave=[(1, 2)])
    unscorable.seats.order_by("number").last().delete()
    Night.objects.get(pk=unscorable.pk).save()
    kept_summaries.keep([kept_first.pk, changed.pk, unscorable.pk])
    game = Game.objects.get(night=changed, winner=None)
    games_services.game_result_record(
        game=game, result={"winner": game.pair_b, "score": [4, 11], "cinches": [1, 0]}
    )

    parts = kept_summaries.kept_parts(("standings",), ("money", "players"))

    expected = []
    for night in (kept_first, changed):
        document = results_selectors.night_standings(night)
        expected.append(
            {
                ("standings",): document["standings"],
                ("money", "players"): document["money"]["players"],
            }
        )
    assert parts == [*expected, None]
    kept_summaries.keep([changed.pk])
    with django_assert_num_queries(1):  # all kept now
        assert kept_summaries.kept_parts(("standings",), ("money", "players")) == parts
