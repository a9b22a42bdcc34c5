"""Reading and writing the JSON documents of night-format.md, the one way for every caller.

The CLI, ``manage.py import_night``/``export_night``, the import page and the site's
downloads all read and print documents here, so they accept and refuse the same files
and print the same bytes. Standard library only, like the rest of the rules core.

Reading keeps what was typed: numbers with a decimal point stay exact ``Decimal``s (never
floats), NaN and Infinity are refused, and an object that gives one key twice
(``"bid": 3, "bid": 14``) is refused instead of being read as its last value.
"""

import json
from decimal import Decimal

from scoring.rules.errors import Refused, gettext_noop, shown_value, words


def _refuse_constant(name: str):
    raise Refused(words(gettext_noop("{name} is not a number JSON allows"), name=name))


def _refuse_repeated_keys(pairs: list[tuple]) -> dict:
    """An object from its ``(key, value)`` pairs, as typed; ``ValueError`` on a key given twice."""
    document = dict(pairs)
    if len(document) == len(pairs):
        return document
    seen = set()
    repeated = next(key for key, _ in pairs if key in seen or seen.add(key))
    raise Refused(
        words(
            gettext_noop("the key {key} is given twice in one object: give each key once"),
            key=shown_value(repeated),
        )
    )


def load_json(text: str):
    """Parse JSON keeping decimals exact, refusing NaN, Infinity and a key given twice."""
    return json.loads(
        text,
        parse_float=Decimal,
        parse_constant=_refuse_constant,
        object_pairs_hook=_refuse_repeated_keys,
    )


def dump_json(document) -> str:
    """The one way documents are printed: indented, UTF-8 as typed, a newline at the end."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
