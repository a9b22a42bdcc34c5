"""Printed sheets kept for every process and machine: made once, keyed by what they show.

WeasyPrint lays a page out in about a twentieth of a second, so a big sheet is slow: a
filled packet of a 40-pair night (787 pages) takes over half a minute, its blank packet
a few seconds (``stamp``). Anyone may ask for the public ones, so nothing here lets the
sheets stall the site:

- A rendered sheet is kept in the cache every process shares (the database cache named
  in ``CACHES``) under the digest of what it shows (``jobs.Job``): nothing kept is ever
  out of date, and a blank packet is served again after a hand is saved.
- A sheet as it is now (``Sheet.as_of``: a night's or table's ``updated_at``, which every
  write moves; the sheet, paper and language; ``Sheet.version``) has one row,
  ``models.KeptSheet``, for its PDF and one for its preview. The row is unique, so
  whoever writes it first makes the sheet, once, and every other request, in any process
  on any machine, reads how far it got: queued, so many pages laid out, ready, failed.
  A ready row names where the sheet is kept, so a kept sheet is found again without
  building its HTML; one the cache dropped is made again. Sheets that print the same
  filled or blank are one sheet (``printing.sheets.FILLED``).
- Each client (``core.http.clients.client_key``) may have ``RENDERS_PER_CLIENT`` sheets
  made per ``RENDER_WINDOW`` seconds (``core.http.clients.Allowance``): checked before a
  sheet's HTML is built, counted when its render (or its preview) starts. Asking for a
  kept sheet, or one being made, is free.
- A sheet of up to ``INLINE_PAGES`` pages is rendered by the request that asked first,
  in the time of a page. A bigger one is rendered by a worker of the task queue
  (``render_sheet``; ``manage.py run_worker``): the request builds its HTML, keeps it on
  the row and queues its render in one transaction (the queue is a table of the same
  database, so a worker finds both or neither), and answers at once with a page that
  reloads itself until the row says ready. As many big sheets render at once as there
  are workers, and none in the server's processes.
- Whoever makes a sheet holds the row's ``token`` (``Making``) and moves its ``beat_at``
  after each part. A request killed mid-making leaves a row that the next to ask takes
  over ``STALE_SECONDS`` later. A worker killed mid-render leaves its task running:
  ``run_worker`` puts it back when that worker starts again (``core.queue.sweep``), and
  the task, still holding the row's token, renders it (the parts done are kept); a row
  whose worker never comes back goes stale like a request's.
- A render that fails on what may pass (the database locked or gone a moment) is queued
  again, later each time (``core.queue.retries``); one that fails for good is marked
  failed: the page says so, and the first to ask ``FAILED_SECONDS`` later tries again.

A sheet is in the night's language (``Night.sheet_language``) or the one asked for,
whatever the screen's: it is rendered in that language and kept under it.
"""

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.utils import timezone, translation
from django_tasks import task

from scoring.core.http.clients import Allowance
from scoring.core.printing.jobs import KEEP_SECONDS, Job, digest, readable
from scoring.core.printing.parts import Part
from scoring.core.queue.retries import retry_later
from scoring.models import KeptSheet, club_setting

INLINE_PAGES = 30
RENDERS_PER_CLIENT = 10
RENDER_WINDOW = 10 * 60
STALE_SECONDS = 120  # a maker silent this long is gone: parts take seconds each
FAILED_SECONDS = 60
PREVIEW = "sheet-preview:"
# Failures that may pass: the database locked, or its connection lost for a moment.
PASSING = (OperationalError, InterfaceError)

Form, State = KeptSheet.Form, KeptSheet.State
renders = Allowance("sheet-render", limit=RENDERS_PER_CLIENT, seconds=RENDER_WINDOW)


@dataclass(frozen=True)
class Ready:
    pdf: bytes


@dataclass(frozen=True)
class Preview:
    html: str


@dataclass(frozen=True)
class Preparing:
    """The sheet is being made (``done`` of ``pages`` laid out; ``pages`` 0 while
    unknown), or ``waiting`` in the queue for a worker to take it."""

    pages: int = 0
    done: int = 0
    waiting: bool = False


