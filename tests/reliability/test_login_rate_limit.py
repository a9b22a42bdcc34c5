"""Login attempts are rate limited by django-axes: per username and address, 15 minutes.

Axes is on in the test settings as in production; its failure records live in the
database, so each test starts from none (pytest-django rolls the database back).
"""

import datetime
import io

import pytest
from axes.models import AccessAttempt
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
