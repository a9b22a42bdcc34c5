"""Logging in and out with Django auth, on the site's own login page."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from tests.factories import ScorerFactory

pytestmark = pytest.mark.django_db


def test_login_page(client):
    response = client.get(reverse("login"))

    assert response.status_code == 200
    assertContains(response, "<h1>Log in</h1>", html=True)


def test_login_goes_back_where_it_was_asked(client):
    ScorerFactory()
    game_url = "/games/1/"

    response = client.post(
        reverse("login"), {"username": "scorer", "password": "password", "next": game_url}
    )

    assert response.status_code == 302
    assert response["Location"] == game_url


def test_login_defaults_to_the_nights(client):
    ScorerFactory()

    response = client.post(reverse("login"), {"username": "scorer", "password": "password"})

    assert response["Location"] == reverse("scoring:home")


def test_wrong_password(client):
    ScorerFactory()

    response = client.post(reverse("login"), {"username": "scorer", "password": "nope"})

    assert response.status_code == 200
    assertContains(response, "Please enter a correct username and password")


def test_logout(client_as, scorer):
    client = client_as(scorer)
    assertContains(client.get("/"), "Log out")

    response = client.post(reverse("logout"))

    assert response["Location"] == reverse("scoring:home")
    assertContains(client.get("/"), "Log in")


def test_login_link_comes_back_to_the_page(client):
    response = client.get("/")

    assertContains(response, f'href="{reverse("login")}?next=/"')
