"""Dates and times as the page's language writes them, one way per language: "November 1,
2026" and "21:05" in English, "1er novembre 2026" and "21 h 05" in French. The formats
are Django's date filter's, from the catalogue; the first of a month has its own (French
writes "1er"). A time is one block: its spaces are no-break spaces, so "21 h 05" never
breaks at the end of a line (a narrow table cell on a phone) into "21 h" and "05"."""

import datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import pgettext

NO_BREAK_SPACE = "\N{NO-BREAK SPACE}"


def spoken_date(day: datetime.date) -> str:
    """``November 1, 2026`` / ``1er novembre 2026``."""
    if day.day == 1:
        # Translators: a date format (Django's date filter) for the first of a month.
        return date_format(day, pgettext("date format, the first of a month", "F j, Y"))
    # Translators: a date format (Django's date filter): one way for every date shown.
    return date_format(day, pgettext("date format", "F j, Y"))


def spoken_time(moment: datetime.datetime) -> str:
    """``November 1, 2026, 21:05`` / ``1er novembre 2026, 21 h 05``, in the club's time."""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return f"{spoken_date(moment.date())}, {clock_time(moment)}"


def clock_time(moment: datetime.datetime) -> str:
    """``21:05`` / ``21 h 05``, in the club's time: a moment of tonight."""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    # Translators: a time format (Django's date filter); French-Canadian writes 21 h 05.
    words = date_format(moment, pgettext("time format", "H:i"))
    return words.replace(" ", NO_BREAK_SPACE)
