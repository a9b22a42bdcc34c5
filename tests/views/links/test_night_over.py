"""A phone on a night that is over for its game: ended early before the game was finished
(the game is void), or final. No other link opens the game, so the phone is not sent to
the director for one: its page says the night has ended and where the standings are, a
link to them for a visitor who may read them (``PUBLIC_PAGES``), else the projector."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.links import scorers
from scoring.links.tokens import link_path
from scoring.models import Game, Night
from scoring.results import services as results_services
from tests.factories import DirectorFactory, night_with_schedule, play_out
from tests.phones import Phone, code_path, game_path

pytestmark = pytest.mark.django_db

HAND = {"bidder": "1", "bid": "2", "points_a": "2", "points_b": "2", "position": "1"}
ASKED_FOR = ("Ask the director", "Your pair's code is on the card")


def ended_early() -> tuple[Night, Game]:
    """A 4-pair night ended early with round 3, table 1 unplayed: that game is void."""
    night = night_with_schedule(4)
    play_out(night, leave=[(1, 4), (2, 3)])
    results_services.night_end_early(night=night)
    return night, Game.objects.get(night=night, round=3, table=1)


def device_game_path(night: Night, game: Game) -> str:
    device = scorers.device_add(night=night, user=DirectorFactory())
    return reverse("scoring:device-game", args=[scorers.device_token(device), game.pk])


def phone_paths(night: Night, game: Game) -> dict[str, str]:
    """The game's pages as each phone opens them: its table link, the pair's code and a
    scorer device's code."""
    return {
        "table link": link_path(game, game.pair_a),
        "pair code": game_path(night, game.pair_a, game),
        "scorer device": device_game_path(night, game),
    }


def night_over(response, night: Night, *words: str) -> None:
    """The page of a phone whose night is over: no one to ask, the standings linked."""
    assert response.status_code == 403
    assertContains(response, "The night has ended", status_code=403)
    for said in words:
        assertContains(response, said, status_code=403)
    standings = reverse("scoring:night-standings", args=[night.pk])
    assertContains(response, f'<a href="{standings}">The night\'s standings</a>', status_code=403)
    for asked in ASKED_FOR:
        assertNotContains(response, asked, status_code=403)


@pytest.mark.parametrize("phone", ["table link", "pair code", "scorer device"])
def test_a_void_game_says_the_night_has_ended_and_where_its_standings_are(phone):
    night, void = ended_early()
    path = phone_paths(night, void)[phone]

    said = "was ended early, before round 3, table 1 was finished: this game does not count"
    night_over(Phone().get(path), night, said)
    night_over(Phone().post(path, HAND), night, said)
    assert void.hands.count() == 0


@pytest.mark.parametrize("phone", ["table link", "pair code", "scorer device"])
def test_a_final_night_says_it_has_ended_and_where_its_standings_are(phone):
    night, void = ended_early()
    game = Game.objects.get(night=night, round=1, table=1)  # finished before the end
    paths = phone_paths(night, game)
    Night.objects.filter(pk=night.pk).update(is_final=True)

    night_over(Phone().get(paths[phone]), night, "The night is final")


def test_a_pair_code_on_a_final_night_says_it_has_ended():
    night, _ = ended_early()
    card = code_path(night, 1)
    Night.objects.filter(pk=night.pk).update(is_final=True)

    night_over(Phone().get(card), night, "The night is final")


def test_without_public_standings_they_are_on_the_projector(settings):
    night, void = ended_early()
    settings.PUBLIC_PAGES = "none"

    response = Phone().get(link_path(void, void.pair_a))

    assertContains(response, "The night's standings are on the projector.", status_code=403)
    assertNotContains(response, "standings/", status_code=403)


def test_in_french_the_night_has_ended_too():
    night, void = ended_early()
    phone = Phone()
    phone.cookies["django_language"] = "fr"

    response = phone.get(link_path(void, void.pair_a))

    assertContains(response, "La soirée est terminée", status_code=403)
    assertContains(response, "cette partie ne compte pas", status_code=403)
    standings = reverse("scoring:night-standings", args=[night.pk])
    assertContains(
        response, f'<a href="{standings}">Le classement de la soirée</a> dit', status_code=403
    )
    assertNotContains(response, "Demandez", status_code=403)


def test_the_pairs_page_after_an_early_end_links_the_standings():
    night, _ = ended_early()  # no play-off: no pair has a game left

    response = Phone().get(code_path(night, 1))

    assertContains(response, "ended the night early")
    standings = reverse("scoring:night-standings", args=[night.pk])
    assertContains(response, f'<a href="{standings}">The night\'s standings</a>')
