"""What every printed sheet is made of, a night's, a table's or a season's: its parts
(each rendered and kept on its own), its language and its running title.
"""

from dataclasses import dataclass

from django.conf import settings

from scoring.models import club_setting


@dataclass(frozen=True)
class Part:
    """A part of a sheet, rendered on its own: its template, context and a guess of its
    pages (the renderer counts them and numbers the pages of the whole), or its pages
    printed from one laid-out page (``marked``, ``stamps``)."""

    template: str
    context: dict
    pages: int
    # A part of pages that differ only in their words (``core.printing.stamp``): the
    # context of its one marked page, and each page's words; rendered whole without.
    marked: dict | None = None
    stamps: tuple[dict[str, str], ...] = ()


def sheet_language(night, asked: str | None = None) -> str:
    """The language a sheet prints in, one rule for every sheet: ``asked`` (``?language=``,
    ``print_night --language``) if the site has it, else its night's, else (a table
    without a night, a season's ladder) the club's; never the screen's."""
    if asked in dict(settings.LANGUAGES):
        return asked
    return night.sheet_language if night is not None else club_setting("LANGUAGE_CODE")


def sheet_heading(night, kind: str) -> dict:
    """The running title's night and club, and the sheet's kind (in the sheet's language)."""
    return {"night": night, "club_name": club_setting("CLUB_NAME"), "kind": kind}