@dataclass(frozen=True)
class Refused:
    """The client started too many renders lately; it may ask again in ``seconds``."""

    seconds: int


@dataclass(frozen=True)
class Failed:
    """Its render failed for good, lately; asked again later, it is tried again."""


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
        """The sheet's fingerprint as it is now: its rows are found under it."""
        return digest(self.version, self.paper, self.language, club_setting("CLUB_NAME"))

    def job(self) -> Job:
        with translation.override(self.language):
            return Job.of(self.parts(), self.paper)

    def html(self) -> str:
        with translation.override(self.language):
            return self.preview()


@dataclass(frozen=True)
class Making:
    """The making of a row's sheet, for as long as its ``token`` is the row's: every write
    below changes the row only while it is."""

    pk: int
    token: str

    @classmethod
    def claim(cls, fingerprint: str, form: str, row: KeptSheet | None) -> "Making | None":
        """The making of the sheet, if nobody took it first: a new row, or ``row`` (as it
        was read) taken over; None when another request wrote or took it meanwhile."""
        token, now = uuid.uuid4().hex, timezone.now()
        if row is None:
            try:
                with transaction.atomic():
                    row = KeptSheet.objects.create(
                        fingerprint=fingerprint,
                        form=form,
                        state=State.MAKING,
                        token=token,
                        beat_at=now,
                    )
            except IntegrityError:
                return None
            return cls(row.pk, token)
        taken = KeptSheet.objects.filter(pk=row.pk, token=row.token, state=row.state).update(
            state=State.MAKING, token=token, key="", pages=0, done=0, job=None, beat_at=now
        )
        return cls(row.pk, token) if taken else None

    def _mine(self):
        return KeptSheet.objects.filter(pk=self.pk, token=self.token)

    def progress(self, done: int, pages: int) -> None:
        self._mine().update(done=done, pages=pages, beat_at=timezone.now())

    def ready(self, key: str) -> None:
        self._mine().update(state=State.READY, key=key, job=None, beat_at=timezone.now())

    def failed(self) -> None:
        self._mine().update(state=State.FAILED, job=None, beat_at=timezone.now())

    def let_go(self) -> None:
        """Nobody makes it now: the next to ask will."""
        self._mine().delete()

    def queue(self, job: Job) -> None:
        """Keep ``job`` on the row and queue its render, in one transaction."""
        with transaction.atomic():
            self._mine().update(
                state=State.QUEUED,
                job=job.packed(),
                pages=job.pages,
                done=0,
                beat_at=timezone.now(),
            )
            render_sheet.enqueue(kept=self.pk, token=self.token)

    def take_up(self) -> Job | None:
        """The job to render, now that a worker runs it: queued, or being rendered by
        this same task when its worker was killed; None if another took the row."""
        mine = self._mine().filter(state__in=[State.QUEUED, State.MAKING])
        if not mine.update(state=State.MAKING, beat_at=timezone.now()):
            return None
        packed = mine.values_list("job", flat=True).first()
        return Job.unpacked(bytes(packed)) if packed is not None else None

    def again_later(self, attempt: int) -> bool:
        """Queued again after its back-off; False once it had all its attempts."""
        with transaction.atomic():
            if not self._mine().update(state=State.QUEUED, beat_at=timezone.now()):
                return True  # another took the row meanwhile: nothing left to do here
            return retry_later(render_sheet, attempt=attempt, kept=self.pk, token=self.token)


@task()
def render_sheet(kept: int, token: str, attempt: int = 1) -> int:
    """Render the sheet of the row ``kept`` for the holder of ``token`` and keep it: the
    task a worker runs for a big sheet. Its pages, or 0 when there was nothing to do."""
    making = Making(kept, token)
    try:
        job = making.take_up()
        if job is None:
            return 0
        cache.set(job.key, job.render(making.progress), KEEP_SECONDS)
    except PASSING:
        if making.again_later(attempt):
            return 0
        making.failed()
        raise
    except Exception:
        making.failed()
        raise
    making.ready(job.key)
    return job.pages


