"""The addresses a code opens without a club in them (``/p/<code>/``, ``/t/<token>/``,
``/d/<token>/``: printed on a pair card or shown as a QR code): the code names its night,
the night its club. The feature that owns each kind of code says how to find its club
(``club_finder``); this module keeps them, so the middleware needs no feature."""

from collections.abc import Callable

from django.db.models import QuerySet

# The first part of the path (``p``, ``t``, ``d``) → the code's club ids (a query).
FINDERS: dict[str, Callable[[str], QuerySet | None]] = {}


def club_finder(part: str):
    """Register ``find(code) -> queryset of club ids | None`` for ``/<part>/<code>/``."""

    def register(find):
        FINDERS[part] = find
        return find

    return register


def code_clubs(path_info: str) -> QuerySet | None:
    """The club ids of the code in ``path_info`` (``None``: not a code's address, or a
    code no finder can read: the page refuses it as it refuses any bad code)."""
    parts = path_info.split("/", 3)
    if len(parts) < 3 or parts[1] not in FINDERS or not parts[2]:
        return None
    return FINDERS[parts[1]](parts[2])
