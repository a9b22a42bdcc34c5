"""Every money form takes a decimal comma (0,25) in French and a point (0.25) in English,
and refuses a decimal comma in no language; each takes the club's sign ($0.25, 0,25 $)."""

from decimal import Decimal

import pytest
from django.utils import translation

from scoring.nights.forms import NightEditForm, NightForm
from scoring.results.forms import CashCountForm
from scoring.tablegames.forms import TableForm
from tests.factories import NEW_NIGHT_FORM, MemberFactory, night_with_schedule

pytestmark = pytest.mark.django_db

SPELLINGS = [
    pytest.param("fr", "0,25", id="french-comma"),
    pytest.param("fr", "0.25", id="french-point"),
    pytest.param("en", "0.25", id="english-point"),
    pytest.param("en", "0,25", id="english-comma"),
    # The club's sign, as every amount on the site is shown.
    pytest.param("en", "$0.25", id="english-sign"),
    pytest.param("en", " $ 0.25 ", id="english-sign-spaced"),
    pytest.param("fr", "0,25 $", id="french-sign"),
    pytest.param("fr", "0,25\u00a0$", id="french-sign-non-breaking-space"),
    pytest.param("fr", "$0.25", id="french-english-sign"),
]


@pytest.mark.parametrize(("language", "typed"), SPELLINGS)
def test_the_new_night_form(language, typed):
    members = [MemberFactory(name=name).pk for name in ("Ann", "Bob", "Cy", "Di")]
    with translation.override(language):
        form = NightForm(NEW_NIGHT_FORM | {"members": members, "loss_fee": typed})
        assert form.is_valid(), form.errors
    assert form.cleaned_data["loss_fee"] == Decimal("0.25")


@pytest.mark.parametrize(("language", "typed"), SPELLINGS)
def test_the_night_edit_form(language, typed):
    night = night_with_schedule(2)
    data = {
        "name": night.name,
        "date": "2026-11-17",
        "entry_fee": "2",
        "loss_fee": "0.25",
        "cinch_fee": typed,
        "booby_prize": "4",
        "split": "50 / 30 / 20",
        "unit": "0.01",
        "paper": "letter",
    }
    with translation.override(language):
        form = NightEditForm(data, instance=night)
        assert form.is_valid(), form.errors
    assert form.cleaned_data["cinch_fee"] == Decimal("0.25")


@pytest.mark.parametrize(("language", "typed"), SPELLINGS)
def test_the_table_form(language, typed):
    data = {
        "date": "2026-11-17",
        "variant": "chicago42",
        "new_players": "Ann\nBob",
        "stake": typed,
        "unit": "0.01",
    }
    with translation.override(language):
        form = TableForm(data)
        assert form.is_valid(), form.errors
    assert form.cleaned_data["stake"] == Decimal("0.25")


@pytest.mark.parametrize(("language", "typed"), SPELLINGS)
def test_the_cash_count_form(language, typed):
    with translation.override(language):
        form = CashCountForm({"counted": typed, "note": ""}, envelopes=[])
        assert form.is_valid(), form.errors
    assert form.cleaned_data["counted"] == Decimal("0.25")


def test_a_french_form_shows_its_amounts_with_a_comma():
    with translation.override("fr"):
        form = TableForm(initial={"stake": Decimal("2.50")})
        assert 'value="2,50"' in str(form["stake"])
        assert 'value="0,01"' in str(form["unit"])


def test_a_thousands_grouping_is_not_read_as_a_decimal_comma_in_english():
    with translation.override("en"):
        form = CashCountForm({"counted": "1,000", "note": ""}, envelopes=[])
        assert not form.is_valid()


@pytest.mark.parametrize("space", [" ", "\u00a0", "\u202f"], ids=["space", "nbsp", "narrow"])
def test_french_thousands_set_apart_by_a_space_are_read(space):
    with translation.override("fr"):
        form = CashCountForm({"counted": f"1{space}234,50 $", "note": ""}, envelopes=[])
        assert form.is_valid(), form.errors
    assert form.cleaned_data["counted"] == Decimal("1234.50")


def test_a_space_that_is_no_grouping_is_still_refused():
    with translation.override("fr"):
        form = CashCountForm({"counted": "12 34,50", "note": ""}, envelopes=[])
        assert not form.is_valid()
