"""A final night's table links refuse every entry: nothing printed after the night is
final carries a code (or a word about codes) that would send a phone to a refusal."""

import pytest
from django.urls import reverse

from scoring.models import Night
from tests.factories import night_with_schedule, play_out
from tests.print.printing.test_sheets import pdf_text
from tests.print.room.test_round_cards import decoded_qrs

pytestmark = pytest.mark.django_db


@pytest.fixture
def final_night():
    """A 4-pair night played out, round 3 left open, then made final."""
    night = night_with_schedule(4)
    play_out(night)
    Night.objects.filter(pk=night.pk).update(is_final=True)
    return night


def test_the_table_cards_of_a_final_night_print_no_code(client_as, director, final_night, tmp_path):
    url = reverse("scoring:night-round-cards", args=[final_night.pk]) + "?round=1"
    response = client_as(director).get(url)
    assert response.status_code == 200

    _, text = pdf_text(response.content)

    assert decoded_qrs(response.content, tmp_path) == []
    assert "The night is final: its table links take no more entries" in text


def test_a_filled_packet_of_a_final_night_speaks_of_no_code(client_as, scorer, final_night):
    url = reverse("scoring:night-scorers-sheet", args=[final_night.pk, "packet"]) + "?filled=1"

    _, text = pdf_text(client_as(scorer).get(url).content)

    assert "scans the code" not in text
