"""A club's pages are at ``/c/<slug>/…`` and every link on them stays there; a site of
one club keeps today's addresses; an unknown club is a clear 404; a site of several
clubs and no home club lists them at ``/``."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.models import Club
from tests.clubs import at, other_club
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db


def test_a_club_page_links_to_the_clubs_own_addresses(client, settings):
    settings.HOME_CLUB = "club"
    b = other_club()

    page = client.get(at(b.club, "night-detail", b.night.pk))

    assertContains(page, f'href="/c/b/nights/{b.night.pk}/standings/"')
    assertContains(page, 'href="/c/b/"')
    # The static files are the site's one copy, not the club's.
    assertContains(page, 'href="/static/scoring/site.css"')
    assertNotContains(page, "/c/b/static/")


def test_a_site_of_one_club_keeps_todays_addresses(client):
    night = night_with_schedule(2)

    page = client.get(reverse("scoring:night-detail", args=[night.pk]))

    assert reverse("scoring:night-detail", args=[night.pk]) == f"/nights/{night.pk}/"
    assertContains(page, f'href="/nights/{night.pk}/standings/"')
    assertNotContains(page, "/c/")


def test_the_home_club_answers_under_its_slug_too(client, home_club):
    night = night_with_schedule(2)

    page = client.get(at(home_club, "night-detail", night.pk))

    assertContains(page, f'href="/c/{home_club.slug}/nights/{night.pk}/standings/"')


def test_an_unknown_club_is_a_clear_404(client):
    page = client.get("/c/nowhere/nights/")

    assertContains(page, "No such club", status_code=404)
    assertContains(page, "nowhere", status_code=404)


def test_a_site_of_several_clubs_and_no_home_club_lists_them_at_the_root(client, home_club):
    Club.objects.create(slug="b", name="Bayfield Cinch")

    root = client.get("/")
    elsewhere = client.get("/members/")

    assertContains(root, 'href="/c/b/"')
    assertContains(root, f'href="/c/{home_club.slug}/"')
    assertNotContains(root, 'class="site-nav"')  # no club: no club's pages to offer
    assert elsewhere.status_code == 404
    assert client.get("/accounts/login/").status_code == 200
    larger = client.post("/text-size/", {"size": "large", "next": "/"})
    assert (larger.status_code, larger["Location"]) == (302, "/")
    assertContains(client.get("/"), 'class="large-print"')


def test_home_club_names_the_club_of_the_addresses_without_a_slug(client, settings):
    night = other_club().night
    settings.HOME_CLUB = "b"

    page = client.get(reverse("scoring:night-detail", args=[night.pk]))

    assertContains(page, "Bayfield night")
    assertContains(page, f'href="/nights/{night.pk}/standings/"')


def test_logging_in_works_under_a_clubs_address(client, director):
    director.set_password("a-long-password-1")
    director.save()

    page = client.post(
        "/c/club/accounts/login/", {"username": "director", "password": "a-long-password-1"}
    )

    assert page.status_code == 302
    assert page["Location"] == "/c/club/"
