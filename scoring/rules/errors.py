"""Problems found in input: each names its place (``games[4].hands[2].bid``) and the rule.

Validation collects every problem it can find instead of stopping at the first, so an
import or a form shows the scorer all that is wrong at once.
"""

from dataclasses import dataclass


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
