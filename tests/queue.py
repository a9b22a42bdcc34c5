"""The task queue in a test: the suite's settings run each task the moment it is queued
(``cinch_club.settings.test``); a test of the queue itself takes the site's database
backend (the ``database_queue`` fixture, ``tests/conftest.py``) and runs a worker here, in
this process, until nothing is ready (``work``)."""

import signal
from unittest import mock

from django.core.management import call_command
from django_tasks import task
from django_tasks_db.management.commands import db_worker

DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)


def work(worker_id: str = "test-worker", verbosity: int = 0) -> None:
    """Every task ready now run by a worker named ``worker_id`` (``run_worker --batch``,
    which first puts back what a worker of that name left unfinished); the signals the
    worker takes over are given back to the test run after. Its database connection is
    the test's, inside the test's transaction: the worker may not close it, as it closes
    its own between tasks."""
    handlers = {number: signal.getsignal(number) for number in SIGNALS}
    try:
        with mock.patch.object(db_worker, "close_old_connections", lambda: None):
            call_command(
                "run_worker",
                batch=True,
                startup_delay=False,
                reload=False,
                worker_id=worker_id,
                verbosity=verbosity,
            )
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)


@task()
def noted(note: str) -> str:
    """A task that does nothing but return ``note``: what a test queues to watch the
    queue itself."""
    return note
