"""Printed sheets kept for every worker: rendered once, keyed by what they show.

WeasyPrint lays a page out in about a tenth of a second, so a big sheet is slow: the
packet of a 40-pair night (780 score sheets) takes over a minute. Anyone may ask for it,
so nothing here lets the sheets stall the site:

- A rendered sheet is kept in the cache every worker shares (the database cache named
  in ``CACHES``) under the digest of its HTML and paper, which is what it shows and
  nothing else: a blank packet is the same after a hand is saved and is served again; a
  filled one is not. Nothing kept is ever out of date.
- A sheet is rendered in the parts ``sheets.sheet_parts`` gives, each kept on its own
  and joined into one PDF; page numbers run across the parts. A filled packet renders
  again only the parts a saved hand changed, and no render lays out more than one part
  (40 score sheets) at a time.
- One render of a sheet at a time, whoever asks: the first request takes a lock in the
  cache (``cache.add``: one row insert, which only one worker can win); the others are
  answered that the sheet is being prepared.
- A sheet of more than ``INLINE_PAGES`` pages is rendered in a background thread, one
  such render on the whole site at a time (the render slot, also in the cache); the
  request answers at once with a page that reloads itself until the PDF is kept.
- Each client may start ``RENDERS_PER_CLIENT`` renders per ``RENDER_WINDOW`` seconds
  (``clients.Allowance``); asking for a kept sheet, or one being prepared, is free.

A sheet is in the night's language (``Night.sheet_language``) or the one asked for,
whatever the screen's: it is rendered in that language and kept under it.

A night's sheet is found again without building its HTML through the night's
``updated_at``, which every write moves (``services.mark_night_changed``): the night as it is now
names the digest last built for it. So a kept sheet is served in a few milliseconds,
and its HTML is built once per change of the night (then a blank packet is found kept
under its digest and is not rendered again).

Locks carry the render's progress and are refreshed after every part, so a render that
died (its worker killed) frees its lock and slot ``LOCK_SECONDS`` after its last part.
"""

import hashlib
import logging
import threading
from dataclasses import dataclass
from weakref import WeakSet

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.utils import translation

from scoring import printing, sheets
from scoring.clients import Allowance
from scoring.printing import PageNumbers

KEEP_SECONDS = 30 * 24 * 60 * 60  # what a digest names never changes: keep it a month
LOCK_SECONDS = 120
INLINE_PAGES = 30
RENDERS_PER_CLIENT = 10
RENDER_WINDOW = 10 * 60
SLOT = "sheet-slot"
LOCK = ":lock"

renders = Allowance("sheet-render", limit=RENDERS_PER_CLIENT, seconds=RENDER_WINDOW)
logger = logging.getLogger(__name__)
_background: WeakSet[threading.Thread] = WeakSet()


def _digest(*texts: str) -> str:
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()


@dataclass(frozen=True)
class Ready:
    pdf: bytes


@dataclass(frozen=True)
class Preparing:
    """The sheet is being rendered (``done`` of ``pages`` laid out) or waits its turn."""

    pages: int
    done: int = 0
    waiting: bool = False


@dataclass(frozen=True)
class Refused:
    """The client started too many renders lately; it may ask again in ``seconds``."""

    seconds: int


class Job:
    """A sheet to render: its parts on one paper, and the key of the whole PDF."""

    def __init__(self, parts: list[sheets.Part], paper: str):
        self.parts, self.paper = parts, paper
        self.htmls = [
            printing.sheet_html(part.template, part.context, paper=paper) for part in parts
        ]
        self.estimate = [part.pages for part in parts]
        numbered = [
            html + (numbers.css() if numbers else "")
            for html, numbers in zip(self.htmls, self.numbers(self.estimate), strict=True)
        ]
        self.key = "sheet:" + _digest(paper, *numbered)
        self.lock = self.key + LOCK

    @property
    def pages(self) -> int:
        return sum(self.estimate)

    def numbers(self, pages: list[int]) -> list[PageNumbers | None]:
        """Page numbers for each part when they have ``pages`` pages each (none needed
        for a sheet rendered whole: WeasyPrint counts its pages itself)."""
        if len(self.parts) == 1:
            return [None]
        starts = [1]
        for count in pages[:-1]:
            starts.append(starts[-1] + count)
        return [PageNumbers(first, sum(pages)) for first in starts]

    def render(self, progress=lambda done, pages: None) -> bytes:
        """The whole PDF: the parts kept or rendered, numbered across, joined.

        A part's pages are known once it is laid out; if they differ from the guess, the
        total changes and the parts are numbered again (the front at once, being cheap).
        """
        estimate = list(self.estimate)
        while True:
            pdfs, actual = [], []
            for html, numbers in zip(self.htmls, self.numbers(estimate), strict=True):
                rendered = _kept_part(html, self.paper, numbers)
                pdfs.append(rendered.pdf)
                actual.append(rendered.pages)
                progress(sum(actual), sum(estimate))
                if len(actual) == 1 and len(self.parts) > 1 and actual[0] != estimate[0]:
                    break
            if actual == estimate:
                return pdfs[0] if len(pdfs) == 1 else printing.join_pdfs(pdfs)
            estimate[: len(actual)] = actual


