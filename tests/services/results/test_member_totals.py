"""The members' kept totals (``MemberNight``, kept with each night's summary) stay what
reading every night's document gives, whatever changes a night: a hand saved, a result
corrected, a night closed, re-opened, deleted or imported."""

from decimal import Decimal

import pytest
from django.db.models import F

from scoring.core.records import kept_summaries
from scoring.games import services as games_services
from scoring.models import Game, MemberNight, Night
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from scoring.rules.simulate import random_night
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

# Changes that leave every figure as it was (the night only becomes stale, or had none).
SAME_FIGURES = {"night re-opened", "night not begun deleted"}


def from_every_document() -> dict[str, tuple]:
    """``{name: (nights, games won, Cinches, paid, won)}`` read from each night's
    ``cinch-standings/1`` document, as the page added them up before any was kept."""
    totals: dict[str, list] = {}
    for night in Night.objects.all():
        document = results_selectors.night_standings(night)
        rows = {row["pair"]: row for row in document["standings"]}
        if not any(row["wins"] for row in rows.values()):
            continue
        for player in document["money"]["players"]:
            row = rows[(player["number"] + 1) // 2]
            total = totals.setdefault(player["name"], [0, 0, 0, Decimal(0), Decimal(0)])
            total[0] += 1
            total[1] += row["wins"]
            total[2] += row["cinches"]
            total[3] += Decimal(player["paid"])
            total[4] += Decimal(player["won"] or 0)
    return {name: tuple(total) for name, total in totals.items()}


def the_page() -> dict[str, tuple]:
    return {
        season.name: (season.nights, season.games_won, season.cinches, season.paid, season.won)
        for season in results_selectors.members_season()
        if season.nights
    }


@pytest.fixture
def club(director):
    """A night closed, one in play (its last game unplayed) and one imported whole."""
    closed = night_with_schedule(4, name="Closed")
    play_out(closed, loser_cinches={(1, 2): 2, (3, 4): 1})
    results_services.night_close(night=closed, user=director)
    playing = night_with_schedule(4, name="Playing")
    play_out(playing, leave=[(3, 4)])
    imported = nights_services.night_import(document=random_night(4, seed=1))
    return {"closed": closed, "playing": playing, "imported": imported}


def unplayed(night) -> Game:
    return Game.objects.get(night=night, winner=None, is_playoff=False)


def a_finished_game(night) -> Game:
    return Game.objects.filter(night=night, winner__isnull=False).order_by("pk").first()


def correct_result(night) -> None:
    """A director re-opens a finished game and its result is typed again, the other way."""
    game = games_services.game_reopen(game=a_finished_game(night))
    loser = game.pair_a if game.winner == game.pair_b else game.pair_b
    score = [11, 6] if loser == game.pair_a else [6, 11]
    games_services.game_result_record(
        game=game, result={"winner": loser, "score": score, "cinches": [1, 0]}
    )


def hands_saved(game) -> None:
    """Three hands of all four points to the first pair: 12, the game won."""
    pair = game.pair_a
    for _ in range(3):
        games_services.hand_record(
            game=game,
            data={"bidder": pair, "bid": 4, "high": pair, "low": pair, "jack": pair, "game": pair},
        )


def finish_and_close(night, director) -> None:
    game = unplayed(night)
    games_services.game_result_record(
        game=game, result={"winner": game.pair_b, "score": [3, 11], "cinches": [0, 0]}
    )
    results_services.night_close(night=night, user=director)


CHANGES = {
    "hand saved": lambda club, director: hands_saved(unplayed(club["playing"])),
    "result corrected": lambda club, director: correct_result(club["playing"]),
    "closed night's result corrected": lambda club, director: (
        results_services.night_reopen(night=club["closed"], user=director),
        correct_result(club["closed"]),
    ),
    "night closed": lambda club, director: finish_and_close(club["playing"], director),
    "night re-opened": lambda club, director: results_services.night_reopen(
        night=club["closed"], user=director
    ),
    "played night deleted in the admin": lambda club, director: Night.objects.get(
        pk=club["imported"].pk
    ).delete(),
    "night not begun deleted": lambda club, director: nights_services.night_delete(
        night=night_with_schedule(2, name="Set up by mistake")
    ),
    "night imported": lambda club, director: nights_services.night_import(
        document=random_night(5, seed=2)
    ),
}


@pytest.mark.parametrize("change", CHANGES)
def test_the_kept_totals_are_every_nights_document_added_up(club, director, change):
    before = from_every_document()

    CHANGES[change](club, director)

    expected = from_every_document()
    assert (expected == before) == (change in SAME_FIGURES)
    # The kept rows, and the nights changed since added from their documents.
    assert the_page() == expected
    kept_summaries.keep(list(Night.objects.values_list("pk", flat=True)))
    assert kept_summaries.stale_member_nights() == ([], [])
    assert the_page() == expected  # the kept rows alone, now


def test_a_night_in_play_counts_without_rows_kept(club):
    """Its rows are not written on a read (a read never writes): it is added up from its
    document computed for the read."""
    assert not MemberNight.objects.filter(night=club["playing"]).exists()
    kept, computed = kept_summaries.stale_member_nights()
    assert kept == []
    assert {row.night_id for row in computed} == {club["playing"].pk}
    assert the_page() == from_every_document()


def test_stale_rows_are_not_counted_and_keeping_again_replaces_them(club, director):
    results_services.night_reopen(night=club["closed"], user=director)
    kept_rows = MemberNight.objects.filter(night=club["closed"])
    assert kept_rows.count() == 8
    assert not kept_rows.filter(as_of=F("night__updated_at")).exists()

    kept_summaries.keep([club["closed"].pk])

    assert kept_rows.count() == 8
    assert kept_rows.filter(as_of=F("night__updated_at")).count() == 8
