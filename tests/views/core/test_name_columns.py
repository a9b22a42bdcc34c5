"""A table's name column sorts as the page's language sorts names (``core.ui.tables``'s
``NameColumn``): one name a cell or a pair's names, ascending and descending, other
columns as django-tables2 sorts them."""

from django.utils import translation

from scoring.results.tables import LedgerTable, StandingsTable


def rows(names):
    return [
        {"number": number, "name": name, "pair": (number + 1) // 2, "paid": 0, "won": 0, "net": 0}
        for number, name in enumerate(names, start=1)
    ]


def test_a_name_column_sorts_both_ways():
    table = LedgerTable(rows(["Zoé", "walt", "Élise", "Walt"]), order_by="name")
    down = LedgerTable(rows(["Zoé", "walt", "Élise", "Walt"]), order_by="-name")

    assert [row.record["name"] for row in table.rows] == ["Élise", "walt", "Walt", "Zoé"]
    assert [row.record["name"] for row in down.rows] == ["Zoé", "Walt", "walt", "Élise"]


def test_a_pairs_names_sort_by_the_first_then_the_second():
    pairs = [["Zoé", "Anne"], ["Ève", "walt"], ["Ève", "Anne"], ["Élise", "Zoé"]]
    standings = [{"rank": at, "pair": at, "players": pair} for at, pair in enumerate(pairs, 1)]

    table = StandingsTable(standings, order_by="players")

    assert [row.record["players"] for row in table.rows] == [
        ["Élise", "Zoé"],
        ["Ève", "Anne"],
        ["Ève", "walt"],
        ["Zoé", "Anne"],
    ]


def test_other_columns_sort_as_before_names_breaking_no_tie():
    table = LedgerTable(rows(["Zoé", "walt", "Élise", "Walt"]), order_by=("-pair", "number"))

    assert [row.record["number"] for row in table.rows] == [3, 4, 1, 2]


def test_french_sorts_accents_from_the_end():
    with translation.override("fr"):
        french = LedgerTable(rows(["Coté", "Côte"]), order_by="name")
    english = LedgerTable(rows(["Coté", "Côte"]), order_by="name")

    assert [row.record["name"] for row in french.rows] == ["Côte", "Coté"]
    assert [row.record["name"] for row in english.rows] == ["Coté", "Côte"]
