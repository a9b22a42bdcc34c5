"""A service's refusal and a form's error said in French: the words a director reads
beside the field, or above the form, in the page's language."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from scoring.games import services as games_services
from scoring.models import Game, Night
from scoring.nights.forms import NightForm
from scoring.results import services as results_services
from scoring.seasons.forms import SeasonForm
from tests.factories import NEW_NIGHT_FORM, MemberFactory, night_with_schedule

pytestmark = pytest.mark.django_db


def test_closing_a_night_without_games_is_refused_in_french(director):
    night = night_with_schedule(2, draw=False)
    Game.objects.filter(night=night).delete()

    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        results_services.night_close(night=night, user=director)

    assert refused.value.messages == [
        f"{night.name} n’a pas encore de parties : faites d’abord le tableau des tours."
    ]


def test_the_same_refusal_stays_english_in_english(director):
    night = night_with_schedule(2, draw=False)
    Game.objects.filter(night=night).delete()

    with translation.override("en"), pytest.raises(ValidationError) as refused:
        results_services.night_close(night=night, user=director)

    assert refused.value.messages == [f"{night.name} has no games yet: make the schedule first."]


def test_a_finished_game_refuses_a_hand_in_french_on_its_page(client_as, scorer):
    game = Game.objects.get(night=night_with_schedule(2), round=1)
    for _ in range(3):
        games_services.hand_record(game=game, data={"bidder": 1, "bid": 4, "high": 1, "low": 1})
    Game.objects.filter(pk=game.pk).update(winner=1, score_a=12)
    data = {"bidder": "1", "bid": "2", "high": "1", "low": "1", "jack": "", "game": ""}

    response = client_as(scorer).post(
        reverse("scoring:game-detail", args=[game.pk]), data, HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert "demandez à un directeur de la rouvrir" in response.content.decode()


def test_a_form_error_in_french_names_its_field():
    with translation.override("fr"):
        form = SeasonForm({"name": "Hiver", "first_date": "2026-11-01"})
        assert not form.is_valid()
        assert form.errors["last_date"] == [
            "Donnez la première et la dernière date, ou aucune des deux."
        ]
        assert form["last_date"].label == "Dernière date"


def test_an_odd_count_of_players_is_refused_in_french_beside_the_house_player():
    members = [MemberFactory(name=name).pk for name in ("Ann", "Bob", "Cy", "Di", "Ed")]
    with translation.override("fr"):
        form = NightForm(NEW_NIGHT_FORM | {"members": members})
        assert not form.is_valid()
        assert form.errors["house_player"] == [
            "5 joueurs, c’est un nombre impair : placez un joueur de la maison pour former "
            "la dernière paire (un membre volontaire, ou House)."
        ]
        assert form["house_player"].label == "Joueur de la maison (nombre impair de joueurs)"
    assert not Night.objects.exists()


def test_a_name_the_rules_core_refuses_is_said_in_french():
    members = [MemberFactory(name=name).pk for name in ("Ann", "Bob", "Cy")]
    data = NEW_NIGHT_FORM | {"members": members, "new_players": "Zed\u200b"}
    with translation.override("fr"):
        form = NightForm(data)
        assert not form.is_valid()
    assert form.errors["new_players"][0].startswith(
        "Ligne 1 : le nom contient U+200B (ZERO WIDTH SPACE), qui n’affiche rien"
    )
