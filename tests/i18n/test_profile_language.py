"""A logged-in person's language is kept in their profile when they pick it in the menu,
and comes back when they log in again in a new session (another phone, another day),
before the browser's Accept-Language; a visitor's choice makes no profile."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import Profile

pytestmark = pytest.mark.django_db

ENGLISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def member():
    return User.objects.create_user("marie", password="le-bon-mot-de-passe")


def home(client) -> str:
    return client.get(reverse("scoring:home"), **ENGLISH_BROWSER).content.decode()


def test_picking_a_language_keeps_it_in_the_profile(member):
    client = Client()
    client.force_login(member)
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert Profile.objects.get(user=member).language == "fr"
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert Profile.objects.get(user=member).language == "en"


def test_the_kept_language_comes_back_at_the_next_login(member):
    first = Client()
    first.force_login(member)
    first.post(reverse("set_language"), {"language": "fr", "next": "/"})

    phone = Client()  # a new session, no language cookie, an English browser
    assert '<html lang="en"' in home(phone)
    answer = phone.post(
        reverse("login"),
        {"username": "marie", "password": "le-bon-mot-de-passe"},
        **ENGLISH_BROWSER,
    )
    assert answer.status_code == 302
    page = home(phone)
    assert '<html lang="fr"' in page and ">Soirées</a>" in page


def test_the_menu_beats_the_kept_language_until_changed_again(member):
    Profile.objects.create(user=member, language="fr")
    client = Client()
    client.force_login(member)
    assert '<html lang="fr"' in home(client)
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert '<html lang="en"' in home(client)


def test_logging_out_leaves_the_person_s_language_behind(member):
    Profile.objects.create(user=member, language="fr")
    client = Client()
    client.force_login(member)
    client.post(reverse("logout"))
    assert '<html lang="en"' in home(client)


def test_a_visitor_s_choice_makes_no_profile(client):
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert '<html lang="fr"' in home(client)
    assert not Profile.objects.exists()


def test_a_person_without_a_kept_language_gets_the_browser_s(member):
    client = Client()
    client.force_login(member)
    page = client.get(reverse("scoring:home"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="fr"' in page
    assert not Profile.objects.exists()
