"""No sheet that lies on the table carries a table link: a pair's link enters its game and
confirms the other pair's result, so it is printed only on the card that pair holds
(the round's table cards, cut in two: ``test_round_cards``; the pair cards handed out at
the draw, a code a card: ``test_pair_cards``).

Each sheet is rendered as it is printed (WeasyPrint) and read back as a phone's camera
would (zbar at 150 dpi): no QR code at all, and no link's address in its words.
"""

import pytest
from django.urls import reverse

from scoring.games import services as games_services
from scoring.models import Game
from tests.factories import night_with_schedule
from tests.print.printing.test_sheets import pdf_text
from tests.print.room.test_round_cards import decoded_qrs

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_in_play(scorer):
    """Two rounds' worth of a 4-pair night that confirms results, one game with a hand."""
    night = night_with_schedule(4, confirm_results=True)
    game = Game.objects.get(night=night, round=1, table=1)
    hand = {"bidder": game.pair_a, "bid": 2, "points": [2, 1]}
    games_services.hand_record(game=game, data=hand, user=scorer)
    return night


@pytest.mark.parametrize(
    ("url", "sheet", "query"),
    [
        ("night-scorers-sheet", "packet", ""),  # the score sheets, blank for pen
        ("night-scorers-sheet", "packet", "?filled=1"),  # and filled in with the hands
        ("night-scorers-sheet", "tables", ""),  # the seating cards: a table's pairs
    ],
)
def test_no_sheet_on_the_table_carries_a_code(
    client_as, scorer, night_in_play, tmp_path, url, sheet, query
):
    path = reverse(f"scoring:{url}", args=[night_in_play.pk, sheet])
    response = client_as(scorer).get(path + query)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"

    _, text = pdf_text(response.content)

    assert decoded_qrs(response.content, tmp_path) == []
    assert "/t/" not in text.replace(" ", "")


def test_a_score_sheet_says_where_the_codes_are(client_as, scorer, night_in_play):
    path = reverse("scoring:night-scorers-sheet", args=[night_in_play.pk, "packet"])

    _, text = pdf_text(client_as(scorer).get(path).content)

    assert "each pair scans the code on its own card: this sheet carries none" in text
