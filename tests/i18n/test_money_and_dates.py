"""Money and dates as the language writes them: $2.50 / 2,50 $, November / novembre."""

import datetime
from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from scoring.words.dates import clock_time, spoken_time
from scoring.words.templatetags.money import money

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("language", "shown", "owed"),
    [("en", "$2.50", "−$0.30"), ("fr", f"2,50{NBSP}$", f"−0,30{NBSP}$")],
)
def test_money_in_each_language(language, shown, owed):
    with translation.override(language):
        assert money(Decimal("2.5")) == shown
        assert money("-0.30") == owed


def test_an_eighth_keeps_its_third_place_and_nothing_becomes_a_float():
    with translation.override("fr"):
        assert money(Decimal("0.125")) == f"0,125{NBSP}$"
        assert money("1000") == f"1{NBSP}000,00{NBSP}$"


@pytest.mark.parametrize(
    ("language", "shown"), [("en", "$3,703.50"), ("fr", f"3{NBSP}703,50{NBSP}$")]
)
def test_thousands_are_grouped_as_the_language_groups_them(language, shown):
    with translation.override(language):
        assert money(Decimal("3703.5")) == shown


def test_a_night_date_in_french():
    page = Template('{{ day|date:"l j F Y" }}')
    with translation.override("fr"):
        text = page.render(Context({"day": datetime.date(2026, 11, 23)}))
    assert text == "lundi 23 novembre 2026"


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "21:05"), ("fr", f"21{NBSP}h{NBSP}05")],
)
def test_a_time_is_one_block_that_never_breaks(language, shown):
    moment = timezone.make_aware(datetime.datetime(2026, 11, 23, 21, 5))
    with translation.override(language):
        assert clock_time(moment) == shown
        assert spoken_time(moment).endswith(f", {shown}")
