"""The test suite's time and CPU time, every process it starts counted.

``time make test`` counts only the processes that are waited for: Chromium outlives the
Playwright driver that started it, and PostgreSQL's server is a daemon, so both are
re-parented away and their CPU time is lost. Here this process becomes the children's
*subreaper* (Linux's ``PR_SET_CHILD_SUBREAPER``): every orphan of the run comes back to
it, is waited for, and its CPU time is counted in ``RUSAGE_CHILDREN``.

    .venv/bin/python bench/suite_cpu.py                 # make test, whole
    .venv/bin/python bench/suite_cpu.py --passes        # each pass of make test alone
    .venv/bin/python bench/suite_cpu.py --by-directory  # each tests/ folder, both passes

``--by-directory`` runs each folder of ``tests/`` as ``make test`` runs the suite (the
SQLite pass, the PostgreSQL pass of the ``database`` tests), one folder
after the other, so their times add up to more than the whole run (each pays its own
workers' start and the PostgreSQL server's).
"""

import ctypes
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PR_SET_CHILD_SUBREAPER = 36
PYTEST = [
    "env",
    "-u",
    "DJANGO_SETTINGS_MODULE",
    str(ROOT / ".venv/bin/pytest"),
    "-p",
    "no:cacheprovider",
    "--dist",
    "loadfile",
    "--no-loadscope-reorder",
]
# As `make test` runs it without CI: no coverage (COVER=1 adds it there).
SQLITE = [*PYTEST, "-n", "2", "-m", "not slow and not postgres"]
POSTGRES = [str(ROOT / "scripts/with-postgres"), *PYTEST, "-n", "1", "-m", "database and not slow"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measured(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds of every process the command started, its exit status."""
    before, started = children_cpu(), time.perf_counter()
    status = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=False).returncode
    while True:  # the orphans handed back to this subreaper
        try:
            os.wait()
        except ChildProcessError:
            break
    return time.perf_counter() - started, children_cpu() - before, status


def main() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("prctl(PR_SET_CHILD_SUBREAPER) refused: Linux only")
    print(f"{os.cpu_count()} CPUs, load average before {os.getloadavg()[0]:.1f}", flush=True)
    if "--passes" in sys.argv[1:]:
        for name, command in (("SQLite", SQLITE), ("PostgreSQL", POSTGRES)):
            wall, cpu, status = measured(command)
            print(f"{name} pass alone: {wall:.0f} s, {cpu:.0f} CPU-s (exit {status})", flush=True)
        return
    if "--by-directory" not in sys.argv[1:]:
        wall, cpu, status = measured(["make", "test"])
        print(f"make test: {wall:.0f} s, {cpu:.0f} CPU-s (exit {status})")
        return
    tests = ROOT / "tests"
    folders = sorted(path for path in tests.iterdir() if path.is_dir() and path.name[0] != "_")
    groups = {f"tests/{path.name}/": [str(path)] for path in folders}
    groups["tests/test_*.py"] = [str(path) for path in sorted(tests.glob("test_*.py"))]
    for where, paths in groups.items():
        for name, command in (("SQLite", SQLITE), ("PostgreSQL", POSTGRES)):
            wall, cpu, status = measured([*command, *paths])
            print(
                f"{where:20} {name:10} {wall:6.0f} s {cpu:7.0f} CPU-s (exit {status})", flush=True
            )


if __name__ == "__main__":
    main()
