"""Pages of a night in French: table headings, CSV headings and the pot's money."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def test_standings_headings_in_french(client, night):
    page = client.get(reverse("scoring:night-standings", args=[night.pk]), **FRENCH)
    text = page.content.decode()
    assert "Perdues" in text and "Points contre" in text
    assert "Pegs against" not in text


def test_csv_headings_follow_the_language(client, night):
    url = reverse("scoring:night-standings", args=[night.pk]) + "?_export=csv"
    french = client.get(url, **FRENCH).content.decode().splitlines()[0]
    english = client.get(url).content.decode().splitlines()[0]
    assert "Points contre" in french
    assert "Pegs against" in english


def test_the_pot_in_french(client_as, director, night):
    page = client_as(director).get(reverse("scoring:night-pot", args=[night.pk]), **FRENCH)
    text = page.content.decode()
    assert "Dans la cagnotte" in text
    assert f"à {night.entry_fee:.2f}".replace(".", ",") + "\u00a0$" in text


def test_a_hand_entered_in_french_with_an_error(client_as, scorer, game):
    url = reverse("scoring:game-detail", args=[game.pk])
    data = {"position": "1", "bidder": str(game.pair_a), "bid": "9", "high": str(game.pair_a)}

    page = client_as(scorer).post(url, data, **FRENCH)

    text = page.content.decode()
    assert "Enchérisseur" in text and "le Haut" in text and "le Valet" in text
    assert "Enregistrer la main" in text
    assert page.context["hand_form"].errors["bid"] == [
        "enchère 9 : hors limites ; les enchères du Cinch du club en 11 vont de 2 à 4, ou money"
    ]
    assert not game.hands.exists()
