"""The draw of a night in a season in French: the choice of partners on the draw page and
what the draw did, on the draw and night pages, with no English left."""

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.models import Season
from scoring.words.draws import draw_words
from tests.factories import night_with_schedule
from tests.i18n.test_french_night_pages import FRENCH, french

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_night():
    day = datetime.date(2026, 11, 17)
    Season.objects.create(name="Hiver", first_date=day, last_date=day + datetime.timedelta(30))
    for week in (0, 1, 2):
        night_with_schedule(4, name=f"Semaine {week}", date=day + datetime.timedelta(7 * week))
    return night_with_schedule(4, draw=False, date=day + datetime.timedelta(21))


def test_the_draw_page_offers_new_partners_in_french(client_as, director, season_night):
    url = reverse("scoring:night-draw", args=[season_night.pk])
    french(
        client_as(director).get(url, **FRENCH),
        "Cette soirée compte dans une saison. Partenaires :",
        "Nouveaux partenaires : le moins possible de paires des soirées précédentes",
        "Au hasard",
        absent=("New partners", "At random", "counts in a season"),
    )


def test_what_the_draw_did_is_said_in_french(client_as, director, season_night):
    client = client_as(director)
    draw = reverse("scoring:night-draw", args=[season_night.pk])
    client.post(draw, {"partners": "new"}, **FRENCH)

    french(client.get(draw, **FRENCH), "Aucune paire des 3 dernières soirées n’est reformée.")
    detail = reverse("scoring:night-detail", args=[season_night.pk])
    french(client.get(detail, **FRENCH), "Le tirage : Aucune paire des 3 dernières soirées")


@pytest.mark.parametrize(
    ("outcome", "said"),
    [
        (
            {"new_partners": True, "earlier_nights": 1, "repeats": []},
            "Aucune paire de la dernière soirée n’est reformée.",
        ),
        (
            {"new_partners": True, "earlier_nights": 6, "repeats": [{"members": [1, 2]}]},
            "1 paire reformée, le moins possible : Ann & Bob.",
        ),
        (
            {"new_partners": True, "earlier_nights": 6, "repeats": [{"members": [1, 2]}] * 2},
            "2 paires reformées, le moins possible : Ann & Bob, Ann & Bob.",
        ),
        (
            {"new_partners": False, "earlier_nights": 6, "repeats": []},
            "Tirage au hasard : les paires des soirées précédentes de la saison n’ont pas "
            "été évitées.",
        ),
        (
            {"new_partners": True, "earlier_nights": 0, "repeats": []},
            "Première soirée de la saison : aucune paire antérieure à éviter.",
        ),
    ],
    ids=["one-night", "one-repeat", "two-repeats", "at-random", "first-night"],
)
def test_each_outcome_in_french(outcome, said):
    with translation.override("fr"):
        assert draw_words(outcome, {1: "Ann", 2: "Bob"}) == said
