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
