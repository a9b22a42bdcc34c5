"""A player or night named with markup shows as text on every page and sheet, never runs.

The pages must show ``&lt;script&gt;`` where the name is, and never the raw tag; the
PDFs must print the name as typed (WeasyPrint renders the escaped HTML as text).
"""

import datetime
import io
import random

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.games import services as games_services
from scoring.models import Game, Season, Seat
from scoring.nights import services as nights_services
from tests.factories import play_out

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
NIGHT = '<img src=x onerror="alert(2)">'


def build_night():
    players = [SCRIPT, "Ann", "Bob", "Cy", "Di", "Ed"]
    night = nights_services.night_create(
        name=NIGHT, date=datetime.date(2026, 11, 17), variant="club11", player_names=players
    )
    nights_services.night_draw(night=night, chance=random.Random(1))
    nights_services.night_schedule(night=night)
    return night


def name_pages(night) -> dict[str, bool]:
    """The pages that show names: whether each shows the player (else the night's name)."""
    games = Game.objects.filter(night=night).order_by("pk")
    a = games[0].pair_a
    hand = games_services.hand_record(
        game=games[0], data={"bidder": a, "bid": 2, "high": a, "low": a}
    )
    pair = Seat.objects.get(night=night, member__name=SCRIPT).pair
    pk = [night.pk]
    pages = {
        reverse("scoring:home"): False,
        reverse("scoring:night-detail", args=pk): True,
        reverse("scoring:night-draw", args=pk): True,
        reverse("scoring:night-standings", args=pk): True,
        reverse("scoring:night-pot", args=pk): True,
        reverse("scoring:member-list"): True,
        reverse("scoring:hand-edit", args=[hand.pk]): pair in games[0].pairs,
        reverse("scoring:night-scorers-sheet-preview", args=[night.pk, "packet"]): True,
        reverse("scoring:night-sheet-preview", args=[night.pk, "standings"]): True,
        reverse("scoring:night-scorers-sheet-preview", args=[night.pk, "payouts"]): True,
        reverse("scoring:night-attendance", args=pk): True,
    }
    for game in games:
        # A director's substitute form offers every member, so every game page names them.
        pages[reverse("scoring:game-detail", args=[game.pk])] = True
    return pages


def test_markup_in_names_is_escaped_on_every_page(client_for, night):
    client = client_for("director")  # sees every page and every form

    for url, shows_player in name_pages(night).items():
        response = client.get(url)

        text = response.content.decode()
        assert response.status_code == 200, url
        assert SCRIPT not in text and NIGHT not in text, url
        assert (ESCAPED in text) == shows_player, url
        if not shows_player:
            assert "&lt;img src=x onerror=" in text, url


@pytest.mark.parametrize(
    ("name", "sheet"),
    [
        ("night-scorers-sheet", "packet"),
        ("night-sheet", "standings"),
        ("night-scorers-sheet", "payouts"),
    ],
)
def test_markup_in_names_prints_as_typed(client_for, night, name, sheet):
    response = client_for("director").get(reverse(f"scoring:{name}", args=[night.pk, sheet]))

    assert response.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.getvalue())).pages)
    assert SCRIPT in text


def test_markup_in_names_is_escaped_on_the_season_pages(client_for, night):
    play_out(night)
    season = Season.objects.create(name=NIGHT, first_date=night.date, last_date=night.date)
    client = client_for("director")

    ladder = client.get(reverse("scoring:season-detail", args=[season.pk])).content.decode()
    listed = client.get(reverse("scoring:season-list")).content.decode()
    sheet = client.get(reverse("scoring:season-ladder", args=[season.pk])).getvalue()

    assert ESCAPED in ladder and SCRIPT not in ladder and NIGHT not in ladder
    assert "&lt;img src=x onerror=" in listed and NIGHT not in listed
    assert SCRIPT in PdfReader(io.BytesIO(sheet)).pages[0].extract_text()
