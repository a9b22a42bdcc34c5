"""The ladder marks the nights ``best`` leaves out (struck through, "not counted" in words
for a screen reader) and the nights whose payout is not final yet ("provisional"), each
with a legend, on the season page and the printed sheet; the CSV keeps bare numbers."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Night, Season
from scoring.results import services as results_services
from scoring.seasons.sheets import ladder_sheet_job
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def season():
    """Two nights of three pairs, the first closed, the second still open: pair 3's
    players win the second (3 points), after 1 the first; best 1."""
    first = night_with_schedule(3, name="First", date=datetime.date(2026, 11, 3))
    play_out(first)
    results_services.night_close(night=first)
    second = night_with_schedule(3, name="Second", date=datetime.date(2026, 11, 10))
    play_out(second, upsets=[(1, 2), (1, 3), (2, 3)])
    return Season.objects.create(
        name="November",
        first_date=datetime.date(2026, 11, 1),
        last_date=datetime.date(2026, 11, 30),
        best=1,
    )


def cells(response, player: str) -> list[str]:
    """The cells of ``player``'s row in the ladder, as HTML."""
    text = response.content.decode()
    row = re.search(
        rf"<tr[^>]*>\s*<td[^>]*>\d+</td>\s*<td[^>]*>{player}</td>(.*?)</tr>", text, re.S
    )
    return [cell.strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


def test_the_page_strikes_through_the_nights_best_leaves_out(client, season):
    response = client.get(reverse("scoring:season-detail", args=[season.pk]))

    first, second = Night.objects.order_by("date")
    rows = {row["player"]: row for row in response.context["ladder"].rows}
    one_of_pair_1 = next(name for name, row in rows.items() if row["points"] == [3, 1])
    assert rows[one_of_pair_1]["dropped_nights"] == {second.pk}
    nights, counted, on_first, on_second = cells(response, one_of_pair_1)
    assert (nights, counted, on_first) == ("2", "3", "3")
    assert on_second == '<s class="dropped">1</s><span class="visually-hidden"> not counted</span>'
    text = response.content.decode()
    assert "Struck through, not counted: each player's best night counts" in text


def test_a_night_not_closed_is_headed_provisional_with_a_legend(client, season):
    response = client.get(reverse("scoring:season-detail", args=[season.pk]))

    text = response.content.decode()
    assert re.search(r"<th[^>]*>\s*(<a[^>]*>)?\s*10\u00a0Nov \(provisional\)", text)
    assert "3\u00a0Nov<" in text and "3\u00a0Nov (provisional)" not in text  # closed: final
    assert "Provisional: the night's payout is not final yet" in text


def test_the_marks_and_legends_in_french(client, season):
    text = client.get(reverse("scoring:season-detail", args=[season.pk]), **FRENCH)
    text = text.content.decode()

    assert "10\u00a0nov. (provisoire)" in text
    assert '<span class="visually-hidden"> non compté</span>' in text
    assert "Barré, non compté : seule la meilleure soirée de chaque joueur compte." in text
    assert "Provisoire : le paiement de la soirée n’est pas encore définitif" in text


def test_the_csv_keeps_bare_points(client, season):
    csv = client.get(reverse("scoring:season-detail", args=[season.pk]) + "?_export=csv")

    lines = csv.content.decode().splitlines()
    assert lines[0].endswith("3 Nov,10 Nov (provisional)")
    assert all("not counted" not in line and "<" not in line for line in lines)


def test_the_sheet_strikes_through_and_says_provisional(client, season):
    sheet = client.get(reverse("scoring:season-ladder", args=[season.pk]))

    pages = PdfReader(io.BytesIO(sheet.content)).pages
    text = " ".join(" ".join(page.extract_text() for page in pages).split())
    assert "Second — November 10, 2026 (provisional)" in text
    assert "First — November 3, 2026 (provisional)" not in text
    assert "Struck through, not counted: each player's best night counts" in text
    assert "Provisional: the night's payout is not final yet" in text


def test_the_sheet_draws_the_strike_through(season):
    """The struck-through points are in the sheet's HTML (WeasyPrint draws ``<s>``)."""
    html = "".join(ladder_sheet_job(season, "letter").htmls)

    assert len(re.findall(r'<s class="dropped">2: 1</s>', html)) == 2  # pair 1's players
    assert len(re.findall(r'<s class="dropped">1: 1</s>', html)) == 2  # pair 3's players


def test_no_legend_for_marks_the_ladder_does_not_show(client, season):
    """Every night closed and counted: nothing struck, nothing provisional."""
    season.best = None
    season.save()
    results_services.night_close(night=Night.objects.get(name="Second"))

    text = client.get(reverse("scoring:season-detail", args=[season.pk])).content.decode()

    assert 'class="legend"' not in text and "<s " not in text and "provisional" not in text
