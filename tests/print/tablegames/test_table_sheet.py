"""A table's score sheet: blank with a column per player, or filled with the hands."""

import datetime
import io
import json
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.rules.variants import get_variant
from scoring.tablegames import services as tablegames_services
from scoring.tablegames.selectors import table_detail
from scoring.tablegames.sheets import PAGE_MM, column_widths, sheet_context

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).parents[2] / "rules" / "game_format_example.json"


def example_table():
    return tablegames_services.table_import(document=json.loads(EXAMPLE.read_text()))


@pytest.mark.parametrize(
    ("variant", "players"), [("chicago42", 2), ("chicago42", 3), ("razzle", 4), ("razzle", 6)]
)
def test_a_blank_sheet_has_a_column_per_player_within_the_page(variant, players):
    names = [f"P{number}" for number in range(players)]
    table = tablegames_services.table_create(
        variant=variant, player_names=names, date=datetime.date(2026, 11, 20)
    )

    context = sheet_context(table_detail(table.pk), filled=False)

    widths = context["column_widths"]
    cards = len(context["cards"])
    partner = 1 if variant == "razzle" else 0
    revoke = 1  # both variants have a revoke penalty (law 31): a column for who revoked
    assert len(widths) == 3 + partner + revoke + cards + players
    assert sum(widths) <= PAGE_MM
    assert context["rows"] == [] and len(context["blank_rows"]) >= 2


def test_the_filled_sheet_shows_each_hand_and_every_running_score(client):
    table = example_table()

    html = client.get(reverse("scoring:table-sheet-preview", args=[table.pk]) + "?filled=1")
    text = html.content.decode()

    assert "Friday Razzle table" in text
    assert "points 7 v 7" in text  # the second hand was given as totals
    assert "<td>alone</td>" in text
    assert "<td>−2</td>" in text


def test_the_sheet_prints_as_one_pdf_page(client):
    table = example_table()

    response = client.get(reverse("scoring:table-sheet", args=[table.pk]) + "?filled=1")

    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    words = reader.pages[0].extract_text()
    assert "Friday Razzle table" in words and "Ann" in words and "Ed" in words


def test_widths_leave_room_for_six_players():
    widths = column_widths(get_variant("razzle"), 6)

    assert sum(widths) <= PAGE_MM
    assert min(widths[-6:]) >= 10


def test_a_hand_scored_by_its_revoke_can_be_checked_from_the_sheet(client):
    """Law 31: the revoke decides the hand's score, so the sheet prints who revoked."""
    table = tablegames_services.table_create(
        variant="chicago42", player_names=["Ann", "Bob", "Cy"], date=datetime.date(2026, 11, 20)
    )
    tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 2, "points": [3, 0, 1], "revoke": 3}
    )
    url = reverse("scoring:table-sheet-preview", args=[table.pk])

    blank = client.get(url).content.decode()
    filled = client.get(url + "?filled=1").content.decode()

    assert '<th rowspan="2">Revoke</th>' in blank
    row = filled.partition("<tbody>")[2].partition("</tr>")[0]
    assert "<td>1</td><td>1</td><td>2</td><td>3</td>" in "".join(row.split())


@pytest.mark.parametrize(
    ("language", "line"),
    # French in words that need no player's gender, which the site does not know.
    [("en", "Winners: Kit and Dewey"), ("fr", "Victoire partagée : Kit et Dewey")],
)
def test_the_winners_line_names_them_as_a_sentence_does(client, language, line):
    hand = {"bidder": 1, "bid": 14, "partner": 2, "points": [14, 0]}
    table = tablegames_services.table_import(
        document={
            "format": "cinch-game/1",
            "variant": "razzle",
            "date": "2026-11-20",
            "players": ["Kit", "Dewey", "Ann", "Bob"],
            "hands": [hand] * 3,
        }
    )
    url = reverse("scoring:table-sheet-preview", args=[table.pk])

    text = client.get(url, {"filled": "1", "language": language}).content.decode()

    assert line in " ".join(text.split())
    assert "Kit, Dewey" not in text


@pytest.mark.parametrize(("language", "line"), [("en", "Winner: Hank"), ("fr", "Victoire : Hank")])
def test_a_single_winner_s_line_needs_no_gender(client, language, line):
    hand = {"bidder": 1, "bid": 4, "high": 1, "low": 1, "jack": 1, "game": 1}
    table = tablegames_services.table_import(
        document={
            "format": "cinch-game/1",
            "variant": "chicago42",
            "date": "2026-11-20",
            "players": ["Hank", "Lou"],
            "hands": [hand] * 11,
        }
    )
    url = reverse("scoring:table-sheet-preview", args=[table.pk])

    text = client.get(url, {"filled": "1", "language": language}).content.decode()

    assert line in " ".join(text.split())
    assert "Gagnante" not in text
