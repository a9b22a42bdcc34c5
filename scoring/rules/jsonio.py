"""Reading and writing the JSON documents of night-format.md, the one way for every caller.

The CLI, ``manage.py import_night``/``export_night``, the import page and the site's
downloads all read and print documents here, so they accept and refuse the same files
and print the same bytes. Standard library only, like the rest of the rules core.

Reading keeps what was typed: numbers with a decimal point stay exact ``Decimal``s (never
floats), NaN and Infinity are refused, and an object that gives one key twice
(``"bid": 3, "bid": 14``) is refused instead of being read as its last value.

Printing is ``json.dumps(document, indent=2, ensure_ascii=False)``, byte for byte; the
standard library indents in pure Python, one generator step per value, so documents
made of plain values (text, whole numbers, ``true``/``false``/``null``, lists and
objects with text keys) are written by ``_text`` instead, the standard library's
escaping of text and the same layout, and anything else is left to ``json.dumps``.
"""

import json
from decimal import Decimal
from json.encoder import encode_basestring

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
    """Parse JSON keeping decimals exact, refusing NaN, Infinity and a key given twice.

    Outside its strings JSON has one colon for each key of each object, so a text with as
    many colons as the objects read have keys gave no key twice (nor a colon in a string):
    the document is read as the standard library reads objects, and their keys counted.
    Any other text is read again pair by pair, which finds the key given twice, or the
    first mistake, as it comes.
    """
    keys = 0

    def counted(read: dict) -> dict:
        nonlocal keys
        keys += len(read)
        return read

    numbers = {"parse_float": Decimal, "parse_constant": _refuse_constant}
    try:
        document = json.loads(text, object_hook=counted, **numbers)
    except (ValueError, RecursionError):
        pass  # said below, in the order the pair-by-pair reading meets it
    else:
        if isinstance(text, str) and keys == text.count(":"):
            return document
    return json.loads(text, object_pairs_hook=_refuse_repeated_keys, **numbers)


def dump_json(document) -> str:
    """The one way documents are printed: indented, UTF-8 as typed, a newline at the end."""
    try:
        return _text(document, "") + "\n"
    except (_NotPlain, TypeError, RecursionError):  # a key or a value not plain: the long way
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


class _NotPlain(Exception):
    """A value ``_text`` leaves to ``json.dumps`` (a float, a ``Decimal``, a subclass)."""


def _null(_value) -> str:
    return "null"


# How ``json.dumps`` writes each plain value; an object's keys are text.
_PLAIN = {
    str: encode_basestring,
    int: int.__repr__,
    bool: {True: "true", False: "false"}.__getitem__,
    type(None): _null,
}


def _text(value, indent: str) -> str:
    """``value`` as ``json.dumps(value, indent=2)`` writes it at ``indent``."""
    inner = indent + "  "
    kind = type(value)
    if kind is dict:
        if not value:
            return "{}"
        items = [
            encode_basestring(key)
            + ": "
            + (plain(item) if (plain := _PLAIN.get(type(item))) else _text(item, inner))
            for key, item in value.items()
        ]
        return "{\n" + inner + (",\n" + inner).join(items) + "\n" + indent + "}"
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        items = [
            plain(item) if (plain := _PLAIN.get(type(item))) else _text(item, inner)
            for item in value
        ]
        return "[\n" + inner + (",\n" + inner).join(items) + "\n" + indent + "]"
    plain = _PLAIN.get(kind)
    if plain is None:
        raise _NotPlain
    return plain(value)
