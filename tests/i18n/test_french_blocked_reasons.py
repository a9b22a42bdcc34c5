"""Why a night cannot be paid yet, said in the page's language; the standings document
the rules core writes keeps its English."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.core.records import documents
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db


def summary_in(language: str, night):
    with translation.override(language):
        return documents.summary(night, documents.night_seats(night), documents.night_games(night))


def test_unfinished_games_and_open_ties_are_said_in_french_and_english():
    night = night_with_schedule(4)

    assert summary_in("fr", night).blocked == [
        "6 parties ne sont pas terminées",
        "paires 1, 2, 3 et 4 : à égalité pour les places 1 à 3 pour l’instant",
    ]
    assert summary_in("en", night).blocked == [
        "6 games are not finished",
        "pairs 1, 2, 3 and 4 are level for places 1 to 3 so far",
    ]


def test_the_standings_document_stays_english():
    night = night_with_schedule(4)
    with translation.override("fr"):
        document = documents.standings(
            night, documents.night_seats(night), documents.night_games(night)
        )
    assert document["money"]["blocked"] == (
        "6 games are not finished; pairs 1, 2, 3 and 4 are level for places 1 to 3 so far"
    )


def test_the_prizes_on_course_and_so_far_are_said_in_french(client):
    night = night_with_schedule(4)
    page = client.get(
        reverse("scoring:night-live", args=[night.pk]) + "?page=pot", HTTP_ACCEPT_LANGUAGE="fr"
    )
    shares = [share.words for share in page.context["results"].prizes_so_far]
    assert shares == ["1re place", "2e place", "3e place", "Prix de consolation"]

    standings = client.get(
        reverse("scoring:night-live", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    )
    courses = {row["course"].words for row in standings.context["results"].standing_rows}
    assert courses == {"à égalité pour les places 1 à 3"}
