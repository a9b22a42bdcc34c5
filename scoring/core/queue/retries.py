"""A task that failed on something that may pass is queued again, later each time.

django-tasks runs a task once: a task whose failure may pass (the database busy for a
moment, the mail server restarting) queues itself again through ``retry_later``, with
its attempt's number, ``FIRST_DELAY_SECONDS`` later, then twice as long each time, up to
``ATTEMPTS`` in all; a worker is never held waiting meanwhile. A backend that cannot
defer (the test suite's, which runs each task at once) runs it again at once.
"""

from datetime import timedelta

from django.utils import timezone

ATTEMPTS = 5
FIRST_DELAY_SECONDS = 10


def delay_after(attempt: int) -> float:
    """Seconds to wait after attempt ``attempt`` (1, 2…) failed: 10, 20, 40, 80."""
    return FIRST_DELAY_SECONDS * 2 ** (attempt - 1)


def retry_later(task, *, attempt: int, **kwargs) -> bool:
    """Queue ``task`` again with ``kwargs`` as its attempt ``attempt + 1``, after the
    back-off of ``attempt``; False, and nothing queued, when ``attempt`` was its last."""
    if attempt >= ATTEMPTS:
        return False
    if task.get_backend().supports_defer:
        task = task.using(run_after=timezone.now() + timedelta(seconds=delay_after(attempt)))
    task.enqueue(attempt=attempt + 1, **kwargs)
    return True
