"""Printed sheets kept for every worker: rendered once, keyed by what they show.

WeasyPrint lays a page out in about a tenth of a second, so a big sheet is slow: the
packet of a 40-pair night (780 score sheets) takes over a minute. Anyone may ask for the
public ones, so nothing here lets the sheets stall the site:

- A rendered sheet is kept in the cache every worker shares (the database cache named
  in ``CACHES``) under the digest of its HTML and paper, which is what it shows and
  nothing else: a blank packet is the same after a hand is saved and is served again; a
  filled one is not. Nothing kept is ever out of date.
- A sheet is found again without building its HTML: what it is made of as it is now (a
  night's or table's ``updated_at``, which every write moves; the sheet, paper and
  language; ``Sheet.version``) names the digest last built for it. A kept sheet is
  served in a few milliseconds, and its HTML is built once per change, then found kept
  under its digest when what it shows did not change (the table cards after a hand).
  Sheets that print the same filled or blank are one sheet (``printing.sheets.FILLED``).
- A sheet is rendered in the parts ``printing.sheets.sheet_parts`` gives, each kept on its own
  and joined into one PDF; page numbers run across the parts. A filled packet renders
  again only the parts a saved hand changed, and no render lays out more than one part
  (40 score sheets) at a time.
- Each client (``core.http.clients.client_key``) may have ``RENDERS_PER_CLIENT`` sheets rendered
  per ``RENDER_WINDOW`` seconds (``core.http.clients.Allowance``): checked before a sheet's HTML
  is built, and counted when a render starts. Asking for a kept sheet, or one being
  prepared, is free. A preview (the sheet as HTML) is kept and counted the same way.
- One build and one render of a sheet at a time, whoever asks: the first request takes
  a lock (``core.http.limits``, which every process shares and nothing evicts); the others
  are answered that the sheet is being prepared.
- ``RENDER_SLOTS`` renders at once on the whole site: the other threads of gunicorn stay
  free for the pages, whoever asks for sheets. A sheet of more than ``INLINE_PAGES``
  pages is rendered in a background thread, and only in the first slot (one big render
  at a time); the request answers at once with a page that reloads itself until the PDF
  is kept. A render that finds no slot free *waits*: its HTML is kept beside its digest,
  so that the page's reloads cost a few lookups and the first reload to find a slot
  free starts it without building anything again.

A sheet is in the night's language (``Night.sheet_language``) or the one asked for,
whatever the screen's: it is rendered in that language and kept under it.

Locks carry the render's progress and are refreshed after every part, so a render that
died (its worker killed) frees its lock and slot ``LOCK_SECONDS`` after its last part.
"""

import hashlib
import logging
import pickle
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from weakref import WeakSet

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.utils import translation

from scoring.core.http import limits
from scoring.core.http.clients import Allowance
from scoring.core.printing import renderer
from scoring.core.printing.parts import Part
from scoring.core.printing.renderer import PageNumbers

KEEP_SECONDS = 30 * 24 * 60 * 60  # what a digest names never changes: keep it a month
LOCK_SECONDS = 120
WAIT_SECONDS = 30 * 60  # how long a render waiting for a slot stays ready to start
INLINE_PAGES = 30
RENDERS_PER_CLIENT = 10
RENDER_WINDOW = 10 * 60
# Renders at once on the whole site; big sheets take the first alone.
RENDER_SLOTS = ("render-slot-1", "render-slot-2")
LOCK = ":lock"
WAITING = ":waiting"  # a render's pages while it waits for a slot; its HTML under JOB
JOB = ":job"
PREVIEW = ":preview"

renders = Allowance("sheet-render", limit=RENDERS_PER_CLIENT, seconds=RENDER_WINDOW)
logger = logging.getLogger(__name__)
_background: WeakSet[threading.Thread] = WeakSet()


def _digest(*texts: str) -> str:
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()


@dataclass(frozen=True)
class Ready:
    pdf: bytes


@dataclass(frozen=True)
class Preview:
    html: str


@dataclass(frozen=True)
class Preparing:
    """The sheet is being built or rendered (``done`` of ``pages`` laid out; ``pages``
    0 while unknown), or waits for a render slot."""

    pages: int = 0
    done: int = 0
    waiting: bool = False


