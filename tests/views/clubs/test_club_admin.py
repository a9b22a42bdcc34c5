"""The admin of a club is its directors', under its scope (``/c/<slug>/admin/``): its
rows alone; the clubs and their roles are the host's (a superuser's)."""

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from tests.clubs import other_club

pytestmark = pytest.mark.django_db


def test_a_director_reads_the_clubs_own_nights_in_its_admin(client_as, director, home_club):
    b = other_club()
    client = client_as(director)

    own = client.get(f"/c/{home_club.slug}/admin/scoring/night/")
    elsewhere = client.get(f"/c/{b.club.slug}/admin/scoring/night/")

    assert own.status_code == 200
    assertNotContains(own, "Bayfield night")
    assert elsewhere.status_code == 302 and "/admin/login/" in elsewhere["Location"]
    assert client.get(f"/c/{home_club.slug}/admin/scoring/club/").status_code == 403


def test_the_host_adds_clubs_in_the_admin(client_as, director):
    director.is_superuser = True
    director.save()
    other_club()

    clubs = client_as(director).get("/admin/scoring/club/")

    assertContains(clubs, "Bayfield Cinch")
