"""A full disk: the database refuses a write, and the person saving is told, not a 500.

SQLite says "database or disk is full" (``SQLITE_FULL``), PostgreSQL "could not extend
file … No space left on device" (SQLSTATE 53100, ``DiskFull``); Django raises either as
an ``OperationalError`` and the transaction is rolled back, so nothing was saved. A form
that saves through :func:`refusing_a_full_disk` shows the message above the fields it
sends back, still filled in; any other page that meets a full disk answers with the
message and status 507 (:class:`FullDiskMiddleware`) instead of a bare server error.
"""

from contextlib import contextmanager

from django.core.exceptions import ValidationError
from django.db import OperationalError
from django.shortcuts import render
from django.utils.translation import gettext

DISK_FULL_STATE = "53100"


def disk_full(error: BaseException) -> bool:
    """Whether ``error`` is the database refusing a write for want of disk space."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    if getattr(cause, "sqlstate", None) == DISK_FULL_STATE:
        return True
    if getattr(cause, "sqlite_errorname", None) == "SQLITE_FULL":
        return True
    text = str(error).lower()
    return "database or disk is full" in text or "no space left on device" in text


def full_disk_words() -> str:
    return gettext(
        "The laptop's disk is full: nothing was saved. Free some space on it (or ask the "
        "director to), then save again: what you typed is still here."
    )


@contextmanager
def refusing_a_full_disk():
    """A save that meets a full disk raises a ``ValidationError`` its form shows."""
    try:
        yield
    except OperationalError as error:
        if not disk_full(error):
            raise
        raise ValidationError(full_disk_words()) from error


class FullDiskMiddleware:
    """Any other page that meets a full disk: the message, status 507, not a bare 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not disk_full(exception):
            return None
        context = {"message": full_disk_words()}
        return render(request, "scoring/core/full_disk.html", context, status=507)
