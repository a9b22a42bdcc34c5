"""People's names in the order the page's language sorts them (``rules.names``'s
``collation_key``): every list of names a reader sees, the members page, the pickers and
selects, the ladder's ties and the tables sorted by a name column, is sorted here, in
Python: the database's own order differs between SQLite (by code point: ``Élise`` after
``Walt``) and PostgreSQL (by the server's locale), and a club's lists are short.
"""

from collections.abc import Callable, Iterable
from typing import Any

from django.utils.translation import get_language

from scoring.rules.names import collation_key


def name_order(name: str) -> tuple:
    """The key ``name`` sorts by in the active language: French compares accents from
    the end of the word, as Canadian French does."""
    return collation_key(name, accents_from_end=(get_language() or "").startswith("fr"))


def by_name(items: Iterable[Any], name: Callable[[Any], str] = str) -> list[Any]:
    """``items`` sorted by their ``name`` (by default the item itself, or its ``str``)."""
    return sorted(items, key=lambda item: name_order(name(item)))
