"""Printed sheets: a template under ``templates/print/`` rendered to HTML, then to PDF.

The one place that calls WeasyPrint. The print stylesheet is the same for every sheet of
a paper size, so it is parsed once per process, and one font configuration serves every
render: both cost more than laying out a small sheet. The night's title and the sheet's
kind reach the page margins as CSS running elements. The HTML is also served as a preview.
"""

from functools import cache

from django.template.loader import render_to_string
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

PAPERS = {"letter": "letter", "a4": "A4"}
DEFAULT_PAPER = "letter"


def paper_or_default(value) -> str:
    """A known paper name from a setting or ``?paper=``; anything else is Letter."""
    return value if value in PAPERS else DEFAULT_PAPER


@cache
def _fonts() -> FontConfiguration:
    return FontConfiguration()


@cache
def _stylesheet(paper: str) -> CSS:
    css = render_to_string("print/sheet.css", {"page_size": PAPERS[paper]})
    return CSS(string=css, font_config=_fonts())


def render_html(template: str, context: dict, *, paper: str = DEFAULT_PAPER) -> str:
    """The sheet as an HTML page, with the print stylesheet inline (for previews)."""
    return render_to_string(
        template, {**context, "paper": paper, "inline_css": _stylesheet_text(paper)}
    )


@cache
def _stylesheet_text(paper: str) -> str:
    return render_to_string("print/sheet.css", {"page_size": PAPERS[paper]})


def render_pdf(template: str, context: dict, *, paper: str = DEFAULT_PAPER) -> bytes:
    """The sheet as PDF bytes."""
    html = render_to_string(template, {**context, "paper": paper, "inline_css": ""})
    return html_to_pdf(html, paper=paper)


def html_to_pdf(html: str, *, paper: str = DEFAULT_PAPER) -> bytes:
    return HTML(string=html).write_pdf(stylesheets=[_stylesheet(paper)], font_config=_fonts())
