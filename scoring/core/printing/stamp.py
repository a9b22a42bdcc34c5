"""A sheet of many pages that differ only in a few words, printed in the time of a few:
its page laid out once by WeasyPrint, then each page that one blank page (a form XObject
every page shares) with its own words drawn over it.

WeasyPrint lays out a page in some 50 ms and no page in under 6 ms, so the 780 blank
score sheets of a 40-pair night's packet cannot be laid out one by one in seconds; they
are the same sheet but for a few words (its round and table, its pairs' numbers and
names, its page number). Here:

- A *slot* is an element of a template marked ``data-slot``: the one place a page's own
  words go, in a box whose size does not depend on them (``print.css``, ``.slot``). Its
  text is the same on every page but for *marks* (``mark("a")``), which each page's
  *words* (``{"a": "3", ...}``) fill in.
- ``lay_out`` renders a document with its slots and page numbers hidden (laid out, not
  drawn) and reads from WeasyPrint's laid-out boxes where each slot is: its box, its
  first baseline, its font, size, colour and alignment (``Slot``).
- ``compose`` joins laid-out parts into one PDF: a part laid out whole (the packet's
  draw sheet) is its own pages; a stamped part is its one page once for each page's
  words. Over every page go its words and its page number ("page 3 of 787", in the
  sheet's words), as real text in the font WeasyPrint used (found through fontconfig),
  cut with an ellipsis where it would overflow its slot, as the stylesheet cuts it.
  A page whose words the font cannot draw (a script DejaVu lacks) is laid out by
  WeasyPrint instead, with its fallback fonts, and so is every page of a part whose
  marked page does not fit on one page.

Nothing here knows what a sheet says: the words come from the template and its context
(``printing.sheets``); this module only places them. It must not be used for a page
whose layout depends on its words: the caller checks that its marks are all that differ.
"""

import html as html_escape
import io
import re
import subprocess
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from scoring.core.printing import renderer

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"  # private-use characters: no text has them
ELLIPSIS = "…"
PX = 0.75  # a CSS pixel in PDF points
# Laid out, not drawn: the page numbers, and the words that differ from page to page.
NUMBERS_HIDDEN = "@page { @bottom-right { visibility: hidden } }"
HIDDEN = "[data-slot] { visibility: hidden } " + NUMBERS_HIDDEN


def mark(name: str) -> str:
    """The mark a page's word ``name`` fills in."""
    return f"{MARK_OPEN}{name}{MARK_CLOSE}"


def fill(text: str, words: dict[str, str]) -> str:
    """``text`` with each mark replaced by its word."""
    for name, word in words.items():
        text = text.replace(mark(name), word)
    return text


@dataclass(frozen=True)
class Slot:
    """Where a slot's text goes on the page, in PDF points from the page's bottom left:
    its box ``left`` to ``left + width``, the first line's ``baseline``, ``lines`` lines
    at most, ``leading`` apart."""

    pattern: str
    left: float
    width: float
    baseline: float
    lines: int
    leading: float
    align: str
    font: tuple[tuple[str, ...], int, str]  # CSS family, weight, style: ``font_file``'s
    size: float
    color: tuple[float, float, float]


@dataclass(frozen=True)
class Laid:
    """A part laid out with its slots and page number hidden: its PDF, its slots (those
    of its first page), and where and in what words its page numbers go."""

    pdf: bytes
    pages: int
    size: tuple[float, float]
    slots: tuple[Slot, ...]
    number: Slot | None
    page_words: tuple[str, str]


def lay_out(html: str, *, paper: str, words_shown: bool = False) -> Laid:
    """``html`` laid out by WeasyPrint, its page numbers hidden, and its slots unless
    ``words_shown`` (a page laid out whole)."""
    hidden = NUMBERS_HIDDEN if words_shown else HIDDEN
    rendered = renderer.html_to_pdf(html, paper=paper, extra_css=hidden, read=_places)
    size, slots, number, words = rendered.read
    return Laid(rendered.pdf, rendered.pages, size, slots, number, words)


