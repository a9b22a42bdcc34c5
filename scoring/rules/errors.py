"""Problems found in input: each names its place (``games[4].hands[2].bid``) and the rule.

Validation collects every problem it can find instead of stopping at the first, so an
import or a form shows the scorer all that is wrong at once. A place is a document path,
zero-based as in night-format.md (what the CLI and ``import_night`` print); the import
page shows it to people counting from 1 (``game 5, hand 3, bid``: :meth:`Problem.spoken`).
A message quotes a value as it was typed in the file (``3.5``, ``"five"``), never as a
program holds it (``Decimal('3.5')``): :func:`shown_value`.

A problem may also carry its :class:`Words`: the English template (the code, and the
msgid of the one catalogue, ``locale/<lang>/LC_MESSAGES/django.po``) and its values, so
the web layer and the CLI can say it in the reader's language; ``message`` stays English.
"""

import json
import re
from decimal import Decimal
from typing import NamedTuple

from scoring.rules.records import compared_on


def gettext_noop(message: str) -> str:
    """Marks an English template for the catalogue (makemessages' keyword); returns it as is."""
    return message


def _same(text: str) -> str:
    return text


# What a list in a place is called, one of it, when a place is read out to a person.
SPOKEN_ITEMS = {
    "games": gettext_noop("game"),
    "playoffs": gettext_noop("play-off"),
    "hands": gettext_noop("hand"),
    "players": gettext_noop("player"),
    "split": gettext_noop("split share"),
    "score": gettext_noop("score"),
    "cinches": gettext_noop("cinches"),
    "points": gettext_noop("points"),
    "pairs": gettext_noop("pair"),
}
# The fields a place names, for the catalogue: a page reads them in its language.
SPOKEN_FIELDS = (
    gettext_noop("bid"),
    gettext_noop("bidder"),
    gettext_noop("partner"),
    gettext_noop("dealer"),
    gettext_noop("passed"),
    gettext_noop("revoke"),
    gettext_noop("high"),
    gettext_noop("low"),
    gettext_noop("jack"),
    gettext_noop("right pedro"),
    gettext_noop("left pedro"),
    gettext_noop("game"),
    gettext_noop("points"),
    gettext_noop("cards"),
    gettext_noop("pairs"),
    gettext_noop("round"),
    gettext_noop("table"),
    gettext_noop("sat"),
    gettext_noop("confirmed"),
    gettext_noop("confirmed by"),
    gettext_noop("result"),
    gettext_noop("winner"),
    gettext_noop("money"),
    gettext_noop("entry fee"),
    gettext_noop("loss fee"),
    gettext_noop("cinch fee"),
    gettext_noop("booby prize"),
    gettext_noop("unit"),
    gettext_noop("split"),
    gettext_noop("name"),
    gettext_noop("date"),
    gettext_noop("variant"),
    gettext_noop("tiebreak"),
    gettext_noop("withdrawn"),
    gettext_noop("from round"),
    gettext_noop("house"),
    gettext_noop("format"),
    gettext_noop("players"),
    gettext_noop("stake"),
    gettext_noop("nights"),
    gettext_noop("best"),
)
# A message after its place: "game 1, hand 2, bid: …" (French puts a space before the colon).
PLACED = gettext_noop("{place}: {message}")
INDEXED = re.compile(r"^(?P<name>[^\[]*)\[(?P<index>\d+)\]$")
LONGEST_SHOWN = 60


class Words(NamedTuple):
    """A message as its code (the English template) and its values, said in any language.

    ``translate`` turns a template into the reader's (a catalogue's gettext); ``show``
    writes a value as the reader's language does (``3,5`` in French). Values that are
    Words themselves (a list of legal bids) are said the same way.
    """

    code: str
    values: tuple = ()

    def say(self, translate=_same, show=None) -> str:
        show = show or shown_value
        values = {name: _said(value, translate, show) for name, value in self.values}
        return translate(self.code).format(**values)


def _said(value, translate, show) -> str:
    """A value in a message: words said, text as it is, a number as the language writes it."""
    if isinstance(value, Words):
        return value.say(translate, show)
    return value if isinstance(value, str) else show(value)


def words(code: str, **values) -> Words:
    """``words("bid {bid} is not a whole number", bid=3.5)``: a message to be said later."""
    return Words(code, tuple(values.items()))


