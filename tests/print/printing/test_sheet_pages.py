"""The sheets on the web: PDFs and previews, who may fetch them, paper and fill options."""

import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scoring.clubs.roles import SCORER
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night
from tests.factories import UserFactory, give_role

pytestmark = pytest.mark.django_db


def build_night():
    document = random_night(4, seed=8, rounds_played=2, results_share=0)
    document["players"][2] = "<b>Bold</b> Cy"
    return nights_services.night_import(document=document)


@pytest.fixture
def scorer_client(client):
    user = User.objects.create_user("sheet-scorer", password="x")
    give_role(user, SCORER)
    client.force_login(user)
    return client


def pages(response) -> list:
    return PdfReader(io.BytesIO(response.content)).pages


def test_the_public_sheet_is_a_pdf_for_anyone(client, night):
    response = client.get(f"/nights/{night.pk}/sheets/standings.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert len(pages(response)) >= 1


def test_the_payout_sheet_is_for_scorers(scorer_client, night):
    url = f"/nights/{night.pk}/sheets/payouts.pdf"
    anonymous = Client().get(url)
    assert anonymous.status_code == 302
    assert "/accounts/login/" in anonymous["Location"]
    assert scorer_client.get(url).status_code == 200


def test_a_logged_in_non_scorer_may_not_fetch_the_payout_sheet(client, night):
    client.force_login(User.objects.create_user("visitor"))
    assert client.get(f"/nights/{night.pk}/sheets/payouts.pdf").status_code == 403


def test_paper_follows_the_query_then_the_night(client, night):
    a4 = pages(client.get(f"/nights/{night.pk}/sheets/standings.pdf?paper=a4"))[0]
    assert round(float(a4.mediabox.width)) == 595
    night.paper = "a4"
    night.save()
    default = pages(client.get(f"/nights/{night.pk}/sheets/standings.pdf"))[0]
    assert round(float(default.mediabox.width)) == 595
    letter = pages(client.get(f"/nights/{night.pk}/sheets/standings.pdf?paper=letter"))[0]
    assert round(float(letter.mediabox.width)) == 612


def test_the_filled_packet_shows_entered_hands(scorer_client, night):
    blank = scorer_client.get(f"/nights/{night.pk}/sheets/packet/").content.decode()
    filled = scorer_client.get(f"/nights/{night.pk}/sheets/packet/?filled=1").content.decode()
    assert "Winner: pair" in filled
    assert "Winner: pair" not in blank


def test_the_preview_escapes_markup_in_names(client, night):
    html = client.get(f"/nights/{night.pk}/sheets/standings/").content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt; Cy" in html
    assert "<b>Bold</b>" not in html


@pytest.mark.parametrize("url", ["/nights/999/sheets/packet.pdf", "/nights/1/sheets/other.pdf"])
def test_unknown_night_or_sheet_is_not_found(scorer_client, url):
    assert scorer_client.get(url).status_code == 404


@pytest.mark.parametrize(
    "sheet", ["packet.pdf", "packet/", "tables.pdf", "playoffs.pdf", "pairs.pdf"]
)
def test_the_sheets_that_print_table_links_are_for_scorers_only(client, night, sheet):
    """Whoever holds a table's link enters its scores: a visitor or a member gets none."""
    url = f"/nights/{night.pk}/sheets/{sheet}"
    assert client.get(url)["Location"].startswith(reverse("login"))
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403


def test_the_night_page_links_the_sheets(scorer_client, night):
    public = Client().get(f"/nights/{night.pk}/").content.decode()
    assert f"/nights/{night.pk}/sheets/standings.pdf" in public
    assert f"/nights/{night.pk}/sheets/pairs.pdf" not in public
    for sheet in ("packet", "tables", "payouts"):
        assert f"/nights/{night.pk}/sheets/{sheet}.pdf" not in public
        assert (
            f"/nights/{night.pk}/sheets/{sheet}.pdf"
            in scorer_client.get(f"/nights/{night.pk}/").content.decode()
        )
