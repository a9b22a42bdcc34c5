"""Every page that shows a number or a date, read in French, writes them as French does:
no ISO date (2026-11-01), the first of a month "1er novembre", a decimal comma (no
"1.5000"), and a space before ":" and ";". The pages are those of
``test_no_english_left`` (the demo night with a season, a table and a cash count)."""

import re

import pytest
from django.contrib.auth.models import User

from tests.i18n.test_no_english_left import FRENCH, PAGES, build_night, pages, visible

pytestmark = pytest.mark.django_db

__all__ = ["build_night"]  # the module's night (tests/conftest.py: module_night_pk)

MONTHS = "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"
NOT_FRENCH = {
    "an ISO date": re.compile(r"\b\d{4}-\d\d-\d\d\b"),
    "the first of a month without 'er'": re.compile(rf"(?<![\d,])1 (?:{MONTHS})\b"),
    "a decimal point": re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])"),
    "no space before ':' or ';'": re.compile(r"[^\s\u00a0\u202f:;]+[:;](?=\s)"),
}


def not_french(text: str) -> list[str]:
    return [
        f"{what}: …{text[max(0, m.start() - 30) : m.end() + 30]}…"
        for what, pattern in NOT_FRENCH.items()
        for m in pattern.finditer(text)
    ]


@pytest.mark.parametrize("page", PAGES)
def test_numbers_and_dates_are_written_as_french_does(client, night, page):
    client.force_login(User.objects.get(username="walker"))
    response = client.get(pages(night)[page], **FRENCH)

    assert response.status_code == 200
    assert not_french(visible(response.content.decode())) == []