@dataclass(frozen=True)
class Refused:
    """The client started too many renders lately; it may ask again in ``seconds``."""

    seconds: int


class Job:
    """A sheet to render: the HTML of its parts on one paper, and the key of the PDF."""

    def __init__(self, htmls: list[str], estimate: list[int], paper: str):
        self.htmls, self.estimate, self.paper = htmls, estimate, paper
        numbered = [
            html + (numbers.css() if numbers else "")
            for html, numbers in zip(htmls, self.numbers(estimate), strict=True)
        ]
        self.key = "sheet:" + _digest(paper, *numbered)
        self.lock = self.key + LOCK

    @classmethod
    def of(cls, parts: list[Part], paper: str) -> "Job":
        htmls = [renderer.sheet_html(part.template, part.context, paper=paper) for part in parts]
        return cls(htmls, [part.pages for part in parts], paper)

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
                if len(actual) == 1 and len(self.htmls) > 1 and actual[0] != estimate[0]:
                    break
            if actual == estimate:
                return pdfs[0] if len(pdfs) == 1 else renderer.join_pdfs(pdfs)
            estimate[: len(actual)] = actual

    def packed(self) -> bytes:
        """The job as kept while it waits for a slot (HTML compresses tenfold)."""
        return zlib.compress(pickle.dumps((self.htmls, self.estimate, self.paper)))

    @classmethod
    def unpacked(cls, packed: bytes) -> "Job":
        return cls(*pickle.loads(zlib.decompress(packed)))


@dataclass(frozen=True)
class Sheet:
    """A sheet as asked for: ``version`` names what it is made of as it is now, and
    ``parts`` and ``preview`` build it (its PDF's parts, its HTML page), in ``language``."""

    version: str
    paper: str
    language: str
    parts: Callable[[], list[Part]]
    preview: Callable[[], str]

    @property
    def as_of(self) -> str:
        """The key under which the sheet as it is now names its digest."""
        named = (self.version, self.paper, self.language, settings.CLUB_NAME)
        return "sheet-of:" + _digest(*named)

    def job(self) -> Job:
        with translation.override(self.language):
            return Job.of(self.parts(), self.paper)

    def html(self) -> str:
        with translation.override(self.language):
            return self.preview()


def _kept_part(html: str, paper: str, numbers: PageNumbers | None) -> renderer.Rendered:
    key = "sheet-part:" + _digest(paper, html, numbers.css() if numbers else "")
    rendered = _readable(key)
    if rendered is None:
        rendered = renderer.html_to_pdf(html, paper=paper, numbers=numbers)
        cache.set(key, rendered, KEEP_SECONDS)
    return rendered


def _readable(key: str):
    """What the cache keeps under ``key``, or None when it cannot be read back: a part is
    kept as a ``renderer.Rendered``, and one pickled where that class no longer is (kept by
    code laid out otherwise) is rendered again and kept anew, never a failed sheet."""
    try:
        return cache.get(key)
    except (AttributeError, ImportError, pickle.UnpicklingError):
        return None


def _built(sheet: Sheet) -> Job:
    job = sheet.job()
    cache.set(sheet.as_of, {"key": job.key, "pages": job.pages}, KEEP_SECONDS)
    return job


def pdf_now(sheet: Sheet) -> bytes:
    """The sheet as PDF, kept or rendered now: no lock, no limit, no waiting."""
    known = cache.get(sheet.as_of)
    pdf = cache.get(known["key"]) if known else None
    if pdf is not None:
        return pdf
    job = _built(sheet)
    pdf = cache.get(job.key)
    if pdf is None:
        pdf = job.render()
        cache.set(job.key, pdf, KEEP_SECONDS)
    return pdf


def request(sheet: Sheet, client: str) -> Ready | Preparing | Refused:
    """What a request for the sheet as PDF gets: ``Ready``, ``Preparing`` or ``Refused``."""
    known = cache.get(sheet.as_of)
    if known is not None:
        found = _kept_or_preparing(known["key"]) or _waiting(known["key"])
        if found is not None:
            return found
    if renders.used_up(client):
        return Refused(RENDER_WINDOW)
    building = limits.acquire(sheet.as_of + LOCK, LOCK_SECONDS)
    if building is None:
        return Preparing(known["pages"] if known else 0)
    try:
        job = _built(sheet)
    finally:
        building.release()
    return _kept_or_preparing(job.key) or _waiting(job.key) or _start(job, client)


