"""The hall's plain HTTP (``scoring.core.http.hall``): a phone on the Wi-Fi reads the public
pages and uses the links, never signs in; the laptop itself (loopback) and HTTPS sign in."""

import pytest
from django.urls import reverse

from tests.views.access import assert_refused

# Every request reads its club (scoring.clubs.middleware), the sign-in pages too.
pytestmark = pytest.mark.django_db

PHONE = "192.168.1.31"  # a phone on the hall's Wi-Fi


@pytest.fixture
def hall(settings):
    settings.HALL_GUARD = True
    settings.SITE_URL = "http://192.168.1.20:8000"
    settings.ALLOWED_HOSTS = ["192.168.1.20", "127.0.0.1", "testserver"]


def no_password_form(response) -> None:
    assert b'type="password"' not in response.content
    assert b"<form" not in response.content.split(b"</header>", 1)[-1]


@pytest.mark.parametrize(
    "path", ["/accounts/login/", "/accounts/password_change/", "/admin/", "/admin/login/"]
)
def test_sign_in_on_the_hall_wifi_gets_a_plain_page_without_a_password_form(client, hall, path):
    response = client.get(path + "?next=/people/", REMOTE_ADDR=PHONE)

    assert response.status_code == 403
    no_password_form(response)
    assert b"<code>http://127.0.0.1:80/people/</code>" in response.content


def test_the_plain_page_names_the_page_asked_on_the_laptop(client, hall):
    response = client.get("/accounts/login/?next=/people/", REMOTE_ADDR=PHONE, SERVER_PORT="8000")

    assert "http://127.0.0.1:8000/people/" in response.content.decode()


@pytest.mark.parametrize(
    "elsewhere", ["//evil.example/", "/\\evil.example/", "https://evil.example/"]
)
def test_the_plain_page_never_names_another_site(client, hall, elsewhere):
    response = client.get("/accounts/login/", {"next": elsewhere}, REMOTE_ADDR=PHONE)

    assert "<code>http://127.0.0.1:80/</code>" in response.content.decode()


def test_a_login_post_on_the_hall_wifi_is_refused(client, hall, director):
    director.set_password("a-director-password-1")
    director.save()

    response = client.post(
        "/accounts/login/",
        {"username": director.username, "password": "a-director-password-1"},
        REMOTE_ADDR=PHONE,
    )

    assert response.status_code == 403
    assert "_auth_user_id" not in client.session


def test_a_staff_page_on_the_hall_wifi_sends_to_the_plain_page(client, hall):
    response = client.get(reverse("scoring:people"), REMOTE_ADDR=PHONE, follow=True)

    assert response.status_code == 403
    no_password_form(response)


def test_a_session_cookie_carried_onto_the_hall_wifi_is_the_public(client_as, director, hall):
    client = client_as(director)

    assert client.get(reverse("scoring:people"), REMOTE_ADDR="127.0.0.1").status_code == 200
    assert_refused(client.get(reverse("scoring:people"), REMOTE_ADDR=PHONE), "anonymous")


def test_the_public_pages_answer_on_the_hall_wifi(client, hall, night):
    response = client.get(reverse("scoring:night-detail", args=[night.pk]), REMOTE_ADDR=PHONE)

    assert response.status_code == 200
    assert "Phones: <strong>http://192.168.1.20:8000</strong>" in response.content.decode()


def test_the_laptop_itself_signs_in(client, hall):
    response = client.get("/accounts/login/", REMOTE_ADDR="127.0.0.1")

    assert response.status_code == 200
    assert b'type="password"' in response.content


def test_https_signs_in_from_anywhere(client, hall):
    response = client.get("/accounts/login/", REMOTE_ADDR=PHONE, secure=True)

    assert response.status_code == 200
    assert b'type="password"' in response.content


def test_without_make_hall_nothing_changes(client, settings, db):
    assert settings.HALL_GUARD is False
    response = client.get("/accounts/login/", REMOTE_ADDR=PHONE)

    assert b'type="password"' in response.content
    assert b"Phones:" not in client.get("/").content
