"""Hypothesis fuzzing of the table forms, as ``test_fuzz_forms`` does the night's: never
a 500, always a message, and a refused post writes nothing (``hostile.posted``)."""

import datetime

import pytest
from django.urls import reverse
from hypothesis import given

from scoring.tablegames import services as tablegames_services
from tests.reliability.hostile import FUZZ, form_data, posted
from tests.reliability.test_fuzz_forms import choices

pytestmark = pytest.mark.django_db

PLAYERS = choices("", 1, 2, 3, 4, 5, 9)
POINTS = choices("-1", "0", "5", "7", "9", "14", "15")
HAND = {
    "bidder": PLAYERS,
    "bid": choices("", 1, 6, 14, 15, "money"),
    "partner": PLAYERS,
    "high": PLAYERS,
    "low": PLAYERS,
    "jack": PLAYERS,
    "game": PLAYERS,
    "right_pedro": PLAYERS,
    "left_pedro": PLAYERS,
    "points_a": POINTS,
    "points_b": POINTS,
    "points_c": POINTS,
    "revoke": PLAYERS,
}
TABLE = {
    "variant": choices("razzle", "chicago42", "club11", "bridge"),
    "date": choices("2026-11-20", "20/11/2026"),
    "name": choices("", "Corner", "<b>x</b>"),
    "new_players": choices("Ann\nBob", "Ann\nBob\nCy", "A\nB\nC\nD\nE", "A\na", "A\u200bB\nC"),
    "stake": choices("", "1.00", "-1", "1.00001", "99999999"),
    "unit": choices("0.01", "0", "0.25"),
    "night": choices("", 1, 999),
}


@pytest.fixture
def razzle(db):
    table = tablegames_services.table_create(
        variant="razzle",
        player_names=["Ann", "Bob", "Cy", "Di", "Ed"],
        date=datetime.date(2026, 11, 20),
    )
    tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 5, "points": [9, 5]}
    )
    return table


@given(data=form_data(TABLE))
@FUZZ
def test_table_create(client_for, data):
    posted(client_for("scorer"), reverse("scoring:table-create"), data)


@given(data=form_data(HAND))
@FUZZ
def test_table_hand_entry(client_for, razzle, data):
    posted(client_for("scorer"), reverse("scoring:table-detail", args=[razzle.pk]), data)


@given(data=form_data(HAND | {"version": choices(1, 2)}))
@FUZZ
def test_table_hand_correction(client_for, razzle, data):
    hand = razzle.hands.get()
    posted(client_for("scorer"), reverse("scoring:table-hand-edit", args=[hand.pk]), data)
