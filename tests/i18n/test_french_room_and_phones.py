"""The projector and a table's phone pages in French: the browser's Accept-Language, the
language menu's choice or the club's default, as every page (issue 17)."""

import pytest
from django.test import override_settings
from django.urls import reverse

from scoring.links.tokens import link_path
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-CA,fr;q=0.9"}


def test_the_projector_in_french_with_the_pot_as_french_writes_money(client):
    night = night_with_schedule(4)
    play_out(night)
    page = client.get(reverse("scoring:night-live", args=[night.pk]), **FRENCH)
    text = page.content.decode()
    assert '<html lang="fr">' in text
    assert "Classement" in text
    assert "1re place" in text and "2e place" in text
    assert "La cagnotte" in text and "\u00a0$" in text
    assert "The pot" not in text and "1st place" not in text


def test_the_projector_says_the_round_still_playing_in_french(client):
    night = night_with_schedule(4)
    page = client.get(reverse("scoring:night-live", args=[night.pk]) + "?page=playing", **FRENCH)
    text = page.content.decode()
    assert "Tour 1 : on joue encore" in text and "Table 1" in text
    assert "contre paire" in text


def test_a_table_s_phone_page_in_french(client, game):
    page = client.get(link_path(game, game.pair_a), **FRENCH).content.decode()
    assert '<html lang="fr">' in page
    assert f"vous êtes la <strong>paire {game.pair_a}</strong>" in page
    assert "Tour 1, table 1" in page and "pas commencée" in page
    # the one-tap language switch: the other language, back to this page
    assert (
        'name="language" value="en"' in page and f'value="{link_path(game, game.pair_a)}"' in page
    )


def test_the_phone_page_switches_language_and_comes_back(client, game):
    path = link_path(game, game.pair_a)
    answer = client.post(reverse("set_language"), {"language": "fr", "next": path})
    assert answer.status_code == 302 and answer["Location"] == path
    page = client.get(path).content.decode()
    assert "vous êtes la" in page and 'name="language" value="en"' in page


def test_a_refused_link_says_why_in_french(client):
    page = client.get("/t/not-a-token/", **FRENCH)
    assert page.status_code == 403
    text = page.content.decode()
    assert "Ce lien n’est pas valide." in text
    assert "Demandez au directeur" in text


def test_a_hand_saved_from_the_phone_is_said_in_french(client, game):
    path = link_path(game, game.pair_a)
    client.post(reverse("set_language"), {"language": "fr", "next": path})
    a = str(game.pair_a)
    hand = {"bidder": a, "bid": "2", "high": a, "low": a, "jack": "", "game": "", "position": "1"}
    page = client.post(path, hand, follow=True).content.decode()
    assert "Main 1 enregistrée" in page
    assert "Hand 1 saved" not in page


@override_settings(LANGUAGE_CODE="fr")
def test_the_clubs_language_is_the_phone_pages_default(client, game):
    page = client.get(link_path(game, game.pair_a)).content.decode()
    assert '<html lang="fr">' in page
