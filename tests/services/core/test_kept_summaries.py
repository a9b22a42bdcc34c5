"""Each night's kept standings: the rules core's answer, kept by the services that settle a
night, computed for a read (and not saved) when the night changed since (every service
that changes a night moves its ``updated_at``); its players' rows kept beside it."""

from decimal import Decimal

import pytest
from django.db.models import F

from scoring.core.records import documents, kept_summaries
from scoring.games import services as games_services
from scoring.models import Game, MemberNight, Night, NightSummary
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


def test_a_kept_night_keeps_its_players_rows_from_its_document():
    night = night_with_schedule(3)
    play_out(night, upsets=[(2, 3)], loser_cinches={(1, 2): 2})
    kept_summaries.keep([night.pk])

    document = results_selectors.night_standings(night)
    rows = {pair["pair"]: pair for pair in document["standings"]}
    expected = {
        (
            player["number"],
            player["name"],
            rows[(player["number"] + 1) // 2]["wins"],
            rows[(player["number"] + 1) // 2]["cinches"],
            Decimal(player["paid"]),
            Decimal(player["won"]),
        )
        for player in document["money"]["players"]
    }
    kept_rows = MemberNight.objects.filter(night=night).select_related("member")
    assert {
        (row.number, row.member.name, row.games_won, row.cinches, row.paid, row.won)
        for row in kept_rows
    } == expected
    assert {row.as_of for row in kept_rows} == {NightSummary.objects.get(night=night).as_of}


def test_no_rows_for_a_night_not_begun_or_that_cannot_be_scored():
    not_begun, unscorable = night_with_schedule(2, name="A"), night_with_schedule(2, name="B")
    play_out(unscorable)
    unscorable.seats.order_by("number").last().delete()
    Night.objects.get(pk=unscorable.pk).save()

    kept_summaries.keep([not_begun.pk, unscorable.pk])

    assert NightSummary.objects.count() == 2
    assert not MemberNight.objects.exists()


def test_stale_member_nights_are_those_of_the_nights_changed_since(django_assert_num_queries):
    kept_night, changed = night_with_schedule(2, name="Kept"), night_with_schedule(2, name="New")
    play_out(kept_night)
    play_out(changed)  # pair 1 wins
    kept_summaries.keep([kept_night.pk, changed.pk])
    with django_assert_num_queries(1):
        assert kept_summaries.stale_member_nights() == ([], [])
    game = games_services.game_reopen(game=Game.objects.get(night=changed))
    games_services.game_result_record(
        game=game, result={"winner": game.pair_b, "score": [4, 11], "cinches": [1, 0]}
    )

    with django_assert_num_queries(4):  # the stale nights, their kept rows, seats and games
        kept, stale = kept_summaries.stale_member_nights()

    assert {(row.night_id, row.number, row.games_won) for row in kept} == {
        (changed.pk, 1, 1),
        (changed.pk, 2, 1),
        (changed.pk, 3, 0),
        (changed.pk, 4, 0),
    }
    assert {row.night_id for row in stale} == {changed.pk}
    assert {(row.number, row.games_won) for row in stale} == {(1, 0), (2, 0), (3, 1), (4, 1)}
    kept_rows = MemberNight.objects.filter(night=changed)
    assert not kept_rows.filter(as_of=F("night__updated_at")).exists()