def _answer(row: KeptSheet) -> Ready | Preview | Preparing | Failed | None:
    """What ``row`` answers whoever asks, or None when the sheet is to be made (again):
    dropped from the cache, failed a while ago, or its maker silent too long."""
    since = timezone.now() - row.beat_at
    if row.state == State.READY:
        kept = readable(row.key)
        if kept is None:
            return None
        return Ready(kept) if row.form == Form.PDF else Preview(kept)
    if row.state == State.FAILED:
        return Failed() if since < timedelta(seconds=FAILED_SECONDS) else None
    if row.state == State.MAKING and since >= timedelta(seconds=STALE_SECONDS):
        return None
    return Preparing(row.pages, row.done, waiting=row.state == State.QUEUED)


def _asked(sheet: Sheet, form: str, client: str, make):
    """The answer to ``client`` asking for ``sheet`` in ``form``: the row's, or what
    ``make(sheet, making, client)`` makes when nobody has yet."""
    row = KeptSheet.objects.filter(fingerprint=sheet.as_of, form=form).first()
    if row is not None:
        answer = _answer(row)
        if answer is not None:
            return answer
    if renders.used_up(client):
        return Refused(RENDER_WINDOW)
    making = Making.claim(sheet.as_of, form, row)
    if making is None:
        return Preparing()
    try:
        return make(sheet, making, client)
    except BaseException:
        making.let_go()
        raise


def _make_pdf(sheet: Sheet, making: Making, client: str):
    job = sheet.job()
    pdf = readable(job.key)
    if pdf is None:
        if not renders.take(client):
            making.let_go()
            return Refused(RENDER_WINDOW)
        if job.pages > INLINE_PAGES:
            making.queue(job)
            row = KeptSheet.objects.filter(pk=making.pk).first()
            # Queued just now, so waiting for nothing yet (unless a backend that runs each
            # task at once, the suite's, rendered it already).
            answer = _answer(row) if row is not None else None
            return answer if not isinstance(answer, Preparing) else Preparing(job.pages)
        pdf = job.render(making.progress)
        cache.set(job.key, pdf, KEEP_SECONDS)
    making.ready(job.key)
    return Ready(pdf)


def _make_preview(sheet: Sheet, making: Making, client: str):
    if not renders.take(client):
        making.let_go()
        return Refused(RENDER_WINDOW)
    html = sheet.html()
    key = PREVIEW + sheet.as_of
    cache.set(key, html, KEEP_SECONDS)
    making.ready(key)
    return Preview(html)


def request(sheet: Sheet, client: str) -> Ready | Preparing | Refused | Failed:
    """What a request for the sheet as PDF gets."""
    return _asked(sheet, Form.PDF, client, _make_pdf)


def request_preview(sheet: Sheet, client: str) -> Preview | Preparing | Refused | Failed:
    """What a request for the sheet as HTML gets: built once per change and kept, one
    build at a time, each counted against the client's renders."""
    return _asked(sheet, Form.PREVIEW, client, _make_preview)


def pdf_now(sheet: Sheet) -> bytes:
    """The sheet as PDF, kept or rendered now whatever its size: no limit, no waiting,
    no queue (``print_night``); kept for the next to ask."""
    row = KeptSheet.objects.filter(fingerprint=sheet.as_of, form=Form.PDF).first()
    pdf = readable(row.key) if row is not None and row.state == State.READY else None
    if pdf is not None:
        return pdf
    job = sheet.job()
    pdf = readable(job.key)
    if pdf is None:
        pdf = job.render()
        cache.set(job.key, pdf, KEEP_SECONDS)
    KeptSheet.objects.update_or_create(
        fingerprint=sheet.as_of,
        form=Form.PDF,
        defaults={
            "state": State.READY,
            "token": uuid.uuid4().hex,
            "key": job.key,
            "job": None,
            "pages": job.pages,
            "beat_at": timezone.now(),
        },
    )
    return pdf


def prune() -> int:
    """Forget the rows of sheets not asked for in ``KEEP_SECONDS`` (what they name has
    changed since, or is dropped from the cache by now); how many."""
    old = timezone.now() - timedelta(seconds=KEEP_SECONDS)
    done = [State.READY, State.FAILED]
    return KeptSheet.objects.filter(beat_at__lt=old, state__in=done).delete()[0]
