"""The rules core's problems said in the page's language.

The core gives each message a code (its English template, the catalogue's msgid) and
values; here the words come from Django's catalogue for the active language and the
numbers are written as that language writes them (``enchère 3,5`` in French).
"""

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext

from scoring.rules.errors import PLACED, shown_value


def shown(value) -> str:
    """A value of the input as the page's language writes it: ``3.5`` or ``3,5``."""
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        return number_format(value)
    return shown_value(value)


def say(words) -> str:
    """The rules core's words (``errors.Words``) in the page's language."""
    return words.say(gettext, shown)


def refusal(error: ValueError) -> str:
    """A value the rules core refused (``errors.Refused``), in the page's language."""
    words = getattr(error, "words", None)
    return say(words) if words else str(error)


def name_refused(error: ValueError) -> str:
    """``The name contains U+200B …``: a name the rules core refused, for its field."""
    return gettext("The name %(error)s.") % {"error": refusal(error)}


def said(problem) -> str:
    """The problem's message, in the page's language."""
    return problem.text(gettext, shown)


def said_at(problem) -> str:
    """The message after its document place (``bid: …``), as ``str(problem)`` in English."""
    if not problem.place:
        return said(problem)
    return gettext(PLACED).format(place=problem.place, message=said(problem))


def spoken(problem) -> str:
    """The problem for a page, counting from 1 (``game 1, hand 3, bid: …``), translated."""
    return problem.spoken(gettext, shown)
