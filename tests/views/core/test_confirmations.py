"""No click loses work: each change that throws something away asks first on a page that
says what will be lost, and its button (a post) makes the change."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from scoring.games import services as games_services
from scoring.models import Game, Hand
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out
from tests.views.access import assert_refused

pytestmark = pytest.mark.django_db

HAND = {"bidder": 1, "bid": 2, "high": 1, "low": 1}


def first_game(night) -> Game:
    return Game.objects.get(night=night, round=1, table=1)


def asks(client, path: str, *lost: str):
    """The page at ``path`` asks, names each thing ``lost``, and posts back to itself."""
    response = client.get(path)
    assert response.status_code == 200
    assertContains(response, "This will lose:")
    for words in lost:
        assertContains(response, words)
    assertContains(response, "Keep it as it is")
    assertContains(response, '<form method="post" class="inline">', html=False)
    return response


def test_delete_hand_asks_then_deletes(client_as, scorer):
    night = night_with_schedule(3)
    game = first_game(night)
    hand = games_services.hand_record(
        game=game, data={**HAND, "bidder": game.pair_a, "high": game.pair_a, "low": game.pair_a}
    )
    client = client_as(scorer)
    path = reverse("scoring:hand-delete", args=[hand.pk])

    asks(client, path, f"Hand 1 (pair {game.pair_a} bid 2)", "worked out again without it")
    assert Hand.objects.filter(pk=hand.pk).exists()

    client.post(path)
    assert not Hand.objects.filter(pk=hand.pk).exists()


def test_game_page_links_delete_to_the_question(client_as, scorer):
    night = night_with_schedule(3)
    game = first_game(night)
    hand = games_services.hand_record(
        game=game, data={**HAND, "bidder": game.pair_a, "high": game.pair_a, "low": game.pair_a}
    )
    page = client_as(scorer).get(reverse("scoring:game-detail", args=[game.pk]))
    assertContains(page, f'href="{reverse("scoring:hand-delete", args=[hand.pk])}"', html=False)


def test_draw_again_asks_then_draws(client_as, director):
    night = night_with_schedule(3)
    client = client_as(director)
    path = reverse("scoring:night-draw-again", args=[night.pk])
    draw = client.get(reverse("scoring:night-draw", args=[night.pk]))
    assertContains(draw, f'href="{path}"', html=False)

    asks(client, path, "The pairs as drawn now", "The schedule made from them")
    drawn_at = night.drawn_at
    night.refresh_from_db()
    assert night.drawn_at == drawn_at

    client.post(path)
    night.refresh_from_db()
    assert night.drawn_at > drawn_at


def test_draw_again_is_for_directors(client_as, scorer):
    night = night_with_schedule(3)
    response = client_as(scorer).get(reverse("scoring:night-draw-again", args=[night.pk]))
    assert_refused(response, "scorer")


def test_schedule_again_asks_then_makes_it(client_as, director):
    night = night_with_schedule(3)
    client = client_as(director)
    path = reverse("scoring:night-schedule", args=[night.pk])
    before = set(Game.objects.filter(night=night).values_list("pk", flat=True))

    asks(client, path, "The 3 games of the pattern table", "score sheets already printed")
    assert set(Game.objects.filter(night=night).values_list("pk", flat=True)) == before

    client.post(path)
    assert not set(Game.objects.filter(night=night).values_list("pk", flat=True)) & before


def test_reopen_game_asks_then_reopens(client_as, director):
    night = night_with_schedule(3)
    play_out(night)
    game = first_game(night)
    client = client_as(director)
    path = reverse("scoring:game-reopen", args=[game.pk])

    asks(client, path, f"won by pair {game.winner}, 11 – 5")
    game.refresh_from_db()
    assert not game.reopened

    client.post(path)
    game.refresh_from_db()
    assert game.reopened


def test_switch_tiebreak_asks_and_counts_the_playoffs_removed(client_as, director):
    night = night_with_schedule(3)
    play_out(night, upsets=[(1, 3)])
    results_services.playoffs_start(night=night, user=director)
    waiting = Game.objects.filter(night=night, is_playoff=True).count()
    client = client_as(director)
    path = reverse("scoring:night-tiebreak", args=[night.pk])

    response = asks(client, path + "?tiebreak=pegs", "Ties broken by play-off games")
    assertContains(response, f"{waiting} play-off")
    assertContains(response, 'name="tiebreak" value="pegs"', html=False)
    assert Game.objects.filter(night=night, is_playoff=True).count() == waiting

    client.post(path, {"tiebreak": "pegs"})
    night.refresh_from_db()
    assert night.tiebreak == "pegs"
    assert not Game.objects.filter(night=night, is_playoff=True).exists()


def test_reopen_final_night_asks_then_reopens(client_as, director):
    night = night_with_schedule(3)
    play_out(night)
    results_services.night_close(night=night, user=director)
    client = client_as(director)
    path = reverse("scoring:night-reopen", args=[night.pk])

    asks(client, path, "The night&#x27;s final mark")
    night.refresh_from_db()
    assert night.is_final

    client.post(path)
    night.refresh_from_db()
    assert not night.is_final
