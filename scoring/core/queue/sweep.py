"""What a killed worker left: the tasks it was running, put back to be run again.

django-tasks' database worker marks a task running when it takes it and finished when it
ends. A worker killed in between (SIGKILL, the out-of-memory killer, a power cut) leaves
it running for ever; one stopped by a second signal while a task ran (Ctrl+C twice,
systemd's stop past its timeout, ``make hall`` stopped mid-render) marks it failed with
the ``SystemExit`` or ``KeyboardInterrupt`` that stopped it. Neither ended by itself.

Each worker has a name it keeps from one start to the next (``run_worker --worker-id``:
the host's name by default, one per systemd instance in production), so a worker that
starts knows its own leftovers and nobody else's: another worker's running task is that
worker's, alive. ``put_back`` makes them ready again, before the worker takes any task.
A task already started ``STARTS`` times is marked failed instead (``WorkerLost``): what
kills a worker each time it runs must not kill it for ever.

The tasks themselves must allow for being run again: a sheet's render holds its row's
token and takes up where it stopped (``core.printing.kept_sheets``).
"""

from django.db.models import Q
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

STARTS = 3
INTERRUPTED = ("builtins.SystemExit", "builtins.KeyboardInterrupt")


class WorkerLost(Exception):
    """The task's worker was killed under it each time it ran (what its result says)."""


def put_back(worker_id: str) -> list[str]:
    """The ids of the tasks ``worker_id`` left unfinished, each ready again, or failed
    once started ``STARTS`` times."""
    unfinished = DBTaskResult.objects.filter(
        Q(status=TaskResultStatus.RUNNING)
        | Q(status=TaskResultStatus.FAILED, exception_class_path__in=INTERRUPTED)
    )
    put = []
    for result in unfinished:
        if not result.worker_ids or result.worker_ids[-1] != worker_id:
            continue
        same = DBTaskResult.objects.filter(pk=result.pk, status=result.status)
        if len(result.worker_ids) >= STARTS:
            same.update(
                status=TaskResultStatus.FAILED,
                finished_at=timezone.now(),
                exception_class_path=f"{__name__}.WorkerLost",
                traceback=f"WorkerLost: its worker was killed under it {STARTS} times",
            )
            continue
        ready = same.update(
            status=TaskResultStatus.READY, finished_at=None, exception_class_path="", traceback=""
        )
        if ready:
            put.append(str(result.pk))
    return put
