"""Printed sheets: a template (``templates/scoring/<feature>/``, on
``scoring/printing/base.html``) rendered to HTML, then to PDF.

The one place that calls WeasyPrint (and pypdf, which joins a sheet rendered in parts).
The print stylesheet is a static file, ``scoring/print.css``, the same for every sheet:
it is parsed once per paper size and process, and one font configuration serves every
render; both cost more than laying out a small sheet. The night's title and the sheet's
kind reach the page margins as CSS running elements. The HTML is also served as a
preview, which links the same stylesheet (no inline style: the site's CSP refuses it).

WeasyPrint and pypdf are imported on first use, not with this module: loading them
costs about half a second, which every ``manage.py`` command and every server process
would otherwise pay at start, printing or not.

One render at a time in a process (``_LAYING_OUT``): Pango, under WeasyPrint, is not
safe in threads, and two sheets laid out at once by a threaded server's requests on its
one font configuration can corrupt its memory and abort the process, dropping every
request it held. Layout is Python holding the GIL anyway, so the lock costs little; other
processes still render beside it.
"""

import gc
import io
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.templatetags.static import static

PAPERS = {"letter": "letter", "a4": "A4"}
DEFAULT_PAPER = "letter"
STYLESHEET = "scoring/print.css"


def paper_or_default(value) -> str:
    """A known paper name from a setting or ``?paper=``; anything else is Letter."""
    return value if value in PAPERS else DEFAULT_PAPER


@dataclass(frozen=True)
class PageNumbers:
    """Where a part of a sheet starts and how many pages the whole sheet has, for the
    page numbers in its margin ("page 203 of 784") when it is rendered on its own; the
    words are the sheet's own (its language), as in ``print.css``."""

    first: int
    total: int

    def css(self) -> str:
        return (
            '@page { @bottom-right { content: string(page-word) " " counter(page) " "'
            f' string(page-of) " {self.total}"; }} }}'
            f"@page :first {{ counter-reset: page {self.first}; }}"
        )


@dataclass(frozen=True)
class Rendered:
    pdf: bytes
    pages: int
    read: object = None  # what ``read`` took from the laid-out document, if asked


_LAYING_OUT = threading.Lock()


@cache
def _fonts():
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


@cache
def _stylesheet(paper: str):
    from weasyprint import CSS

    with open(finders.find(STYLESHEET), encoding="utf-8") as css:
        text = css.read()
    return CSS(string=f"{text}\n@page {{ size: {PAPERS[paper]}; }}", font_config=_fonts())


def render_html(template: str, context: dict, *, paper: str = DEFAULT_PAPER) -> str:
    """The sheet as an HTML page linking the print stylesheet (for previews)."""
    return render_to_string(template, {**context, "paper": paper, "stylesheet": static(STYLESHEET)})


def sheet_html(template: str, context: dict, *, paper: str = DEFAULT_PAPER) -> str:
    """The HTML WeasyPrint lays out: the stylesheet is handed to it, not linked."""
    return render_to_string(template, {**context, "paper": paper})


def render_pdf(template: str, context: dict, *, paper: str = DEFAULT_PAPER) -> bytes:
    """The sheet as PDF bytes."""
    return html_to_pdf(sheet_html(template, context, paper=paper), paper=paper).pdf


def html_to_pdf(
    html: str,
    *,
    paper: str = DEFAULT_PAPER,
    numbers: PageNumbers | None = None,
    extra_css: str = "",
    read=None,
) -> Rendered:
    """``html`` as PDF, with ``extra_css`` after the print stylesheet; ``read(document)``
    reads what it needs of WeasyPrint's laid-out document (``stamp``: where its words
    go) while it is at hand."""
    from weasyprint import CSS, HTML

    with _LAYING_OUT, _cycle_collector_paused():
        stylesheets = [_stylesheet(paper)]
        for css in (numbers.css() if numbers is not None else "", extra_css):
            if css:
                stylesheets.append(CSS(string=css, font_config=_fonts()))
        document = HTML(string=html).render(stylesheets=stylesheets, font_config=_fonts())
        taken = read(document) if read is not None else None
        return Rendered(document.write_pdf(), len(document.pages), taken)


@contextmanager
def _cycle_collector_paused():
    """Python's cycle collector paused while WeasyPrint lays a document out and writes it:
    it makes hundreds of thousands of objects, and each collection meanwhile would walk
    them all again (a 40-pair night's pair cards: 2.7 s with it, 2.4 s without). It runs
    as usual again once the document is written."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def page_number_words(page_word: str, of: str, page: int, total: int) -> str:
    """ "page 2 of 5" in the sheet's words, as ``print.css`` and ``PageNumbers`` put it."""
    return f"{page_word} {page} {of} {total}"


def join_pdfs(parts: list[bytes]) -> bytes:
    """One PDF of ``parts``' pages in order."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(part))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
