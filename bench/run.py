"""``make bench``: how fast the rules core scores a big night and lays out a big pattern
table, and how fast the site serves a 20-table night and takes hands (through the table
links, and through the pairs' codes against ``make hall``'s server).

Run as ``.venv/bin/python bench/run.py`` (``make bench``) or, for the rules core alone, as
``python3 bench/run.py`` from the repository root: the rules core needs nothing but the
standard library. Name sections to run only those: ``bench/run.py score schedule``.
Each benchmark is a function in ``BENCHMARKS`` that prints its own lines; a later
section is one more function added to that list.

Timings are wall-clock (``time.perf_counter``): the best of ``REPEATS`` runs, which is the
least disturbed by other work on the machine, and the median, which shows the spread.
"""

import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY))

import importlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

from bench.measure import REPEATS, timings  # noqa: E402
from scoring.rules.jsonio import dump_json, load_json  # noqa: E402
from scoring.rules.night import score_night  # noqa: E402
from scoring.rules.schedule import schedule_document  # noqa: E402
from scoring.rules.simulate import random_night  # noqa: E402

NIGHT_PAIRS = 40
SCHEDULE_PAIRS = 100
TARGET_HANDS_PER_SECOND = 50_000


def night_text() -> tuple[str, int, int]:
    """The benchmark night as JSON text, with its number of hands and of games."""
    doc = random_night(NIGHT_PAIRS, seed=1)
    hands = sum(len(game.get("hands", [])) for game in doc["games"])
    return json.dumps(doc), hands, len(doc["games"])


def score_pipeline(text: str) -> str:
    """What ``python3 -m scoring.rules score`` does with a file's text."""
    return dump_json(score_night(load_json(text)))


def bench_score_night() -> None:
    """A 40-pair club11 night through load, score and print, in this process."""
    text, hands, games = night_text()
    best, median = timings(lambda: score_pipeline(text))
    rate = hands / best
    verdict = "meets" if rate >= TARGET_HANDS_PER_SECOND else "BELOW"
    print(
        f"score {NIGHT_PAIRS}-pair club11 night: {hands} hands, {games} games, "
        f"best {best:.3f} s, median {median:.3f} s, {rate:,.0f} hands/s "
        f"(target {TARGET_HANDS_PER_SECOND:,}: {verdict})"
    )
    doc = load_json(text)
    standings = score_night(doc)
    stages = {
        "load_json": lambda: load_json(text),
        "score_night": lambda: score_night(doc),
        "dump_json": lambda: dump_json(standings),
    }
    shown = ", ".join(f"{name} {timings(run)[0]:.3f} s" for name, run in stages.items())
    print(f"  of which (best of {REPEATS} each): {shown}")


def wall_clock(command: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    """Seconds a fresh process takes to run ``command`` from the repository root."""
    started = time.perf_counter()
    finished = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True, check=False)
    return time.perf_counter() - started, finished


def bench_score_command() -> None:
    """The same night through a fresh ``python3 -m scoring.rules score FILE``."""
    text, hands, games = night_text()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.json"
        path.write_text(text, encoding="utf-8")
        seconds, finished = wall_clock([sys.executable, "-m", "scoring.rules", "score", str(path)])
    if finished.returncode != 0:
        print(f"score command failed ({finished.returncode}): {finished.stderr.strip()}")
        return
    start_up, _ = wall_clock([sys.executable, "-c", "pass"])
    print(
        f"python3 -m scoring.rules score (one run, with start-up): {hands} hands, "
        f"{games} games, {seconds:.3f} s, {hands / seconds:,.0f} hands/s "
        f"(an empty python3 alone: {start_up:.3f} s)"
    )


def bench_schedule() -> None:
    """The pattern table for 100 pairs, built and printed."""
    best, median = timings(lambda: dump_json(schedule_document(SCHEDULE_PAIRS)))
    games = SCHEDULE_PAIRS * (SCHEDULE_PAIRS - 1) // 2
    print(
        f"schedule {SCHEDULE_PAIRS} pairs: {games} games, "
        f"best {best * 1000:.1f} ms, median {median * 1000:.1f} ms"
    )


def site_section(module: str, function: str):
    """A section of the site's, imported only when it runs: the rules-core sections run
    where Django is not installed."""

    def run() -> None:
        getattr(importlib.import_module(module), function)()

    run.__name__ = function
    return run


BENCHMARKS = [
    bench_score_night,
    bench_score_command,
    bench_schedule,
    site_section("bench.pages", "bench_pages"),
    site_section("bench.pages", "bench_entry_and_sheets"),
    site_section("bench.pages", "bench_members"),
    site_section("bench.pages", "bench_pair_code"),
    site_section("bench.visitor", "bench_one_visitor"),
    site_section("bench.table_links", "bench_table_links"),
    site_section("bench.hall_load", "bench_hall_load"),
]


def main() -> None:
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        f"best and median of {REPEATS} runs"
    )
    chosen = sys.argv[1:]
    for benchmark in BENCHMARKS:
        if not chosen or any(name in benchmark.__name__ for name in chosen):
            benchmark()


if __name__ == "__main__":
    main()
