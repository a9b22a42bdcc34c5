"""A blank packet's score sheets are one laid-out sheet with each game's words drawn over
it (``core.printing.stamp``): page by page, it says what WeasyPrint's own layout of the
same packet says, in English and in French, names with any letters included."""

import io

import pytest
from django.utils import translation
from pypdf import PdfReader

from scoring.core.printing import stamp
from scoring.core.printing.jobs import Job
from scoring.core.printing.parts import Part
from scoring.printing import night_sheets
from scoring.printing import sheets as printing_sheets
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

NAMES = ["Zoé Durand", "Łukasz Nowak", "Ann-Marie O’Neil", "Bob", "Cy", "Di", "Ed", "Flo"]
LONG = "Bartholomew Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff the Third"


def words_per_page(pdf: bytes) -> list[list[str]]:
    return [page.extract_text().split() for page in PdfReader(io.BytesIO(pdf)).pages]


def laid_out_whole(night, language: str) -> bytes:
    """The same packet with every score sheet laid out by WeasyPrint."""
    with translation.override(language):
        parts = [
            Part(part.template, part.context, part.pages)
            for part in printing_sheets.sheet_parts(night, "packet")
        ]
        return Job.of(parts, "letter").render()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_page_says_what_weasyprint_lays_out(language):
    night = night_with_schedule(4, names=NAMES)
    with translation.override(language):
        parts = printing_sheets.sheet_parts(night, "packet")
    assert [len(part.stamps) for part in parts] == [0, 6]  # the front, six stamped sheets

    stamped = night_sheets.sheet_pdf(night, "packet", paper="letter", language=language)
    whole = laid_out_whole(night, language)

    stamped_pages, whole_pages = words_per_page(stamped), words_per_page(whole)
    assert len(stamped_pages) == len(whole_pages) == 8
    for number, (ours, theirs) in enumerate(zip(stamped_pages, whole_pages, strict=True), 1):
        assert sorted(ours) == sorted(theirs), f"page {number}"
    sizes = {tuple(page.mediabox) for page in PdfReader(io.BytesIO(stamped)).pages}
    assert sizes == {tuple(page.mediabox) for page in PdfReader(io.BytesIO(whole)).pages}
    text = " ".join(" ".join(page) for page in stamped_pages)
    for name in ("Zoé", "Łukasz", "O’Neil"):
        assert name in text
    assert ("page 8 of 8" if language == "en" else "page 8 sur 8") in " ".join(stamped_pages[7])


def test_a_long_name_is_cut_with_an_ellipsis_inside_its_slot():
    night = night_with_schedule(4, names=[LONG, *NAMES[1:]])
    pdf = night_sheets.sheet_pdf(night, "packet", paper="letter")
    pages = PdfReader(io.BytesIO(pdf)).pages[2:]
    cut = [page.extract_text() for page in pages if "Bartholomew" in page.extract_text()]

    assert cut and all("…" in text and "the Third" not in text for text in cut)


def test_the_slots_fit_the_font_s_widths():
    font = stamp._font_name((("DejaVu Sans", "sans-serif"), 700, "normal"))
    lines = stamp.fitted(f"Pair 2 — {LONG}", font, 9.5, 200, 1)
    assert len(lines) == 1 and lines[0].endswith("…")
    assert stamp.fitted("Paire 12", font, 8, 30, 2) == ["Paire", "12"]
    assert stamp.fitted("Pair 1", font, 8, 60, 2) == ["Pair 1"]


def test_a_name_the_font_cannot_draw_is_laid_out_by_weasyprint(renders):
    night = night_with_schedule(4, names=["王小明", *NAMES[1:]])
    pdf = night_sheets.sheet_pdf(night, "packet", paper="letter")

    assert len(renders) == 2 + 3  # the front, the blank sheet, and the pair's three games
    ours, theirs = words_per_page(pdf), words_per_page(laid_out_whole(night, "en"))
    assert [sorted(page) for page in ours] == [sorted(page) for page in theirs]
    assert sum("王小明" in " ".join(page) for page in ours[2:]) == 3


def test_a_sheet_that_differs_in_more_than_its_marks_is_laid_out_whole(monkeypatch):
    night = night_with_schedule(4)
    real = printing_sheets.sheet_words
    monkeypatch.setattr(printing_sheets, "sheet_words", lambda sheet: {**real(sheet), "title": "x"})
    with translation.override("en"):
        parts = printing_sheets.sheet_parts(night, "packet")
    assert [part.stamps for part in parts] == [()]


def test_a_marked_sheet_longer_than_a_page_has_each_sheet_laid_out_whole(monkeypatch):
    night = night_with_schedule(4, names=NAMES)
    # Three times the rows: a score sheet of two pages, no one page to print over.
    grid = printing_sheets.blank_grid.__wrapped__
    monkeypatch.setattr(printing_sheets, "blank_grid", lambda widths, rows: grid(widths, 3 * rows))
    pdf = night_sheets.sheet_pdf(night, "packet", paper="letter")

    ours, theirs = words_per_page(pdf), words_per_page(laid_out_whole(night, "en"))
    assert len(ours) == len(theirs) > 2 + 6  # more than a page a sheet
    assert [sorted(page) for page in ours] == [sorted(page) for page in theirs]
