"""The language menu on every page: Django's set_language, kept in the session."""

import pytest
from django.urls import reverse

from scoring.models import Club

pytestmark = pytest.mark.django_db


def test_english_is_the_default_and_the_menu_offers_french(client):
    page = client.get(reverse("scoring:home"))
    assert page.status_code == 200
    text = page.content.decode()
    assert '<html lang="en"' in text
    assert ">Nights</a>" in text
    assert 'value="fr"' in text and "français" in text


def test_choosing_french_keeps_it_for_the_next_pages(client):
    answer = client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert answer.status_code == 302
    page = client.get(reverse("scoring:home"))
    text = page.content.decode()
    assert '<html lang="fr"' in text
    assert ">Soirées</a>" in text and ">Nights</a>" not in text
    assert ">Tables</a>" in text and "Se connecter" in text


def test_the_browser_language_is_used_when_no_choice_was_made(client):
    page = client.get(reverse("scoring:home"), HTTP_ACCEPT_LANGUAGE="fr-CA,fr;q=0.9")
    assert ">Soirées</a>" in page.content.decode()


def test_a_french_club_speaks_french_to_a_browser_that_names_no_language(client):
    Club.objects.filter(pk=Club.objects.home().pk).update(language="fr")
    assert '<html lang="fr"' in client.get(reverse("scoring:home")).content.decode()
    # The browser's language and the menu's choice still come first.
    named = client.get(reverse("scoring:home"), HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="en"' in named.content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert '<html lang="en"' in client.get(reverse("scoring:home")).content.decode()
