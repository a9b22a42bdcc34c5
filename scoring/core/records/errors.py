"""What the services refuse with: ``ValidationError``s a page shows beside its form."""

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy

from scoring.rules import InvalidInput
from scoring.rules.errors import Problem, gettext_noop, words
from scoring.words.problems import said, said_at, spoken


def rules_error(invalid: InvalidInput, *, fields=(), prefix: str = "") -> ValidationError:
    """The rules core's problems as a ``ValidationError`` keyed by form field.

    A problem whose place is one of ``fields`` goes beside that field; any other goes to
    the form as a whole, with its place in front so the scorer knows where to look.
    """
    errors: dict[str, list[str]] = {}
    for problem in invalid.problems:
        place = problem.place.removeprefix(prefix).lstrip(".")
        key = place if place in fields else NON_FIELD_ERRORS
        message = said(problem) if key != NON_FIELD_ERRORS or not place else said_at(problem)
        errors.setdefault(key, []).append(message)
    return ValidationError(errors)


# A hand's form posted twice, or raced by another scorer (a night's game or a table's).
ALREADY_SAVED = gettext_lazy("Hand %(number)s was already saved.")
# Through a table link, once the result is entered (``links.services``).
DISPUTED = gettext_lazy("The result is disputed: a scorer or the director settles it.")
DELETED_MEANWHILE = gettext_lazy("The hand was deleted by someone else meanwhile.")
CHANGED_MEANWHILE = gettext_lazy(
    "Hand %(number)s was changed by someone else meanwhile; "
    "the form now shows the new value. Check it and save again."
)


def name_problem(place: str, error: ValueError) -> Problem:
    """A name the rules core refused (``normal_name``), as a problem at ``place``."""
    return Problem.said(
        place, words(gettext_noop("the name {error}"), error=getattr(error, "words", str(error)))
    )


class AlreadyDone(ValidationError):
    """What was asked is done already: the same form posted twice (a double click).

    Nothing more is written; ``done`` is what the first post made (a night), for the page
    to show instead of a second copy.
    """

    def __init__(self, message: str, done=None):
        super().__init__(message)
        self.done = done


class DifferentHandSaved(ValidationError):
    """Two phones (or a phone and a scorer) saved a hand at the same number at once, and
    the one kept is not the one posted: nothing was written. ``hand`` is the one kept,
    for the page to show (it words hands as its hand table does)."""

    def __init__(self, number: int, hand):
        super().__init__(
            gettext_lazy("A different hand %(number)s was already saved.") % {"number": number}
        )
        self.number = number
        self.hand = hand


class Refused(ValidationError):
    """A post refused as a whole, not for what a field says: the page says why in a
    message, and a phone's script reads it as "refused" (``links.answers``)."""


class AwaitingConfirmation(Refused):
    """Through a table link, a result awaiting confirmation (or disputed) takes a
    confirmation or a dispute, nothing else."""


class PlayStarted(ValidationError):
    """The draw can no longer change: a hand or result has been entered."""


class NightFinal(ValidationError):
    """The night is closed: a director must re-open it before anything changes."""


class GameVoid(ValidationError):
    """The night was ended early before this game was finished: it counts for nobody and
    takes no entry until a director re-opens the night."""


class StaleVersion(ValidationError):
    """Someone else changed the hand since the form was opened."""


class NightFileRefused(ValidationError):
    """A night file's problems, each at its place in the document.

    Its messages give the places as document paths, zero-based as in night-format.md
    (``games[0].hands[2].bid``: what ``import_night`` prints); :meth:`spoken` gives them
    for a page, counting from 1 (``game 1, hand 3, bid``).
    """

    def __init__(self, problems):
        self.problems = tuple(problems)
        super().__init__([str(problem) for problem in self.problems])

    def spoken(self) -> list[str]:
        return [spoken(problem) for problem in self.problems]
