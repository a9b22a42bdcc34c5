"""The draw page of a night in a season: the director chooses new partners (the default)
or at random, drawing and drawing again; the draw page and the night page say what the
draw did."""

import datetime
import random

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.models import Night, Season
from scoring.nights import services as nights_services
from tests.factories import night_with_schedule
from tests.views.access import ROLES, may_direct

pytestmark = pytest.mark.django_db

NEW = "New partners: the fewest partnerships of the season&#x27;s earlier nights"


def url(night, name: str) -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


@pytest.fixture
def seeded(monkeypatch):
    """The draw's ``secrets.SystemRandom`` replaced by a seeded one."""
    monkeypatch.setattr(nights_services.secrets, "SystemRandom", lambda: random.Random(4))


@pytest.fixture
def season_night() -> Night:
    """Tonight, undrawn, after two drawn nights of the same eight players in its season."""
    day = datetime.date(2026, 11, 17)
    Season.objects.create(name="Winter", first_date=day, last_date=day + datetime.timedelta(30))
    for week in (0, 1):
        night_with_schedule(4, name=f"Week {week}", date=day + datetime.timedelta(7 * week))
    return night_with_schedule(4, draw=False, name="Tonight", date=day + datetime.timedelta(14))


@pytest.mark.parametrize("role", ROLES)
def test_the_choice_of_partners_is_the_directors(client_for, season_night, role):
    response = client_for(role).get(url(season_night, "night-draw"))

    if may_direct(role):
        assertContains(response, NEW)
        assertContains(
            response,
            '<input type="radio" name="partners" value="new" id="id_partners_0" checked>',
            html=True,
        )
        assertContains(
            response,
            '<input type="radio" name="partners" value="random" id="id_partners_1">',
            html=True,
        )
    else:
        assertNotContains(response, 'name="partners"')


def test_a_night_in_no_season_offers_no_choice(client_as, director):
    night = night_with_schedule(4, draw=False)
    response = client_as(director).get(url(night, "night-draw"))
    assertContains(response, "Draw the numbers")
    assertNotContains(response, 'name="partners"')


def test_drawing_with_new_partners_says_so_on_the_draw_and_night_pages(
    client_as, client_for, director, season_night, seeded
):
    response = client_as(director).post(
        url(season_night, "night-draw"), {"partners": "new"}, follow=True
    )

    assertContains(response, "Numbers drawn")
    assertContains(response, "No partnership from the last 2 nights.")
    season_night.refresh_from_db()
    assert season_night.draw_outcome["new_partners"] is True
    visitor = client_for("anonymous").get(url(season_night, "night-detail"))
    assertContains(visitor, "The draw: No partnership from the last 2 nights.")


def test_a_post_that_does_not_choose_deals_new_partners(client_as, director, season_night):
    client_as(director).post(url(season_night, "night-draw"))
    season_night.refresh_from_db()
    assert season_night.draw_outcome == {
        "new_partners": True,
        "earlier_nights": 2,
        "repeats": [],
    }


def test_the_director_may_draw_at_random(client_as, director, season_night, seeded):
    response = client_as(director).post(
        url(season_night, "night-draw"), {"partners": "random"}, follow=True
    )

    assertContains(
        response,
        "Drawn at random: the partnerships of the season&#x27;s earlier nights were not avoided.",
    )
    season_night.refresh_from_db()
    assert season_night.draw_outcome["new_partners"] is False


def test_drawing_again_carries_the_choice_through_its_question(client_as, director, season_night):
    client = client_as(director)
    client.post(url(season_night, "night-draw"), {"partners": "new"})
    page = client.get(url(season_night, "night-draw"))
    assertContains(page, f'action="{url(season_night, "night-draw-again")}"')

    asked = client.get(url(season_night, "night-draw-again"), {"partners": "random"})

    assertContains(asked, "The numbers will be dealt:")
    assertContains(asked, "<li>At random</li>", html=True)
    assertContains(asked, '<input type="hidden" name="partners" value="random">', html=True)
    client.post(url(season_night, "night-draw-again"), {"partners": "random"})
    season_night.refresh_from_db()
    assert season_night.draw_outcome["new_partners"] is False


def test_drawing_again_asks_for_new_partners_when_nothing_is_chosen(
    client_as, director, season_night
):
    client = client_as(director)
    client.post(url(season_night, "night-draw"))
    asked = client.get(url(season_night, "night-draw-again"))
    assertContains(asked, '<input type="hidden" name="partners" value="new">', html=True)
