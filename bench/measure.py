"""How every section of ``make bench`` times what it measures: standard library only, so
the rules-core sections run without the site installed."""

import gc
import statistics
import time

REPEATS = 7


def timings(run, repeats: int = REPEATS) -> tuple[float, float]:
    """``(best, median)`` seconds of ``repeats`` calls of ``run``.

    Every call starts from a collected heap, so one call's garbage is not charged to the
    next; the collector stays on during the call, as it is in the site's processes (the
    CLI pauses it while it answers: ``scoring.rules.__main__.collector_paused``).
    """
    seconds = []
    for _ in range(repeats):
        gc.collect()
        started = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - started)
    return min(seconds), statistics.median(seconds)


def cpu_best(run, repeats: int) -> float:
    """The least CPU time (``time.process_time``) of ``repeats`` calls: on a machine
    shared with other work, CPU time is what the page costs, wall time adds the waits."""
    seconds = []
    for _ in range(repeats):
        gc.collect()
        started = time.process_time()
        run()
        seconds.append(time.process_time() - started)
    return min(seconds)
