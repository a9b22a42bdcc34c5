"""``manage.py run_worker``: a worker of the task queue that first puts back what it left
unfinished (``core.queue.sweep``) and forgets what is long done; beside a server
(``--beside``), it stops when the server does, however the server ends."""

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from scoring.core.queue import sweep
from scoring.models import KeptSheet
from tests.processes import running
from tests.queue import noted, work

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def left(worker_ids: list[str], status=TaskResultStatus.RUNNING, exception="") -> DBTaskResult:
    """A task as a worker left it: taken by each of ``worker_ids`` in turn, then killed
    (still running) or stopped under it (failed by ``exception``)."""
    result = DBTaskResult.objects.get(pk=noted.enqueue(note="left").id)
    result.worker_ids, result.status, result.exception_class_path = worker_ids, status, exception
    result.save()
    return result


def status_of(result: DBTaskResult) -> str:
    result.refresh_from_db()
    return result.status


def test_a_worker_puts_back_what_it_left_and_nothing_of_another_s(database_queue):
    killed = left(["w1"])
    stopped = left(["w1"], TaskResultStatus.FAILED, "builtins.SystemExit")
    interrupted = left(["w1"], TaskResultStatus.FAILED, "builtins.KeyboardInterrupt")
    failed = left(["w1"], TaskResultStatus.FAILED, "builtins.RuntimeError")
    another_s = left(["w2"])
    taken_over = left(["w1", "w2"])  # w2 runs it now

    put = sweep.put_back("w1")

    assert sorted(put) == sorted(str(r.pk) for r in (killed, stopped, interrupted))
    assert status_of(killed) == status_of(stopped) == TaskResultStatus.READY
    assert status_of(failed) == TaskResultStatus.FAILED
    assert status_of(another_s) == status_of(taken_over) == TaskResultStatus.RUNNING


def test_a_task_that_killed_its_worker_each_time_is_given_up(database_queue):
    deadly = left(["w1", "w1", "w1"])

    assert sweep.put_back("w1") == []

    deadly.refresh_from_db()
    assert deadly.status == TaskResultStatus.FAILED
    assert deadly.exception_class_path == "scoring.core.queue.sweep.WorkerLost"


def test_the_worker_runs_what_it_put_back(database_queue, capsys):
    killed = left(["test-worker"])

    work("test-worker", verbosity=1)

    killed.refresh_from_db()
    assert killed.status == TaskResultStatus.SUCCESSFUL and killed.return_value == "left"
    assert killed.worker_ids == ["test-worker", "test-worker"]
    assert f"Put back 1 task(s) left unfinished: {killed.pk}" in capsys.readouterr().out


def test_it_forgets_what_is_long_done(database_queue):
    month_ago = timezone.now() - timedelta(days=31)
    done = left(["w1"], TaskResultStatus.SUCCESSFUL)
    DBTaskResult.objects.filter(pk=done.pk).update(finished_at=month_ago)
    recent = left(["w1"], TaskResultStatus.SUCCESSFUL)
    DBTaskResult.objects.filter(pk=recent.pk).update(finished_at=timezone.now())
    for state, beat_at in (("ready", month_ago), ("ready", timezone.now())):
        KeptSheet.objects.create(
            fingerprint=f"{state}{beat_at}", form="pdf", state=state, token="t", beat_at=beat_at
        )

    work()

    assert list(DBTaskResult.objects.values_list("pk", flat=True)) == [recent.pk]
    assert KeptSheet.objects.get().beat_at > month_ago


def test_it_refuses_the_suite_s_queue_which_has_no_worker():
    with pytest.raises(Exception, match="not a database backend"):
        call_command("run_worker", batch=True, reload=False)


# --- beside a server ----------------------------------------------------------------------

# A server in miniature: it starts the worker beside it as make hall does, says the
# worker's process id, and waits to be killed.
BESIDE = """
import os, subprocess, sys, time
worker = subprocess.Popen(
    [sys.executable, "manage.py", "run_worker", "--beside", str(os.getpid()),
     "--worker-id", "beside", "--interval", "0.2"]
)
print(worker.pid, flush=True)
time.sleep(120)
"""


@pytest.fixture
def site_env(tmp_path) -> dict:
    environ = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    environ |= {
        "DJANGO_SETTINGS_MODULE": "cinch_club.settings.dev",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "LIMITS_FILE": str(tmp_path / "limits.sqlite3"),
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=environ, check=True
    )
    return environ


@pytest.mark.slow  # a migrated site and real processes: 6 s each
def test_beside_a_server_the_worker_stops_when_the_server_is_killed(site_env):
    server = subprocess.Popen(
        [sys.executable, "-c", BESIDE], cwd=ROOT, env=site_env, stdout=subprocess.PIPE, text=True
    )
    try:
        worker = int(server.stdout.readline())
        # Its first words (on the stdout it shares with the server) come once the kernel
        # was told.
        assert "Starting worker worker_id=beside" in server.stdout.readline()
        assert running(worker)
        server.send_signal(signal.SIGKILL)  # no goodbye: only the kernel knows
        server.wait(timeout=30)
        deadline = time.monotonic() + 30
        while running(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not running(worker)
    finally:
        server.kill()
        server.wait()


@pytest.mark.slow  # a migrated site and real processes: 6 s each
def test_beside_a_process_that_is_not_its_parent_it_refuses(site_env):
    answer = subprocess.run(
        [sys.executable, "manage.py", "run_worker", "--beside", "1", "--batch"],
        cwd=ROOT,
        env=site_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer.returncode == 1
    assert "--beside 1: not this worker's parent, or it has ended" in answer.stderr
