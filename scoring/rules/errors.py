"""Problems found in input: each names its place (``games[4].hands[2].bid``) and the rule.

Validation collects every problem it can find instead of stopping at the first, so an
import or a form shows the scorer all that is wrong at once. A place is a document path,
zero-based as in night-format.md (what the CLI and ``import_night`` print); the import
page shows it to people counting from 1 (``game 5, hand 3, bid``: :meth:`Problem.spoken`).
A message quotes a value as it was typed in the file (``3.5``, ``"five"``), never as a
program holds it (``Decimal('3.5')``): :func:`shown_value`.
"""

import json
import re
from dataclasses import dataclass
from decimal import Decimal

# What a list in a place is called, one of it, when a place is read out to a person.
SPOKEN_ITEMS = {
    "games": "game",
    "playoffs": "play-off",
    "hands": "hand",
    "players": "player",
    "split": "split share",
    "score": "score",
    "cinches": "cinches",
    "points": "points",
    "pairs": "pair",
}
INDEXED = re.compile(r"^(?P<name>[^\[]*)\[(?P<index>\d+)\]$")
LONGEST_SHOWN = 60


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input: where it is and which rule it breaks."""

    place: str
    message: str

    def under(self, prefix: str) -> "Problem":
        """The same problem seen from an enclosing document (``hands[2]`` under ``games[4]``)."""
        if not prefix:
            return self
        joined = (
            f"{prefix}.{self.place}" if self.place and self.place[0] != "[" else prefix + self.place
        )
        return Problem(joined, self.message)

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message

    def spoken(self) -> str:
        """The problem for a person reading a page: positions count from 1.

        ``games[0].hands[2].bid: …`` reads ``game 1, hand 3, bid: …``.
        """
        place = spoken_place(self.place)
        return f"{place}: {self.message}" if place else self.message


def spoken_place(place: str) -> str:
    """``games[0].hands[2].bid`` → ``game 1, hand 3, bid``; ``players[4]`` → ``player 5``."""
    words = []
    for part in re.split(r"\.(?![^\[]*\])", place) if place else []:
        indexed = INDEXED.match(part)
        if indexed is None:
            words.append(part.replace("_", " "))  # right_pedro reads "right pedro"
            continue
        name, index = indexed["name"], int(indexed["index"]) + 1
        words.append(f"{SPOKEN_ITEMS.get(name, name)} {index}".strip())
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


class InvalidInput(ValueError):
    """Raised with every problem found; nothing built from the input should be kept."""

    def __init__(self, problems):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))

    def under(self, prefix: str) -> "InvalidInput":
        return InvalidInput(problem.under(prefix) for problem in self.problems)
