"""``PUBLIC_PAGES``: what a visitor who is not logged in may read (all | standings | none).

The access matrix (tests/reliability/test_access_matrix.py) tries every URL under each
setting; these tests check what the pages the public still sees leave out.
"""

import json

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring import selectors, services
from scoring.rules.jsonio import dump_json
from scoring.rules.simulate import random_night

pytestmark = pytest.mark.django_db


def build_night():
    return services.night_import(document=random_night(4, seed=4))


def url(name: str, night) -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def test_under_standings_the_public_sees_no_money(client, settings, night):
    settings.PUBLIC_PAGES = "standings"

    page = client.get(url("night-detail", night))
    standings = client.get(url("night-standings", night))
    document = client.get(url("night-standings-json", night))

    assert page.status_code == standings.status_code == document.status_code == 200
    for response in (page, standings):
        assertNotContains(response, url("night-pot", night))
        assertNotContains(response, reverse("scoring:member-list"))
    assertNotContains(page, "Entry $")
    assertNotContains(page, url("night-file", night))
    full = selectors.night_standings(night)
    assert json.loads(document.content) == {k: v for k, v in full.items() if k != "money"}
    for name in ("night-pot", "night-file"):
        assert client.get(url(name, night))["Location"].startswith(reverse("login"))
    assert client.get(reverse("scoring:member-list"))["Location"].startswith(reverse("login"))


def test_under_standings_anyone_logged_in_sees_the_money(client_for, settings, night):
    settings.PUBLIC_PAGES = "standings"
    client = client_for("member")

    document = client.get(url("night-standings-json", night))

    assert document.content.decode() == dump_json(selectors.night_standings(night))
    assertContains(client.get(url("night-detail", night)), "Entry $2.00")
    assert client.get(url("night-pot", night)).status_code == 200


def test_under_all_the_public_sees_everything_as_before(client, settings, night):
    settings.PUBLIC_PAGES = "all"

    document = client.get(url("night-standings-json", night))

    assert document.content.decode() == dump_json(selectors.night_standings(night))
    assertContains(client.get(url("night-detail", night)), url("night-pot", night))


def test_under_none_the_public_sees_only_the_login_page(client, settings, night):
    settings.PUBLIC_PAGES = "none"

    for path in ("/", url("night-detail", night), url("night-standings-json", night)):
        assert client.get(path)["Location"] == f"{reverse('login')}?next={path}"
    assert client.get(reverse("login")).status_code == 200
    assert client.get(f"/nights/{night.pk}/sheets/standings.pdf").status_code == 302
