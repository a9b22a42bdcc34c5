"""What the task queue costs (django-tasks' database backend, ``settings.TASKS``), with a
real worker (``manage.py run_worker``, as ``make run`` and ``make hall`` start it) in a
process of its own over the bench's SQLite file. ``.venv/bin/python bench/run.py queue``.

- queueing a task: what a request pays to hand work over (one row written);
- from queued to done, a task that does nothing: how long a worker that polls every
  second (its default) takes to notice;
- an idle worker: the CPU its polls take, a share of one core.
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.site import django_site

QUEUED = 200
WAITED = 20
IDLE_SECONDS = 30
DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def cpu_seconds(pid: int) -> float:
    """The user and system CPU ``pid`` has used so far (``/proc``, Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench_queue() -> None:
    django_site()
    from django.test import override_settings
    from django_tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    from tests.queue import noted

    print("the task queue (database backend, SQLite), one worker polling every second:")
    with override_settings(TASKS=DATABASE_QUEUE):
        seconds = []
        for number in range(QUEUED):
            started = time.perf_counter()
            noted.enqueue(note=str(number))
            seconds.append(time.perf_counter() - started)
        print(
            f"  queueing a task: median {statistics.median(seconds) * 1000:.2f} ms, "
            f"worst {max(seconds) * 1000:.2f} ms ({QUEUED} tasks)"
        )
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "run_worker", "--no-reload", "-v0"],
            cwd=Path(__file__).resolve().parent.parent,
            env=os.environ | {"DJANGO_SETTINGS_MODULE": "cinch_club.settings.dev"},
        )
        try:
            drained = time.perf_counter()
            while DBTaskResult.objects.exclude(status=TaskResultStatus.SUCCESSFUL).exists():
                time.sleep(0.05)
            drained = time.perf_counter() - drained
            print(
                f"  the {QUEUED} queued run by the worker in {drained:.1f} s (its start included)"
            )
            waits = []
            for _ in range(WAITED):
                time.sleep(0.37)  # not in step with the worker's polls
                result = noted.enqueue(note="waited")
                started = time.perf_counter()
                while DBTaskResult.objects.get(pk=result.id).status != TaskResultStatus.SUCCESSFUL:
                    time.sleep(0.01)
                waits.append(time.perf_counter() - started)
            print(
                f"  from queued to done: median {statistics.median(waits) * 1000:.0f} ms, "
                f"worst {max(waits) * 1000:.0f} ms ({WAITED} tasks, one at a time)"
            )
            before = cpu_seconds(worker.pid)
            time.sleep(IDLE_SECONDS)
            idle = (cpu_seconds(worker.pid) - before) / IDLE_SECONDS
            print(f"  an idle worker: {idle * 100:.2f} % of a core ({IDLE_SECONDS} s)")
        finally:
            worker.terminate()
            worker.wait(timeout=30)