def request_preview(sheet: Sheet, client: str) -> Preview | Preparing | Refused:
    """What a request for the sheet as HTML gets: built once per change and kept, one
    build at a time, each counted against the client's renders."""
    key = sheet.as_of + PREVIEW
    html = cache.get(key)
    if html is not None:
        return Preview(html)
    building = limits.acquire(key + LOCK, LOCK_SECONDS)
    if building is None:
        return Preparing()
    try:
        if not renders.take(client):
            return Refused(RENDER_WINDOW)
        html = sheet.html()
        cache.set(key, html, KEEP_SECONDS)
    finally:
        building.release()
    return Preview(html)


def _kept_or_preparing(key: str) -> Ready | Preparing | None:
    """The sheet under ``key`` if it is kept, or that it is being rendered."""
    pdf = cache.get(key)
    if pdf is not None:
        return Ready(pdf)
    rendering = limits.holder(key + LOCK)
    return Preparing(**rendering) if rendering is not None else None


def _start(job: Job, client: str):
    """Render ``job`` for ``client`` if it may have one more and nobody renders it."""
    lock = limits.acquire(job.lock, LOCK_SECONDS, pages=job.pages)
    if lock is None:
        return _kept_or_preparing(job.key) or Preparing(job.pages)
    if not renders.take(client):
        lock.release()
        return Refused(RENDER_WINDOW)
    slot = _slot(job.pages)
    if slot is None:
        cache.set_many({job.key + JOB: job.packed(), job.key + WAITING: job.pages}, WAIT_SECONDS)
        lock.release()
        return Preparing(job.pages, waiting=True)
    return _render(job, lock, slot)


def _waiting(key: str) -> Ready | Preparing | None:
    """A render that waited for a slot: started if one is free now (from its kept HTML),
    else said to wait; None if nothing waits under ``key``."""
    pages = cache.get(key + WAITING)
    if pages is None:
        return None
    lock = limits.acquire(key + LOCK, LOCK_SECONDS, pages=pages)
    if lock is None:
        return _kept_or_preparing(key) or Preparing(pages)
    slot = _slot(pages)
    if slot is None:
        lock.release()
        return Preparing(pages, waiting=True)
    packed = cache.get(key + JOB)
    cache.delete_many([key + WAITING, key + JOB])
    if packed is None:  # dropped from the cache: built again
        slot.release()
        lock.release()
        return None
    return _render(Job.unpacked(packed), lock, slot)


def _slot(pages: int) -> limits.Lock | None:
    """A render slot for a sheet of ``pages``: big ones take the first alone, small ones
    the others first."""
    big = pages > INLINE_PAGES
    for name in RENDER_SLOTS[:1] if big else reversed(RENDER_SLOTS):
        slot = limits.acquire(name, LOCK_SECONDS, pages=pages)
        if slot is not None:
            return slot
    return None


def _render(job: Job, lock: limits.Lock, slot: limits.Lock):
    if job.pages > INLINE_PAGES:
        thread = threading.Thread(target=_background_render, args=(job, lock, slot), daemon=True)
        _background.add(thread)
        thread.start()
        return Preparing(job.pages)
    try:
        pdf = job.render()
        cache.set(job.key, pdf, KEEP_SECONDS)
    finally:
        slot.release()
        lock.release()
    return Ready(pdf)


def _background_render(job: Job, lock: limits.Lock, slot: limits.Lock) -> None:
    def progress(done: int, pages: int) -> None:
        lock.refresh(LOCK_SECONDS, pages=pages, done=done)
        slot.refresh(LOCK_SECONDS, pages=pages, done=done)

    try:
        cache.set(job.key, job.render(progress), KEEP_SECONDS)
    except Exception:
        logger.exception("Rendering %s in the background failed", job.key)
    finally:
        slot.release()
        lock.release()
        connections.close_all()  # this thread's own database connections


def wait_for_background(timeout: float | None = None) -> None:
    """Wait for this process's background renders to end (tests, ``make bench``)."""
    for thread in list(_background):
        thread.join(timeout)