def _kept_part(html: str, paper: str, numbers: PageNumbers | None) -> printing.Rendered:
    key = "sheet-part:" + _digest(paper, html, numbers.css() if numbers else "")
    rendered = cache.get(key)
    if rendered is None:
        rendered = printing.html_to_pdf(html, paper=paper, numbers=numbers)
        cache.set(key, rendered, KEEP_SECONDS)
    return rendered


def _as_of(night, sheet: str, paper: str, filled: bool) -> str:
    """The key under which the night, as it is now, names its sheet's digest."""
    language = translation.get_language()
    version = f"{night.pk}:{night.updated_at.timestamp()}:{settings.CLUB_NAME}:{language}"
    return f"sheet-of:{_digest(version, sheet, paper, str(filled))}"


def _render_job(night, sheet: str, paper: str, filled: bool) -> Job:
    job = Job(sheets.sheet_parts(night, sheet, filled=filled), paper)
    cache.set(_as_of(night, sheet, paper, filled), job.key, KEEP_SECONDS)
    return job


def sheet_pdf(night, sheet: str, *, paper: str, filled: bool = False, language=None) -> bytes:
    """The sheet as PDF, kept or rendered now whatever its size (``print_night``), in
    ``language`` if the site has it, else the night's."""
    with translation.override(sheets.sheet_language(night, language)):
        return _sheet_pdf(night, sheet, paper, filled)


def _sheet_pdf(night, sheet: str, paper: str, filled: bool) -> bytes:
    known = cache.get(_as_of(night, sheet, paper, filled))
    pdf = cache.get(known) if known else None
    if pdf is not None:
        return pdf
    job = _render_job(night, sheet, paper, filled)
    pdf = cache.get(job.key)
    if pdf is None:
        pdf = job.render()
        cache.set(job.key, pdf, KEEP_SECONDS)
    return pdf


def request_pdf(night, sheet: str, *, paper: str, filled: bool, client: str, language=None):
    """What a request for the sheet gets: ``Ready``, ``Preparing`` or ``Refused``; the
    sheet in ``language`` if the site has it, else in the night's."""
    with translation.override(sheets.sheet_language(night, language)):
        return _request_pdf(night, sheet, paper, filled, client)


def _request_pdf(night, sheet: str, paper: str, filled: bool, client: str):
    known = cache.get(_as_of(night, sheet, paper, filled))
    if known is not None:
        found = _kept_or_preparing(known)
        if found is not None:
            return found
    job = _render_job(night, sheet, paper, filled)
    found = _kept_or_preparing(job.key)
    if found is not None:
        return found
    if renders.used_up(client):
        return Refused(RENDER_WINDOW)
    if job.pages <= INLINE_PAGES:
        return _render_now(job, client)
    return _render_in_background(job, client)


def _kept_or_preparing(key: str) -> Ready | Preparing | None:
    """The sheet under ``key`` if it is kept, or that it is being rendered."""
    found = cache.get_many([key, key + LOCK])
    if key in found:
        return Ready(found[key])
    if key + LOCK in found:
        return Preparing(**found[key + LOCK])
    return None


def _render_now(job: Job, client: str):
    if not cache.add(job.lock, {"pages": job.pages}, LOCK_SECONDS):
        return Preparing(job.pages)
    renders.use(client)
    try:
        pdf = job.render()
        cache.set(job.key, pdf, KEEP_SECONDS)
    finally:
        cache.delete(job.lock)
    return Ready(pdf)


def _render_in_background(job: Job, client: str):
    if not cache.add(SLOT, job.key, LOCK_SECONDS):
        return Preparing(job.pages, waiting=True)
    if not cache.add(job.lock, {"pages": job.pages}, LOCK_SECONDS):
        cache.delete(SLOT)
        return Preparing(job.pages)
    renders.use(client)
    thread = threading.Thread(target=_background_render, args=(job,), daemon=True)
    _background.add(thread)
    thread.start()
    return Preparing(job.pages)


def _background_render(job: Job) -> None:
    def progress(done: int, pages: int) -> None:
        cache.set(job.lock, {"pages": pages, "done": done}, LOCK_SECONDS)
        cache.set(SLOT, job.key, LOCK_SECONDS)

    try:
        cache.set(job.key, job.render(progress), KEEP_SECONDS)
    except Exception:
        logger.exception("Rendering %s in the background failed", job.key)
    finally:
        cache.delete(job.lock)
        cache.delete(SLOT)
        connections.close_all()  # this thread's own database connections


def wait_for_background(timeout: float | None = None) -> None:
    """Wait for this process's background renders to end (tests, ``make bench``)."""
    for thread in list(_background):
        thread.join(timeout)
