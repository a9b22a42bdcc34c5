"""A night's printed sheets in its own language (``Night.language``), whatever the
screen's: the sheet links, the previews and ``print_night`` follow it, ``?language=`` and
``--language`` override it, and a kept sheet is kept under its language."""

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Night
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.rules.simulate import random_night
from tests.factories import NEW_NIGHT_FORM, night_with_schedule

pytestmark = pytest.mark.django_db

ENGLISH_SCREEN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def text(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def night():
    document = random_night(4, seed=8, rounds_played=2, results_share=0)
    night = nights_services.night_import(document=document)
    night.language = "fr"
    night.save()
    return night


@pytest.fixture
def client(client, director):
    """A director's browser: the packet, the table cards and the pair cards print the
    codes that enter results."""
    client.force_login(director)
    return client


def sheet(client, night, name: str, query: str = "") -> str:
    response = client.get(f"/nights/{night.pk}/sheets/{name}.pdf{query}", **ENGLISH_SCREEN)
    assert response.status_code == 200
    return text(response.content)


def test_a_french_night_prints_its_packet_in_french_from_an_english_screen(client, night):
    packet = sheet(client, night, "packet")
    assert "tableau des tours" in packet and "Tour 1, table 1" in packet
    assert "Distributeur" in packet and "Initiales paire 1" in packet
    assert "le Haut" in packet and "le Valet" in packet  # the scoring cards' names
    assert "Dossier de la soirée" in packet and "page 1 sur" in packet
    assert "pattern table" not in packet and "Dealer" not in packet
    # the screen stays English: the page the sheet was asked from is not translated
    assert (
        "Standings"
        in client.get(
            reverse("scoring:night-standings", args=[night.pk]), **ENGLISH_SCREEN
        ).content.decode()
    )


@pytest.mark.parametrize(
    ("name", "french", "english"),
    [
        ("standings", "Classement", "Standings"),
        ("tables", "Cartes de table", "Table cards"),
        ("pairs", "Cartes de paire", "Pair cards"),
        ("playoffs", "Aucun barrage n’a commencé.", "No play-off has been started."),
    ],
)
def test_every_sheet_follows_the_night_and_the_query_overrides(
    client, night, name, french, english
):
    assert french in sheet(client, night, name)
    assert english in sheet(client, night, name, "?language=en")
    assert english not in sheet(client, night, name)  # kept apart: not the English copy


def test_pair_cards_say_each_round_in_french(client, night):
    cards = sheet(client, night, "pairs")
    assert "Tour 1 : table 1 contre la paire 2" in cards or "Tour 1 : exempte" in cards
    assert "Round 1" not in cards


def test_the_preview_is_in_the_nights_language(client, night):
    response = client.get(f"/nights/{night.pk}/sheets/packet/", **ENGLISH_SCREEN)
    page = response.content.decode()
    assert '<html lang="fr">' in page and "Round 1, table 1" not in page
    assert "tableau des tours" in page


def test_a_night_without_a_language_prints_in_the_clubs(client):
    night = night_with_schedule(2)
    assert night.language == "" and night.sheet_language == "en"
    assert "Standings" in sheet(client, night, "standings")
    with override_settings(LANGUAGE_CODE="fr"):
        assert Night.objects.get(pk=night.pk).sheet_language == "fr"
        assert "Classement" in sheet(client, night, "standings")


def test_print_night_takes_the_nights_language_unless_told(night, tmp_path):
    out = tmp_path / "standings.pdf"
    call_command("print_night", night.pk, "--sheet", "standings", "--out", str(out))
    assert "Classement" in text(out.read_bytes())
    call_command(
        "print_night", night.pk, "--sheet", "standings", "--language", "en", "--out", str(out)
    )
    assert "Standings" in text(out.read_bytes())


def test_kept_sheets_are_kept_under_their_language(night):
    french = night_sheets.sheet_pdf(night, "standings", paper="letter")
    english = night_sheets.sheet_pdf(night, "standings", paper="letter", language="en")
    assert french != english
    assert night_sheets.sheet_pdf(night, "standings", paper="letter") == french
    assert "Classement" in text(french) and "Standings" in text(english)


def test_the_director_sets_the_language_on_the_edit_form(client_as, director, night):
    night.language = ""
    night.save()
    url = reverse("scoring:night-edit", args=[night.pk])
    page = client_as(director).get(url, **ENGLISH_SCREEN).content.decode()
    assert 'name="language"' in page and "The club&#x27;s language" in page
    editable = {k: v for k, v in NEW_NIGHT_FORM.items() if k not in ("variant", "tiebreak")}
    data = editable | {
        "name": night.name,
        "date": night.date.isoformat(),
        "paper": "letter",
        "language": "fr",
    }
    response = client_as(director).post(url, data, **ENGLISH_SCREEN)
    assert response.status_code == 302
    assert Night.objects.get(pk=night.pk).language == "fr"


@pytest.mark.parametrize(("variant_id", "width_mm"), [("club11", 158), ("cinch51", 180)])
def test_french_headings_keep_the_score_sheets_columns_over_its_ruled_rows(variant_id, width_mm):
    """French headings are longer ("Enchérisseur"): they wrap in their columns instead of
    widening the table past the ruled rows drawn below it (``sheets.blank_grid``)."""
    night = nights_services.night_import(
        document=random_night(2, seed=5, variant_id=variant_id, rounds_played=0)
    )
    night.language = "fr"
    pdf = night_sheets.sheet_pdf(night, "packet", paper="letter")
    sheet = PdfReader(io.BytesIO(pdf)).pages[2]
    found = []
    sheet.extract_text(
        visitor_text=lambda text, cm, tm, *_: found.append((tm[4] * cm[0] + cm[4], text))
    )
    headings = [(x, text) for x, text in found if text.strip() in ("Paire 2", "Score")]
    assert headings, found
    right_edge = (14 + width_mm) / 25.4 * 72  # the page's left margin, then the grid
    assert max(x for x, _ in headings) < right_edge - 20