def _places(document):
    """Where the first page's slots and page number are, and the page numbers' words."""
    first = document.pages[0]._page_box
    height = first.margin_height() * PX
    slots, seen, number, words = [], set(), None, ("", "")
    for box in first.descendants():
        element = getattr(box, "element", None)
        if box.element_tag == "body" and element is not None:
            words = (element.get("data-page", ""), element.get("data-of", ""))
        named = element is not None and element.get("data-slot")
        if named and _is_container(box) and id(element) not in seen:
            seen.add(id(element))
            slot = _slot(box, height, "".join(element.itertext()))
            if slot is not None:
                slots.append(slot)
        if getattr(box, "at_keyword", None) == "@bottom-right":
            number = _number(_slot(box, height, ""))
    return (first.margin_width() * PX, height), tuple(slots), number, words


def _number(slot: Slot | None) -> Slot | None:
    """The page number's slot: its box is as wide as the number laid out; a longer one
    grows leftwards into the empty margin, as the box would (it is right-aligned), uncut."""
    if slot is None:
        return None
    right = slot.left + slot.width
    return replace(slot, lines=1, left=right / 2, width=right / 2)


def _is_container(box) -> bool:
    from weasyprint.formatting_structure import boxes

    return isinstance(box, boxes.BlockContainerBox)


def _slot(box, page_height: float, pattern: str) -> Slot | None:
    """The slot of the block ``box`` (its first line's place and font), None when
    nothing of it was laid out."""
    from weasyprint.formatting_structure import boxes

    line = next((child for child in box.descendants() if isinstance(child, boxes.LineBox)), None)
    text = next((child for child in box.descendants() if isinstance(child, boxes.TextBox)), None)
    if line is None or text is None:
        return None
    style = text.style
    red, green, blue, _ = style["color"].to("srgb")
    leading = line.height * PX
    return Slot(
        # White space collapsed as CSS does it: a no-break space stays ("paire 1 :").
        pattern=re.sub(r"[ \t\n\r\f]+", " ", pattern).strip(),
        left=box.content_box_x() * PX,
        width=box.width * PX,
        baseline=page_height - (text.position_y + text.baseline) * PX,
        lines=_lines(box, line),
        leading=leading,
        align={"start": "left", "end": "right", "justify": "left"}.get(
            style["text_align_all"], style["text_align_all"]
        ),
        font=(tuple(style["font_family"]), style["font_weight"], style["font_style"]),
        size=style["font_size"] * PX,
        color=(red, green, blue),
    )


def _lines(box, line) -> int:
    """How many lines the slot's box holds: one when it does not wrap."""
    if box.style["white_space"] in ("nowrap", "pre") or not box.height:
        return 1
    return max(1, int(box.height / line.height + 0.01))


@cache
def font_file(families: tuple[str, ...], weight: int, style: str) -> str:
    """The font file fontconfig gives for the CSS font (the one Pango draws with)."""
    pattern = ",".join(families) + (":weight=bold" if weight >= 600 else ":weight=regular")
    if style != "normal":
        pattern += ":slant=italic"
    found = subprocess.run(
        ["fc-match", "--format=%{file}", pattern], capture_output=True, text=True, check=True
    )
    return found.stdout.strip()


@cache
def _font_name(font: tuple[tuple[str, ...], int, str]) -> str:
    """The font's name for reportlab, registered once per process from its file (found
    where the page is drawn: a laid-out part may be kept by another machine)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    path = font_file(*font)
    name = f"F{len(pdfmetrics.getRegisteredFontNames())}-{path.rsplit('/', 1)[-1]}"
    pdfmetrics.registerFont(TTFont(name, path))
    return name


@lru_cache(maxsize=4096)
def _drawable(font: str, text: str) -> bool:
    from reportlab.pdfbase import pdfmetrics

    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    return all(ord(char) in glyphs or char.isspace() for char in text)


def fitted(text: str, font: str, size: float, width: float, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` points, broken between words
    and, where it still runs over, cut with an ellipsis (as ``text-overflow`` does)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def fits(line: str) -> bool:
        return stringWidth(line, font, size) <= width

    out, rest = [], text.split(" ")
    while rest and len(out) < lines - 1:
        line = rest.pop(0)
        while rest and fits(f"{line} {rest[0]}"):
            line += " " + rest.pop(0)
        out.append(line)
    last = " ".join(rest)
    if last and not fits(last):
        while last and not fits(last.rstrip() + ELLIPSIS):
            last = last[:-1]
        last = last.rstrip() + ELLIPSIS
    return [*out, last] if last else out


def _text(canvas, slot: Slot, text: str):
    """The text object that draws ``text`` in ``slot``: made once for each slot and
    text, drawn on every page that says it (``Canvas.drawText`` only adds its code)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = _font_name(slot.font)
    drawn = canvas.beginText()
    drawn.setFont(font, slot.size)
    drawn.setFillColorRGB(*slot.color)
    for row, line in enumerate(fitted(text, font, slot.size, slot.width, slot.lines)):
        x = slot.left
        if slot.align in ("center", "right"):
            room = slot.width - stringWidth(line, font, slot.size)
            x += room / 2 if slot.align == "center" else room
        drawn.setTextOrigin(x, slot.baseline - row * slot.leading)
        drawn.textOut(line)
    return drawn


