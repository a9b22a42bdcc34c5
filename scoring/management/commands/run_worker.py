"""``manage.py run_worker``: a worker of the task queue, the database backend's own
(``db_worker``, every option of it), that first puts back what it left unfinished.

- ``--worker-id``: a name the worker keeps from one start to the next, the machine's
  host name unless given: how it knows its own leftovers from another worker's work in
  progress (``core.queue.sweep``). Each worker needs its own: production's systemd
  instances are ``%H-%i`` (docs/install/production.md).
- ``--beside PID``: the server it runs beside, its parent (``make run``, ``make hall``):
  the kernel stops the worker (SIGTERM) when that process ends, however it ends, and
  the worker does not reload itself (``--no-reload``). Linux only.
- At start, before it takes a task: the tasks it left unfinished (killed, or stopped
  mid-task) are put back to be run again, and the results of tasks finished long ago and
  the rows of sheets not asked for in a month are forgotten (the queue runs no periodic
  task that would).
"""

import ctypes
import os
import signal
import socket

from django.core.management import call_command
from django.core.management.base import CommandError
from django_tasks_db.management.commands import db_worker

from scoring.core.printing import kept_sheets
from scoring.core.queue import sweep

PR_SET_PDEATHSIG = 1  # prctl(2): the signal the kernel sends when the parent ends


def stop_with_parent(pid: int) -> None:
    """SIGTERM to this process when its parent ``pid`` ends; an error if it is not the
    parent (or ended before the kernel was told)."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except AttributeError:
        raise CommandError("--beside needs Linux (prctl)") from None
    if prctl(PR_SET_PDEATHSIG, signal.SIGTERM) != 0:
        raise CommandError(f"--beside: {os.strerror(ctypes.get_errno())}")
    if os.getppid() != pid:
        raise CommandError(f"--beside {pid}: not this worker's parent, or it has ended")


class Command(db_worker.Command):
    help = "Run a worker of the task queue, after putting back what it left unfinished"

    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.set_defaults(worker_id=socket.gethostname()[:64])
        worker_id = next(action for action in parser._actions if action.dest == "worker_id")
        worker_id.help = "This worker's name, the same at each start, its own (default: the host's)"
        parser.add_argument(
            "--beside",
            type=int,
            metavar="PID",
            help="The server process (this worker's parent) to stop with; implies --no-reload",
        )

    def handle(self, *args, beside: int | None = None, **options) -> None:
        if beside is not None:
            stop_with_parent(beside)
            options["reload"] = False
        put = sweep.put_back(options["worker_id"])
        if put and options["verbosity"]:
            self.stdout.write(f"Put back {len(put)} task(s) left unfinished: {', '.join(put)}")
        call_command("prune_db_task_results", queue_name="*", verbosity=0)
        kept_sheets.prune()
        super().handle(*args, **options)
