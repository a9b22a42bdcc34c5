"""One rule for every sheet's language, said on the page that prints it: a sheet prints
in its night's language, else (a table without a night, a season's ladder) the club's,
never the screen's; the page names that language and links the other, and every print
link carries it."""

import datetime
import html
import io
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Season
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night
from scoring.tablegames import services as tablegames_services

pytestmark = pytest.mark.django_db

FRENCH_SCREEN = {"HTTP_ACCEPT_LANGUAGE": "fr"}
ENGLISH_SCREEN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def pdf_text(response) -> str:
    assert response.status_code == 200, response.status_code
    reader = PdfReader(io.BytesIO(response.content))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def words(response) -> str:
    return " ".join(html.unescape(re.sub(r"(?s)<[^>]*>", " ", response.content.decode())).split())


@pytest.fixture
def table():
    return tablegames_services.table_create(
        variant="razzle", player_names=["Ann", "Bob", "Cy", "Di"], date=datetime.date(2026, 11, 1)
    )


def test_a_table_without_a_night_prints_in_the_clubs_language_from_a_french_screen(client, table):
    page = client.get(reverse("scoring:table-detail", args=[table.pk]), **FRENCH_SCREEN)
    said = words(page)
    assert "Les feuilles s’impriment en anglais, la langue du club : imprimer en français" in said
    sheet = reverse("scoring:table-sheet", args=[table.pk])
    assert f'href="{sheet}?language=en"' in page.content.decode()
    assert "Table score sheet" in pdf_text(client.get(sheet, **FRENCH_SCREEN))

    asked = client.get(
        reverse("scoring:table-detail", args=[table.pk]) + "?sheets=fr", **FRENCH_SCREEN
    )
    assert "Les feuilles s’impriment en français, comme demandé : imprimer en anglais" in words(
        asked
    )
    assert f'href="{sheet}?language=fr"' in asked.content.decode()
    assert "Feuille de marque de table" in pdf_text(
        client.get(sheet + "?language=fr", **ENGLISH_SCREEN)
    )


def test_a_french_nights_page_says_its_sheets_print_in_french(client, director):
    night = nights_services.night_import(document=random_night(4, seed=8, results_share=0))
    night.language = "fr"
    night.save()
    client.force_login(director)
    page = client.get(reverse("scoring:night-detail", args=[night.pk]), **ENGLISH_SCREEN)
    assert "Sheets print in French, the night's language: print in English" in words(page)
    for sheet in ("packet", "tables", "pairs", "standings", "payouts"):
        assert f"/sheets/{sheet}.pdf?language=fr" in page.content.decode()


def test_the_ladder_prints_in_the_clubs_language_whatever_the_screen(client):
    season = Season.objects.create(
        name="Automne", first_date=datetime.date(2026, 9, 1), last_date=datetime.date(2026, 12, 1)
    )
    page = client.get(reverse("scoring:season-detail", args=[season.pk]), **FRENCH_SCREEN)
    assert "Les feuilles s’impriment en anglais, la langue du club" in words(page)
    ladder = reverse("scoring:season-ladder", args=[season.pk])
    assert "Season ladder" in pdf_text(client.get(ladder, **FRENCH_SCREEN))
    assert "Classement de la saison" in pdf_text(
        client.get(ladder + "?language=fr", **ENGLISH_SCREEN)
    )
