"""A night's sheets (``sheets.SHEETS``) as the kept sheets know them (``kept_sheets``):
what each is made of as it is now, its PDF kept or rendered, and what a request gets.
"""

from scoring.core.printing.kept_sheets import Sheet, pdf_now, request
from scoring.core.printing.parts import sheet_language
from scoring.printing import sheets


def night_sheet(night, sheet: str, *, paper: str, filled: bool = False, language=None) -> Sheet:
    """A night's sheet (``sheets.SHEETS``) in ``language`` if the site has it, else the
    night's."""
    filled = filled and sheet in sheets.FILLED
    language = sheet_language(night, language)
    return Sheet(
        version=f"night:{night.pk}:{night.updated_at.timestamp()}:{sheet}:{filled}",
        paper=paper,
        language=language,
        parts=lambda: sheets.sheet_parts(night, sheet, filled=filled),
        preview=lambda: sheets.sheet_html(
            night, sheet, paper=paper, filled=filled, language=language
        ),
    )


def sheet_pdf(night, sheet: str, *, paper: str, filled: bool = False, language=None) -> bytes:
    """A night's sheet as PDF, kept or rendered now whatever its size (``print_night``)."""
    return pdf_now(night_sheet(night, sheet, paper=paper, filled=filled, language=language))


def request_pdf(night, sheet: str, *, paper: str, filled: bool, client: str, language=None):
    """What a request for a night's sheet gets (``request``)."""
    asked = night_sheet(night, sheet, paper=paper, filled=filled, language=language)
    return request(asked, client)
