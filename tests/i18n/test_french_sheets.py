"""A night's sheets in French from `print_night --language fr`, read back with pypdf;
the club's language (English here) stays the default."""

import io
import json

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from scoring.nights import services as nights_services
from scoring.rules.jsonio import dump_json
from scoring.rules.simulate import random_night

pytestmark = pytest.mark.django_db


def printed(night, tmp_path, *language) -> str:
    out = tmp_path / "payouts.pdf"
    call_command("print_night", night.pk, "--sheet", "payouts", *language, "--out", str(out))
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


@pytest.fixture
def night():
    document = random_night(4, seed=11, results_share=0.3)
    return nights_services.night_import(document=json.loads(dump_json(document)))


def test_print_night_in_french(night, tmp_path):
    text = printed(night, tmp_path, "--language", "fr")
    assert "Dans la cagnotte" in text and "Gains" in text
    assert "Droits d’entrée à 2,00\u00a0$" in text or "Droits d’entrée à 2,00 $" in text
    assert "Into the pot" not in text


def test_print_night_in_the_clubs_language_by_default(night, tmp_path):
    french = printed(night, tmp_path, "--language", "fr")
    text = printed(night, tmp_path)
    assert "Into the pot" in text and "Entries at $2.00" in text
    assert french != text