class Problem(NamedTuple):
    """One thing wrong with the input: where it is and which rule it breaks.

    Two problems are the same when their place and message are: ``words`` only says the
    message again, in any language.
    """

    place: str
    message: str
    # The message as a code and values, when it can be said in another language.
    words: Words | None = None

    __eq__, __ne__, __hash__ = compared_on("place", "message")

    @classmethod
    def said(cls, place: str, said: Words) -> "Problem":
        """A problem whose English message is ``said``'s words."""
        return cls(place, said.say(), said)

    @classmethod
    def of(cls, place: str, what: "Words | ValueError") -> "Problem":
        """A problem from words, or from a refusal (:class:`Refused` carries its words)."""
        if isinstance(what, Words):
            return cls.said(place, what)
        said = getattr(what, "words", None)
        return cls.said(place, said) if said else cls(place, str(what))

    def text(self, translate=_same, show=None) -> str:
        """The message in the reader's language (English without a ``translate``)."""
        return self.words.say(translate, show) if self.words else translate(self.message)

    def under(self, prefix: str) -> "Problem":
        """The same problem seen from an enclosing document (``hands[2]`` under ``games[4]``)."""
        if not prefix:
            return self
        joined = (
            f"{prefix}.{self.place}" if self.place and self.place[0] != "[" else prefix + self.place
        )
        return Problem(joined, self.message, self.words)

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message

    def spoken(self, translate=_same, show=None) -> str:
        """The problem for a person reading a page: positions count from 1.

        ``games[0].hands[2].bid: …`` reads ``game 1, hand 3, bid: …``.
        """
        place = spoken_place(self.place, translate)
        message = self.text(translate, show)
        return translate(PLACED).format(place=place, message=message) if place else message


def spoken_place(place: str, translate=_same) -> str:
    """``games[0].hands[2].bid`` → ``game 1, hand 3, bid``; ``players[4]`` → ``player 5``."""
    words = []
    for part in re.split(r"\.(?![^\[]*\])", place) if place else []:
        indexed = INDEXED.match(part)
        if indexed is None:
            words.append(translate(part.replace("_", " ")))  # right_pedro reads "right pedro"
            continue
        name, index = indexed["name"], int(indexed["index"]) + 1
        words.append(f"{translate(SPOKEN_ITEMS.get(name, name))} {index}".strip())
    return ", ".join(words)


def _json_text(value, depth: int = 0) -> str:
    if isinstance(value, Decimal):
        return str(value)
    if depth > 2 and isinstance(value, list | dict):
        return "[…]" if isinstance(value, list) else "{…}"
    if isinstance(value, list):
        return "[" + ", ".join(_json_text(item, depth + 1) for item in value) + "]"
    if isinstance(value, dict):
        items = (f"{_json_text(str(k))}: {_json_text(v, depth + 1)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def shown_value(value) -> str:
    """A value of the input as it was typed in JSON, for a message: ``3.5``, ``"five"``,
    ``null``, ``[1, 2]``; on one printable line and cut short when long."""
    text = _json_text(value)
    if not text.isprintable():
        text = text.encode("ascii", "backslashreplace").decode("ascii")
    if len(text) > LONGEST_SHOWN:
        text = text[: LONGEST_SHOWN - 1] + "…"
    return text


def typed(value):
    """A value of the input for a message's values: text quoted as typed (``"five"``),
    a number kept a number, so each language writes it its own way (``3,5``)."""
    return shown_value(value) if isinstance(value, str) else value


def shown_key(key) -> str:
    """A key of the input as it can stand in a place: printable, on one line."""
    text = str(key)
    return text if text.isprintable() else repr(text)


def is_text(value) -> bool:
    """A string that can be written out as UTF-8 (JSON may carry lone surrogates)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Refused(ValueError):
    """A value refused with words: ``str()`` is the English, ``words`` says it in any language."""

    def __init__(self, said: Words):
        super().__init__(said.say())
        self.words = said


class InvalidInput(ValueError):
    """Raised with every problem found; nothing built from the input should be kept."""

    def __init__(self, problems):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))

    def under(self, prefix: str) -> "InvalidInput":
        return InvalidInput(problem.under(prefix) for problem in self.problems)
