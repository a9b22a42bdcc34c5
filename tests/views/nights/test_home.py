"""The home page: the nights list for anyone, and the variants the rules core knows."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.models import Game
from scoring.rules import all_variants
from tests.factories import night_with_schedule
from tests.views.access import ROLES, may_direct

pytestmark = pytest.mark.django_db


def test_home_is_public(client):
    response = client.get(reverse("scoring:home"))

    assert response.status_code == 200


def test_home_is_the_site_root():
    assert reverse("scoring:home") == "/"


@pytest.mark.parametrize("variant", all_variants(), ids=lambda variant: variant.id)
def test_home_lists_variant(client, variant):
    response = client.get("/")

    assertContains(response, escape(variant.id))
    assertContains(response, escape(variant.name))
    assertContains(response, escape(variant.summary))


def test_nights_list(client):
    night = night_with_schedule(3, name="Tuesday club")
    game = Game.objects.filter(night=night).first()
    games_services.game_result_record(
        game=game, result={"winner": 1, "score": [11, 3], "cinches": [0, 0]}
    )

    response = client.get("/")

    assertContains(response, f'<a href="{reverse("scoring:night-detail", args=[night.pk])}">')
    assertContains(response, "Tuesday club")
    assertContains(response, "Club Cinch to 11")
    assertContains(response, "<td>6</td>", html=True)  # players
    assertContains(response, "1 of 3")  # games finished of the pattern table's games


def test_no_nights_yet(client):
    assertContains(client.get("/"), "No nights yet.")


@pytest.mark.parametrize("role", ROLES)
def test_new_night_and_import_links_for_directors(client_for, role):
    response = client_for(role).get("/")

    links = [reverse("scoring:night-create"), reverse("scoring:night-import")]
    for link in links:
        if may_direct(role):
            assertContains(response, link)
        else:
            assertNotContains(response, link)
