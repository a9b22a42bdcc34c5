"""Login attempts are rate limited by django-axes: per username and address, 15 minutes.

Axes is on in the test settings as in production; its failure records live in the
database, so each test starts from none (pytest-django rolls the database back).
"""

import datetime
import io

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from pytest_django.asserts import assertContains

from tests.factories import ScorerFactory

pytestmark = pytest.mark.django_db

URL = reverse("login")
HOME = reverse("scoring:home")
LIMIT = 5


@pytest.fixture(autouse=True)
def scorer_login(db):
    ScorerFactory()  # password "password"


def log_in(client, password, address="127.0.0.1"):
    return client.post(URL, {"username": "scorer", "password": password}, REMOTE_ADDR=address)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_four_wrong_passwords_only_say_so(client):
    for _ in range(LIMIT - 1):
        response = log_in(client, "wrong")
        assert response.status_code == 200
        assertContains(response, "Please enter a correct username and password")

    assert log_in(client, "password")["Location"] == HOME
    assert not AccessAttempt.objects.exists()  # a good login clears the count


def test_the_fifth_wrong_password_locks_the_login_out(client):
    answers = [log_in(client, "wrong").status_code for _ in range(LIMIT + 1)]

    assert answers == [200, 200, 200, 200, 429, 429]
    response = log_in(client, "password")
    assert response.status_code == 429
    assertContains(response, "Too many wrong passwords", status_code=429)
    assertContains(response, "refused for 15 minutes", status_code=429)
    assert not logged_in(client)


def lock_out(client) -> None:
    for _ in range(LIMIT):
        log_in(client, "wrong")


def test_the_lock_holds_one_username_from_one_address(client):
    lock_out(client)

    assert log_in(client, "password", address="127.0.0.2")["Location"] == HOME


def test_the_lock_ends_after_15_minutes(client):
    lock_out(client)
    past = datetime.timedelta(minutes=15, seconds=1)
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time - past)

    assert log_in(client, "password")["Location"] == HOME
    assert logged_in(client)


def test_a_director_unlocks_it_with_axes_reset(client):
    lock_out(client)
    assert log_in(client, "password").status_code == 429

    call_command("axes_reset_username", "scorer", stdout=io.StringIO())

    assert log_in(client, "password")["Location"] == HOME
    assert logged_in(client)


# --- behind the TLS proxy: the client's address, never one it wrote itself -----------------

PROXY = "127.0.0.1"


def log_in_through_proxy(client, password, forwarded: str):
    """A login as the proxy passes it on: from its own address, the client's appended."""
    return client.post(
        URL,
        {"username": "scorer", "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=forwarded,
    )


def test_without_a_trusted_proxy_a_forwarded_for_header_cannot_move_the_lock(client, settings):
    settings.TRUSTED_PROXY_COUNT = 0
    lock_out(client)

    spoofed = [log_in(client, "password", address="127.0.0.1")]
    spoofed += [
        client.post(
            URL,
            {"username": "scorer", "password": "password"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=forged,
        )
        for forged in ("203.0.113.9", "198.51.100.1, 203.0.113.9")
    ]

    assert [response.status_code for response in spoofed] == [429, 429, 429]
    assert AccessAttempt.objects.get().ip_address == "127.0.0.1"


def test_behind_one_proxy_each_client_is_locked_on_its_own_address(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(LIMIT):
        log_in_through_proxy(client, "wrong", forwarded="203.0.113.5")

    # The locked client writes another address in front of its own: still locked.
    forged = log_in_through_proxy(client, "password", forwarded="198.51.100.7, 203.0.113.5")
    # Another club member behind the same proxy is not locked out with it.
    other = log_in_through_proxy(client, "password", forwarded="203.0.113.77")

    assert forged.status_code == 429
    assert other["Location"] == HOME
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.5"]


# --- the password-change form: wrong old passwords count like wrong logins ------------------

CHANGE = reverse("password_change")


def change_password(client, old: str):
    new = "a-new-long-password-7c1d"
    return client.post(CHANGE, {"old_password": old, "new_password1": new, "new_password2": new})


def test_wrong_old_passwords_lock_the_password_change_out(client):
    client.force_login(User.objects.get(username="scorer"))

    answers = [change_password(client, "wrong").status_code for _ in range(LIMIT)]
    right = change_password(client, "password")

    assert answers == [200, 200, 200, 200, 429]
    assert right.status_code == 429
    assertContains(right, "Too many wrong passwords", status_code=429)
    assert User.objects.get(username="scorer").check_password("password")


def test_the_right_old_password_still_changes_it(client):
    client.force_login(User.objects.get(username="scorer"))

    response = change_password(client, "password")

    assert response["Location"] == reverse("password_change_done")
    assert User.objects.get(username="scorer").check_password("a-new-long-password-7c1d")
