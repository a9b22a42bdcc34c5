"""The people page disables, enables and removes a login: asking first, never the last
director; a disabled or removed login cannot sign in, and its records keep its name."""

import pytest
from django.contrib.auth import authenticate
from django.test import RequestFactory
from django.urls import reverse

from scoring.models import Night
from tests.factories import DirectorFactory, ScorerFactory
from tests.views.access import ROLES, assert_refused, may_direct

PASSWORD = "a-long-club-password-9"


def signs_in(user) -> bool:
    request = RequestFactory().post("/accounts/login/")
    return authenticate(request, username=user.get_username(), password=PASSWORD) == user


@pytest.fixture
def ann(db):
    user = ScorerFactory(username="ann")
    user.set_password(PASSWORD)
    user.save()
    return user


def url(name, user):
    return reverse(f"scoring:person-{name}", args=[user.pk])


def test_disabling_asks_first(client_for, ann):
    response = client_for("director").get(url("disable", ann))

    assert response.status_code == 200
    assert "Disable ann?" in response.content.decode()
    ann.refresh_from_db()
    assert ann.is_active


def test_a_disabled_login_cannot_sign_in_and_is_enabled_again(client_for, ann):
    director = client_for("director")
    assert signs_in(ann)

    response = director.post(url("disable", ann), follow=True)

    assert "ann can no longer log in." in response.content.decode()
    assert not signs_in(ann)
    assert "Disabled" in director.get(reverse("scoring:people")).content.decode()
    director.post(url("enable", ann))
    assert signs_in(ann)


def test_a_disabled_logins_session_ends(client_as, client_for, ann):
    phone = client_as(ann)
    client_for("director").post(url("disable", ann))

    assert_refused(phone.get(reverse("scoring:night-create")), "anonymous")


def test_a_removed_login_leaves_the_page_and_keeps_its_name_on_its_records(client_for, ann):
    night = Night.objects.create(name="Tuesday", date="2026-11-17", created_by=ann)
    director = client_for("director")
    assert "Remove ann?" in director.get(url("remove", ann)).content.decode()

    director.post(url("remove", ann))

    ann.refresh_from_db()
    assert not signs_in(ann)
    assert (ann.is_active, ann.is_staff, ann.has_usable_password()) == (False, False, False)
    assert not ann.groups.exists()
    assert "ann" not in [
        row.get_username() for row in director.get(reverse("scoring:people")).context["people"]
    ]
    night.refresh_from_db()
    assert night.created_by == ann


@pytest.mark.parametrize("change", ["disable", "remove"])
def test_never_the_last_director(client_as, db, change):
    only = DirectorFactory(username="only")
    client = client_as(only)

    response = client.post(url(change, only), follow=True)

    assert "only is the last director: add another director first." in response.content.decode()
    only.refresh_from_db()
    assert only.is_active and only.is_staff


def test_a_director_is_removed_while_another_remains(client_as, db):
    first, second = DirectorFactory(username="first"), DirectorFactory(username="second")

    client_as(first).post(url("remove", second))

    second.refresh_from_db()
    assert not second.is_active and not second.is_staff


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("change", ["disable", "enable", "remove"])
def test_only_a_director_changes_a_login(client_for, ann, role, change):
    response = client_for(role).post(url(change, ann))

    if may_direct(role):
        assert response.status_code == 302
    else:
        assert_refused(response, role)
        ann.refresh_from_db()
        assert ann.is_active and ann.club_roles.exists()
