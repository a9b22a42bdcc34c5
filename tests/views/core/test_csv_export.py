"""The CSV the site writes: no cell a spreadsheet would run as a formula; numbers as numbers."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.core.ui.tables import spreadsheet_safe
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night

pytestmark = pytest.mark.django_db

HOSTILE = [
    '=HYPERLINK("http://evil.example","click")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "-2+3+cmd|' /C calc'!A0",
    "=2*3",
    "Cy",
    "Ann",
    "Bob",
]


def test_the_standings_csv_neutralises_formulas_and_keeps_numbers(client):
    document = random_night(4, seed=5) | {"players": HOSTILE}
    night = nights_services.night_import(document=document)

    response = client.get(reverse("scoring:night-standings", args=[night.pk]), {"_export": "csv"})

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    players = {row[2] for row in rows[1:]}
    assert all(name.startswith("'") for name in players - {"Ann & Bob"}), players
    assert '\'=HYPERLINK("http://evil.example","click") & +cmd|\' /C calc\'!A0' in players
    assert "Ann & Bob" in players
    for row in rows[1:]:  # rank, pair, won, lost, pegs (may be negative), Cinches, play-offs
        assert [str(int(cell)) for cell in row[:2] + row[3:]] == row[:2] + row[3:], row


@pytest.mark.parametrize(
    ("value", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+1+cmd", "'+1+cmd"),
        ("-A1", "'-A1"),
        ("@A1", "'@A1"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-1.05", "-1.05"),
        ("+3", "+3"),
        ("- 1", "'- 1"),
        ("-inf", "'-inf"),
        ("Ann", "Ann"),
        (-3, -3),
        (12, 12),
        (None, None),
    ],
)
def test_spreadsheet_safe(value, safe):
    assert spreadsheet_safe(value) == safe
