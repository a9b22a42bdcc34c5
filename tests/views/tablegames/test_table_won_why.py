"""Why a table was won, said in plain words on its page and its printed sheet.

Otis wins a three-handed Chicago table with 43 while Pearl has 44: both reach 42 on the
last hand and law 13 counts the cards out, Otis reaching 42 on the Right Pedro before
Pearl's Left Pedro. A reader who sees only the scores would think Pearl won.
"""

import subprocess

import pytest
from django.urls import reverse

from scoring.tablegames import services as tablegames_services
from tests.rules.test_game_decision import OTIS_PEARL

pytestmark = pytest.mark.django_db

OTIS_WHY = "Won by Otis (43) while Pearl had 44: counted out on the Right Pedro, law 13"
OTIS_WHY_FR = "Gagnée par Otis (43) alors que Pearl avait 44 : comptée sur le Pedro droit, loi 13"


def otis_table(hands=OTIS_PEARL):
    return tablegames_services.table_import(
        document={
            "format": "cinch-game/1",
            "variant": "chicago42",
            "name": "Otis, Pearl and Sam",
            "date": "2026-11-20",
            "players": ["Otis", "Pearl", "Sam"],
            "hands": hands,
        }
    )


def visible(response) -> str:
    """The page's text with its runs of spaces made one (a sentence split over lines)."""
    return " ".join(response.content.decode().split())


def test_the_table_page_says_otis_won_counted_out_on_the_right_pedro(client):
    table = otis_table()

    page = client.get(reverse("scoring:table-detail", args=[table.pk]))

    assert page.context["board"].won_why == OTIS_WHY
    assert f"<strong>{OTIS_WHY}</strong>" in visible(page)


def test_the_table_page_says_it_in_french(client):
    table = otis_table()

    page = client.get(reverse("scoring:table-detail", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="fr")

    assert page.context["board"].won_why == OTIS_WHY_FR


def test_a_player_reaching_42_alone_is_the_first_to_reach_it(client):
    hands = OTIS_PEARL[:6] + [{"bidder": 1, "bid": 4, "points": [4, 0, 10]}]
    table = otis_table(hands)
    url = reverse("scoring:table-detail", args=[table.pk])

    english = client.get(url).context["board"].won_why
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").context["board"].won_why

    assert english == "Won by Otis (42), the first to reach 42"
    assert french == "Gagnée par Otis (42), qui a atteint 42 en premier"


def test_a_table_in_play_says_no_winner(client):
    table = otis_table(OTIS_PEARL[:6])

    page = client.get(reverse("scoring:table-detail", args=[table.pk]))

    assert page.context["board"].won_why == ""
    assert "In play: first to 42" in visible(page)


def pdf_text(client, url: str) -> str:
    pdf = client.get(url).content
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return " ".join(text.split())


@pytest.mark.parametrize(("language", "why"), [("en", OTIS_WHY), ("fr", OTIS_WHY_FR)])
def test_the_printed_sheet_says_why_in_the_sheets_language(client, language, why):
    table = otis_table()
    url = reverse("scoring:table-sheet", args=[table.pk]) + f"?filled=1&language={language}"

    assert " ".join(why.split()) in pdf_text(client, url)


def test_the_blank_sheet_says_nothing_of_a_winner(client):
    table = otis_table()

    text = pdf_text(client, reverse("scoring:table-sheet", args=[table.pk]) + "?language=en")

    assert "Won by" not in text
