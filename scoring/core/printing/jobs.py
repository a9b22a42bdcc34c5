"""A sheet's render: the HTML of its parts on one paper (``Job``), laid out part by part,
each part kept on its own, numbered across and joined into one PDF.

A part is kept in the cache every process shares under the digest of its HTML, paper and
page numbers, so a filled packet renders again only the parts a saved hand changed, and
no render lays out more than one part (40 score sheets) at a time. The whole PDF's key
(``Job.key``) is the digest of what it shows and nothing else: a blank packet is the
same after a hand is saved, and is found again under it.

A job whose parts include pages printed from one laid-out page (``Part.stamps``,
``stamp``) lays each part out once, unnumbered, kept under the digest of its HTML and
paper, and numbers every page as it joins them: its key is the digest of its HTML and
every page's words.

A job travels as data (``packed``, ``unpacked``: its HTML, compressed JSON) so that a
worker of the task queue renders exactly what the request that queued it built.
"""

import hashlib
import json
import pickle
import zlib

from django.core.cache import cache

from scoring.core.printing import renderer, stamp
from scoring.core.printing.parts import Part
from scoring.core.printing.renderer import PageNumbers

KEEP_SECONDS = 30 * 24 * 60 * 60  # what a digest names never changes: keep it a month


def digest(*texts: str) -> str:
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()


class Job:
    """A sheet to render: the HTML of its parts on one paper, and the key of the PDF."""

    def __init__(
        self,
        htmls: list[str],
        estimate: list[int],
        paper: str,
        stamps: list[list[dict[str, str]] | None] | None = None,
    ):
        self.htmls, self.estimate, self.paper = htmls, estimate, paper
        self.stamps = stamps or [None] * len(htmls)
        if self.stamped:
            numbered = [*htmls, json.dumps(self.stamps)]
        else:
            numbered = [
                html + (numbers.css() if numbers else "")
                for html, numbers in zip(htmls, self.numbers(estimate), strict=True)
            ]
        self.key = "sheet:" + digest(paper, *numbered)

    @classmethod
    def of(cls, parts: list[Part], paper: str) -> "Job":
        htmls = [
            renderer.sheet_html(
                part.template, part.marked if part.stamps else part.context, paper=paper
            )
            for part in parts
        ]
        stamps = [list(part.stamps) if part.stamps else None for part in parts]
        return cls(htmls, [part.pages for part in parts], paper, stamps)

    @property
    def stamped(self) -> bool:
        """Whether some part's pages are printed from one laid-out page (``stamp``): then
        every part is laid out unnumbered and numbered as they are joined."""
        return any(words is not None for words in self.stamps)

    @property
    def pages(self) -> int:
        return sum(self.estimate)

    def numbers(self, pages: list[int]) -> list[PageNumbers | None]:
        """Page numbers for each part when they have ``pages`` pages each (none needed
        for a sheet rendered whole: WeasyPrint counts its pages itself)."""
        if len(self.htmls) == 1:
            return [None]
        starts = [1]
        for count in pages[:-1]:
            starts.append(starts[-1] + count)
        return [PageNumbers(first, sum(pages)) for first in starts]

    def render(self, progress=lambda done, pages: None) -> bytes:
        """The whole PDF: the parts kept or rendered, numbered across, joined;
        ``progress(done, pages)`` after each part.

        A part's pages are known once it is laid out; if they differ from the guess, the
        total changes and the parts are numbered again (the front at once, being cheap).
        """
        if self.stamped:
            return self._stamped(progress)
        estimate = list(self.estimate)
        while True:
            pdfs, actual = [], []
            for html, numbers in zip(self.htmls, self.numbers(estimate), strict=True):
                rendered = _kept_part(html, self.paper, numbers)
                pdfs.append(rendered.pdf)
                actual.append(rendered.pages)
                progress(sum(actual), sum(estimate))
                if len(actual) == 1 and len(self.htmls) > 1 and actual[0] != estimate[0]:
                    break
            if actual == estimate:
                return pdfs[0] if len(pdfs) == 1 else renderer.join_pdfs(pdfs)
            estimate[: len(actual)] = actual

    def _stamped(self, progress) -> bytes:
        """Each part laid out once, unnumbered (kept), then joined, stamped and numbered
        (``stamp.compose``): the numbers need no part laid out again."""
        parts, done = [], 0
        for html, words in zip(self.htmls, self.stamps, strict=True):
            laid = _kept_layout(html, self.paper)
            parts.append(stamp.Stamped(laid, tuple(words) if words is not None else None, html))
            done += laid.pages if words is None else len(words)
            progress(done, self.pages)
        return stamp.compose(parts, paper=self.paper)

    def packed(self) -> bytes:
        """The job as a worker receives it (HTML compresses some thirtyfold)."""
        data = {
            "htmls": self.htmls,
            "estimate": self.estimate,
            "paper": self.paper,
            "stamps": self.stamps,
        }
        return zlib.compress(json.dumps(data).encode())

    @classmethod
    def unpacked(cls, packed: bytes) -> "Job":
        data = json.loads(zlib.decompress(packed))
        return cls(data["htmls"], data["estimate"], data["paper"], data.get("stamps"))


def _kept_part(html: str, paper: str, numbers: PageNumbers | None) -> renderer.Rendered:
    key = "sheet-part:" + digest(paper, html, numbers.css() if numbers else "")
    return _kept(key, lambda: renderer.html_to_pdf(html, paper=paper, numbers=numbers))


def _kept_layout(html: str, paper: str) -> stamp.Laid:
    return _kept("sheet-layout:" + digest(paper, html), lambda: stamp.lay_out(html, paper=paper))


def _kept(key: str, make):
    """What the cache keeps under ``key``, else ``make()``, kept there."""
    made = readable(key)
    if made is None:
        made = make()
        cache.set(key, made, KEEP_SECONDS)
    return made


def readable(key: str):
    """What the cache keeps under ``key``, or None when it cannot be read back: a part is
    kept as a ``renderer.Rendered``, and one pickled where that class no longer is (kept by
    code laid out otherwise) is rendered again and kept anew, never a failed sheet."""
    try:
        return cache.get(key)
    except (AttributeError, ImportError, pickle.UnpicklingError):
        return None