@dataclass(frozen=True)
class Stamped:
    """A part of ``compose``: laid out whole (``words`` None), or its one page printed
    once for each page's words, from ``html`` (its marked document, for a page the font
    cannot draw)."""

    laid: Laid
    words: tuple[dict[str, str], ...] | None = None
    html: str = ""


def _drawable_words(laid: Laid, words: dict[str, str]) -> bool:
    return all(_drawable(_font_name(slot.font), fill(slot.pattern, words)) for slot in laid.slots)


def compose(parts: list[Stamped], *, paper: str) -> bytes:
    """The parts' pages in order, numbered across, each stamped part's page printed
    with each page's words."""
    pages = _pages(parts, paper)
    return _underlaid(_overlay(pages), pages)


def _pages(parts: list[Stamped], paper: str) -> list[tuple[Laid, int, dict | None]]:
    """Each page: the laid-out part it is taken from, its page there, its words (None:
    the page as laid out)."""
    pages = []
    for part in parts:
        if part.words is None:
            pages += [(part.laid, index, None) for index in range(part.laid.pages)]
            continue
        for words in part.words:
            # One page to print each game's words over, else each page laid out whole.
            if part.laid.pages == 1 and _drawable_words(part.laid, words):
                pages.append((part.laid, 0, words))
            else:
                escaped = {name: html_escape.escape(word) for name, word in words.items()}
                whole = lay_out(fill(part.html, escaped), paper=paper, words_shown=True)
                pages += [(whole, index, None) for index in range(whole.pages)]
    return pages


def _overlay(pages) -> bytes:
    """A PDF of each page's words and number alone."""
    from reportlab.pdfgen.canvas import Canvas

    overlay = io.BytesIO()
    # Uncompressed: pikepdf compresses the streams as it saves, faster.
    canvas = Canvas(overlay, pageCompression=0)
    texts = {}

    def draw(slot: Slot, text: str) -> None:
        if (slot, text) not in texts:
            texts[slot, text] = _text(canvas, slot, text)
        canvas.drawText(texts[slot, text])

    for number, (laid, _, words) in enumerate(pages, start=1):
        canvas.setPageSize(laid.size)
        for slot in laid.slots if words is not None else ():
            draw(slot, fill(slot.pattern, words))
        if laid.number is not None:
            page_word, of = laid.page_words
            draw(laid.number, renderer.page_number_words(page_word, of, number, len(pages)))
        canvas.showPage()
    canvas.save()
    return overlay.getvalue()


def _underlaid(overlay: bytes, pages) -> bytes:
    """The overlay's pages, each over its laid-out page: a stamped part's one page is
    one form XObject that all its pages draw."""
    import pikepdf

    out = pikepdf.Pdf.open(io.BytesIO(overlay))
    sources, forms = {}, {}
    for page, (laid, index, words) in zip(out.pages, pages, strict=True):
        if id(laid) not in sources:
            sources[id(laid)] = pikepdf.Pdf.open(io.BytesIO(laid.pdf))
        key = (id(laid), index)
        if key not in forms or words is None:
            form = sources[id(laid)].pages[index].as_form_xobject()
            forms[key] = out.copy_foreign(form)
        page.add_underlay(forms[key])
    result = io.BytesIO()
    out.save(result)
    return result.getvalue()
