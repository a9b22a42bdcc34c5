"""A night's page and its file: pairs with names, the pattern table, each game's state."""

import json

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.core.records import documents, pairs
from scoring.games import services as games_services
from scoring.models import Game
from scoring.rules import score_night
from scoring.rules.jsonio import dump_json
from tests.browser.nights import played_night
from tests.factories import night_with_schedule
from tests.views.access import ROLES, may_direct

pytestmark = pytest.mark.django_db


def build_night():
    """Three pairs: one table, a bye each round."""
    return night_with_schedule(3, name="Tuesday club")


def url(night, name="night-detail") -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def game_at(night, round_: int) -> Game:
    return Game.objects.get(night=night, round=round_)


@pytest.mark.parametrize("role", ROLES)
def test_night_page_is_public(client_for, night, role):
    response = client_for(role).get(url(night))

    assert response.status_code == 200
    assertContains(response, "<h1>Tuesday club</h1>", html=True)
    for pair, names in pairs.pair_names(documents.night_seats(night)).items():
        assertContains(response, f"<td>{pair}</td><td>{names}</td>", html=True)


def test_pattern_table_by_round_and_table(client, night):
    response = client.get(url(night))

    table = response.context["pattern_table"]
    assert [column.header for column in table.columns] == ["Round", "Table 1", "Bye"]
    for game in Game.objects.filter(night=night):
        link = reverse("scoring:game-detail", args=[game.pk])
        assertContains(response, f'<a href="{link}">{game.pair_a} v {game.pair_b}</a>', html=True)
    # With three pairs one sits out each round: pair 3, then 2, then 1.
    assert [row.get_cell("byes") for row in table.rows] == ["Pair 3", "Pair 2", "Pair 1"]


def test_each_game_shows_where_it_stands(client, night):
    games_services.hand_record(
        game=game_at(night, 1), data={"bidder": 1, "bid": 2, "high": 1, "low": 2, "jack": 1}
    )
    games_services.hand_record(
        game=game_at(night, 2),
        data={"bidder": 3, "bid": "money", "high": 3, "low": 3, "jack": 3, "game": 3},
    )

    response = client.get(url(night))

    assertContains(response, '<span class="state playing">2 – 1</span>', html=True)
    assertContains(response, '<span class="state won">won by 3 (Money)</span>', html=True)
    assertContains(response, '<span class="state">not started</span>', html=True)
    assertContains(response, "1 of 3 games finished")


@pytest.mark.parametrize("role", ROLES)
def test_director_buttons(client_for, night, role):
    response = client_for(role).get(url(night))

    assertContains(response, url(night, "night-draw"))
    assertContains(response, url(night, "night-file"))
    if may_direct(role):
        assertContains(response, url(night, "night-schedule"))
        assertContains(response, reverse("scoring:night-import"))
    else:
        assertNotContains(response, url(night, "night-schedule"))
        assertNotContains(response, reverse("scoring:night-import"))


def test_playoffs_are_listed(client, night):
    playoff = Game.objects.create(night=night, is_playoff=True, pair_a=1, pair_b=3)

    response = client.get(url(night))

    assertContains(response, "<h2>Play-offs</h2>", html=True)
    link = reverse("scoring:game-detail", args=[playoff.pk])
    assertContains(response, f'<a href="{link}">1 v 3</a>', html=True)


def test_no_schedule_button_once_play_started(client_as, director, night):
    games_services.hand_record(game=game_at(night, 1), data={"passed": True})

    response = client_as(director).get(url(night))

    assertNotContains(response, url(night, "night-schedule"))


def test_undrawn_night_has_no_pattern_table_yet(client):
    night = night_with_schedule(2, draw=False)

    response = client.get(url(night))

    assertContains(response, "No schedule yet.")


def test_unknown_night_is_404(client):
    assert client.get(reverse("scoring:night-detail", args=[999])).status_code == 404


@pytest.mark.parametrize("role", ROLES)
def test_night_file_download(client_for, night, role):
    games_services.hand_record(
        game=game_at(night, 1), data={"bidder": 1, "bid": 2, "high": 1, "low": 2, "jack": 1}
    )

    response = client_for(role).get(url(night, "night-file"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == 'attachment; filename="2026-11-17-tuesday-club.json"'
    assert response.content.decode() == dump_json(documents.night_file(night))
    document = json.loads(response.content)
    assert document["format"] == "cinch-night/1"
    assert document["games"][0]["hands"][0]["bid"] == 2
    score_night(document)  # the rules core reads it as it is


def test_play_offs_do_not_count_as_round_robin_games_unfinished(client):
    night = played_night(playoff_hands=3)  # 15 games and a play-off, all won

    response = client.get(url(night))

    assertContains(response, "15 of 15 games finished")
