"""A big sheet goes through the task queue as the site runs it: the request queues its
render and answers at once, a worker renders it (``tests.queue.work``), once however many
ask, even when a worker is killed under it; a failure that may pass is tried again later,
one that does not is said (``core.printing.kept_sheets``)."""

from datetime import timedelta

import pytest
from django.db import OperationalError
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from pytest_django.asserts import assertContains, assertNotContains

from scoring.core.printing import kept_sheets, renderer
from scoring.core.queue import retries
from scoring.models import KeptSheet
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night
from tests.factories import ScorerFactory
from tests.queue import work

pytestmark = pytest.mark.django_db

RENDER = "scoring.core.printing.kept_sheets.render_sheet"


@pytest.fixture
def packet(client, monkeypatch):
    """A 4-pair night's packet (8 pages) as a scorer asks for it, a big sheet here."""
    monkeypatch.setattr(kept_sheets, "INLINE_PAGES", 4)
    night = nights_services.night_import(document=random_night(4, seed=6, rounds_played=0))
    client.force_login(ScorerFactory())
    url = reverse("scoring:night-scorers-sheet", args=[night.pk, "packet"])
    return lambda **headers: client.get(url, **headers)


def renders_queued() -> list[DBTaskResult]:
    return list(DBTaskResult.objects.filter(task_path=RENDER).order_by("enqueued_at"))


def test_a_big_sheet_waits_in_the_queue_for_a_worker(database_queue, packet, renders):
    asked, reloaded = packet(), packet()

    assertContains(asked, "8 pages.", status_code=202)
    assertContains(reloaded, "waiting for another sheet to finish first", status_code=202)
    assert renders == []  # nothing rendered in the server's process
    assert [task.status for task in renders_queued()] == [TaskResultStatus.READY]

    work()
    ready = packet()

    assert ready.status_code == 200 and ready["Content-Type"] == "application/pdf"
    assert len(renders) == 2  # its front, and the one score sheet its blank ones are printed from
    assert [task.status for task in renders_queued()] == [TaskResultStatus.SUCCESSFUL]


def test_a_big_sheet_asked_for_by_many_is_queued_and_rendered_once(database_queue, packet, renders):
    answers = [packet(REMOTE_ADDR=f"10.0.0.{number}") for number in range(1, 5)]

    assert [answer.status_code for answer in answers] == [202] * 4
    assert len(renders_queued()) == 1 and KeptSheet.objects.count() == 1
    work()
    work()  # nothing left for another worker
    pdfs = {packet(REMOTE_ADDR=f"10.0.0.{number}").content for number in range(1, 5)}
    assert len(pdfs) == 1 and len(renders) == 2


def killed_mid_render(worker_id: str) -> None:
    """The queued render taken by ``worker_id``, its first part laid out, then the worker
    killed: its task left running, the row being made, as SIGKILL leaves them."""
    task = DBTaskResult.objects.get(task_path=RENDER)
    task.claim(worker_id)
    row = KeptSheet.objects.get()
    making = kept_sheets.Making(row.pk, row.token)
    assert making.take_up() is not None
    making.progress(2, 8)


def test_a_worker_killed_mid_render_renders_it_when_it_starts_again(
    database_queue, packet, renders
):
    packet()
    killed_mid_render("worker-1")

    work("worker-2")  # another worker leaves it: worker-1's, for all it knows alive
    assertContains(packet(), "8 pages: 2 laid out so far", status_code=202)
    work("worker-1")  # started again: what it left is put back first
    ready = packet()

    assert ready.status_code == 200 and len(renders) == 2
    (task,) = renders_queued()
    assert task.status == TaskResultStatus.SUCCESSFUL
    assert task.worker_ids == ["worker-1", "worker-1"]


def test_a_render_whose_worker_never_comes_back_is_taken_over_when_asked(
    database_queue, packet, renders
):
    packet()
    killed_mid_render("worker-1")
    silent = timezone.now() - timedelta(seconds=kept_sheets.STALE_SECONDS)
    KeptSheet.objects.update(beat_at=silent)

    assert packet().status_code == 202  # queued again, under a new token
    work("worker-2")
    assert packet().status_code == 200 and len(renders) == 2
    work("worker-1")  # back at last: its old task finds the sheet taken and does nothing
    assert len(renders) == 2


def test_a_render_that_fails_for_good_says_so_then_is_tried_again(
    database_queue, packet, monkeypatch
):
    real = renderer.html_to_pdf

    def broken(html, **options):
        raise RuntimeError("out of memory")

    monkeypatch.setattr(renderer, "html_to_pdf", broken)
    packet()
    work()

    failed = packet()
    assertContains(failed, "could not be printed", status_code=500)
    assertNotContains(failed, 'http-equiv="refresh"', status_code=500)
    (task,) = renders_queued()
    assert task.status == TaskResultStatus.FAILED and "out of memory" in task.traceback
    assert KeptSheet.objects.get().state == KeptSheet.State.FAILED

    monkeypatch.setattr(renderer, "html_to_pdf", real)
    a_while_ago = timezone.now() - timedelta(seconds=kept_sheets.FAILED_SECONDS)
    KeptSheet.objects.update(beat_at=a_while_ago)
    assert packet().status_code == 202
    work()
    assert packet().status_code == 200


def test_a_render_that_fails_on_what_may_pass_is_queued_again_later(
    database_queue, packet, monkeypatch
):
    real, calls = renderer.html_to_pdf, []

    def locked_once(html, **options):
        calls.append(html)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        return real(html, **options)

    monkeypatch.setattr(renderer, "html_to_pdf", locked_once)
    packet()
    work()

    first, again = renders_queued()
    assert first.status == TaskResultStatus.SUCCESSFUL  # it queued its next attempt
    assert again.status == TaskResultStatus.READY and again.args_kwargs["kwargs"]["attempt"] == 2
    delay = (again.run_after - first.started_at).total_seconds()
    assert retries.FIRST_DELAY_SECONDS <= delay < retries.FIRST_DELAY_SECONDS + 5
    assert KeptSheet.objects.get().state == KeptSheet.State.QUEUED
    work()  # not yet due: left alone
    assert len(calls) == 1

    DBTaskResult.objects.filter(pk=again.pk).update(run_after=timezone.now())
    work()
    assert packet().status_code == 200 and len(calls) == 3


def test_a_render_that_keeps_failing_on_what_may_pass_stops_after_its_attempts(packet, monkeypatch):
    """The suite's queue cannot defer: each attempt runs at once, up to ``ATTEMPTS``."""
    calls = []

    def locked(html, **options):
        calls.append(html)
        raise OperationalError("database is locked")

    monkeypatch.setattr(renderer, "html_to_pdf", locked)

    assertContains(packet(), "could not be printed", status_code=500)
    assert len(calls) == retries.ATTEMPTS


def test_the_back_off_doubles_from_the_first_delay():
    assert [retries.delay_after(attempt) for attempt in (1, 2, 3, 4)] == [10, 20, 40, 80]
