"""The base of every django-tables2 table of the scoring pages, its columns for counts and
money, and the CSV export every table offers. Tables lay out rows the selectors read and
figures the rules core computed; they format, never score.
"""

from decimal import Decimal, InvalidOperation

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableData, TableListData, TableQuerysetData
from django_tables2.export import TableExport
from django_tables2.utils import Accessor, OrderBy, OrderByTuple
from tablib import Dataset

from scoring.rules.night.documents import money_text
from scoring.words.money import shown_money
from scoring.words.names import name_order
from scoring.words.numbers import minus

# A cell a spreadsheet would read as a formula (or as a command, through DDE) when it
# starts so: a player named "=HYPERLINK(...)" must come out as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A space a heading keeps on one line ("10 Nov" above "(provisional)"): a plain one in a CSV.
NO_BREAK = "\u00a0"


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
        safe.headers = [
            spreadsheet_safe(header.replace(NO_BREAK, " ") if isinstance(header, str) else header)
            for header in dataset.headers or []
        ]
        for row in dataset:
            safe.append([spreadsheet_safe(cell) for cell in row])
        return safe


class NameColumn(tables.Column):
    """People's names (one, or a list such as a pair's): a click on the heading sorts
    them as the page's language does (``words.names``), not by code point."""


def names_order(value) -> tuple:
    """A ``NameColumn`` cell's sort key: its name, or each of its names in turn."""
    if isinstance(value, list | tuple):
        return tuple(name_order(str(name)) for name in value)
    return (name_order(str(value)),)


class RowsByLanguage(TableListData):
    """Rows in a list, sorted as django-tables2 sorts them, but a ``NameColumn``'s
    names by the language's collation."""

    def order_by(self, aliases):
        accessors = []
        for alias in aliases:
            bound_column = self.table.columns[OrderBy(alias).bare]
            # As django-tables2 does: the column's own order, turned if the alias is.
            if alias[0] != bound_column.order_by_alias[0]:
                order = bound_column.order_by.opposite
            else:
                order = bound_column.order_by
            accessors += [(by, isinstance(bound_column.column, NameColumn)) for by in order]
        # Least significant first: each sort keeps the order of the rows it finds level.
        for by, names in reversed(accessors):
            if names:
                accessor = Accessor(by.bare)
                self.data.sort(
                    key=lambda row, get=accessor: names_order(get.resolve(row, quiet=True)),
                    reverse=by.is_descending,
                )
            else:
                self.data.sort(key=OrderByTuple([by]).key)


class BaseTable(tables.Table):
    """Rows given as a list are sorted by ``RowsByLanguage``."""

    def __init__(self, data=None, *args, **kwargs):
        # A queryset sorts itself, in the database.
        if (
            data is not None
            and not isinstance(data, TableData)
            and not TableQuerysetData.validate(data)
        ):
            data = RowsByLanguage(list(data))
        super().__init__(data, *args, **kwargs)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "grid"}
        orderable = False
        empty_text = _("Nothing yet.")


TABLE = _("Table %(table)s")
PAIR = _("Pair %(pair)s")


NUMBER = {"td": {"class": "number"}, "th": {"class": "number"}}


class NumberColumn(tables.Column):
    """A count, right-aligned; below zero with the minus sign on the page (−4), the bare
    number in the CSV."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", NUMBER)
        super().__init__(*args, **kwargs)

    def render(self, value):
        return minus(value) if isinstance(value, int) and value < 0 else value

    def value(self, value):
        return value


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
