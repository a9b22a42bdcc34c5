"""The base of every django-tables2 table of the scoring pages, its columns for counts and
money, and the CSV export every table offers. Tables lay out rows the selectors read and
figures the rules core computed; they format, never score.
"""

from decimal import Decimal, InvalidOperation

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django_tables2.export import TableExport
from tablib import Dataset

from scoring.core.money import shown_money
from scoring.rules.night import money_text

# A cell a spreadsheet would read as a formula (or as a command, through DDE) when it
# starts so: a player named "=HYPERLINK(...)" must come out as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """``value`` as a spreadsheet shows it as typed: text that would start a formula gets
    a leading ``'``; numbers, and text that is a plain number (``-1.05``), stay as they are."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    try:
        if value == value.strip() and Decimal(value).is_finite():
            return value
    except InvalidOperation:
        pass
    return "'" + value


class CsvExport(TableExport):
    """Every CSV the site writes (django-tables2's export, through tablib): CSV only, the
    standings' JSON being the ``cinch-standings/1`` document at its own URL, and no cell
    a spreadsheet would run as a formula."""

    @classmethod
    def is_valid_format(cls, export_format) -> bool:
        return export_format == cls.CSV

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None) -> Dataset:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = Dataset(title=dataset.title)
        safe.headers = [spreadsheet_safe(header) for header in dataset.headers or []]
        for row in dataset:
            safe.append([spreadsheet_safe(cell) for cell in row])
        return safe


class BaseTable(tables.Table):
    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "grid"}
        orderable = False
        empty_text = _("Nothing yet.")


TABLE = _("Table %(table)s")
PAIR = _("Pair %(pair)s")


NUMBER = {"td": {"class": "number"}, "th": {"class": "number"}}


class NumberColumn(tables.Column):
    """A count, right-aligned."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", NUMBER)
        super().__init__(*args, **kwargs)


class MoneyColumn(NumberColumn):
    """An exact amount as the documents print it ("2.00"); ``—`` while not known."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("default", "—")
        super().__init__(*args, **kwargs)

    def render(self, value) -> str:
        return shown_money(value)

    def value(self, value) -> str:
        """The bare amount for the CSV, a number to a spreadsheet."""
        return money_text(value)
