"""Money the rules core cannot score is refused where it is typed; a night that cannot be
scored anyway (set up in the admin) has every sheet say why, as the pages do."""

import io
import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.html import escape
from pypdf import PdfReader
from pytest_django.asserts import assertContains

from scoring.models import Night
from scoring.rules.night.reading import MAX_AMOUNT, parse_amount
from scoring.rules.simulate import random_night
from tests.factories import NEW_NIGHT_FORM, night_with_schedule

pytestmark = pytest.mark.django_db

NEW_NIGHT = {**NEW_NIGHT_FORM, "name": "Big money", "new_players": "Ann\nBob\nCy\nDi"}


def core_says(value: str) -> str:
    """The rules core's own words for an amount it refuses (the page must not restate)."""
    with pytest.raises(ValueError) as refused:
        parse_amount(value)
    return str(refused.value)


@pytest.mark.parametrize("field", ["entry_fee", "loss_fee", "cinch_fee", "booby_prize", "unit"])
def test_a_new_night_with_a_million_is_refused_beside_the_field(client_for, field):
    amount = str(MAX_AMOUNT)

    response = client_for("director").post(
        reverse("scoring:night-create"), {**NEW_NIGHT, field: amount}
    )

    assert response.status_code == 200
    assert response.context["form"].errors[field] == [core_says(amount)]
    assert not Night.objects.exists()


def test_just_under_the_limit_is_taken(client_for):
    amount = str(MAX_AMOUNT - Decimal("0.01"))

    client_for("director").post(reverse("scoring:night-create"), {**NEW_NIGHT, "entry_fee": amount})

    assert Night.objects.get().entry_fee == MAX_AMOUNT - Decimal("0.01")


def test_an_imported_million_is_refused_at_its_place(client_for):
    document = random_night(4, seed=2) | {"money": {"entry_fee": "1000000.00"}}
    upload = SimpleUploadedFile("n.json", json.dumps(document).encode())

    response = client_for("director").post(reverse("scoring:night-import"), {"file": upload})

    assertContains(response, escape(f"money, entry fee: {core_says('1000000.00')}"))
    assert not Night.objects.exists()


@pytest.fixture
def unscoreable():
    """A night whose entry fee was set past the rules core's limit in the admin."""
    night = night_with_schedule(2)
    Night.objects.filter(pk=night.pk).update(entry_fee=MAX_AMOUNT * 3)
    return night


def pdf_text(content: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


@pytest.mark.parametrize("sheet", ["standings", "payouts"])
def test_every_sheet_of_an_unscoreable_night_says_why(client_for, unscoreable, sheet):
    client = client_for("scorer")
    base = f"/nights/{unscoreable.pk}/sheets/{sheet}"
    reason = f"money.entry_fee: {core_says('3000000.00')}"

    pdf = client.get(base + ".pdf")
    preview = client.get(base + "/")
    page = client.get(reverse("scoring:night-standings", args=[unscoreable.pk]))

    assert pdf.status_code == 200
    assert "This night cannot be scored yet:" in pdf_text(pdf.content)
    assert reason in " ".join(pdf_text(pdf.content).split())
    assertContains(preview, "This night cannot be scored yet:")
    assertContains(preview, escape(reason))
    assertContains(page, escape(reason))  # the same words as the standings page
