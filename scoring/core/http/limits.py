"""Counters that every gunicorn process shares and nothing evicts.

The site's limits (requests per table link, refused links per address, sheet renders
per client) must hold for the whole site: counted in one place by every process,
atomically, and kept until they expire. A cache is neither: each process's memory counts
alone (three processes, three times the limit), and Django's database cache culls a
third of its keys once it holds too many, kept sheets pushing out counters.

They live in a SQLite file of their own, ``settings.LIMITS_FILE``, beside the site
rather than in its database: a table link's page counts itself on every request, and
in the site's database each count would be a write waiting in line behind the hands
being saved (``cinch_club.sqlite_writers``), with a disk sync each. Here a count is one
statement on a small file in WAL mode that syncs only at checkpoints: tens of
microseconds, and no hand save waits for it. What the file holds is worth little: a
power cut may lose the last counts, never a score. Every process opens it, so it serves
one machine, which is how the site runs (gunicorn's processes beside the database).

A **count** (``take``) is one ``INSERT … ON CONFLICT DO UPDATE`` that adds one only while
under the limit and says whether it did, so twenty requests at once cannot all read
"nine" and all go on. A window starts at a key's first use and ends ``seconds`` later.
"""

import fcntl
import sqlite3
import threading
import time
from contextlib import contextmanager, nullcontext

from django.conf import settings

SCHEMA = """
CREATE TABLE IF NOT EXISTS counts (key TEXT PRIMARY KEY, used INTEGER NOT NULL, ends REAL NOT NULL);
CREATE INDEX IF NOT EXISTS counts_ends ON counts (ends);
"""
BUSY_SECONDS = 10  # how long a statement waits for another process's write to end
PURGE_SECONDS = 60  # how often a process deletes the counts whose window ended

_local = threading.local()
_next_purge = 0.0


class _File:
    """This thread's connection to the file (made with its tables on first use), and its
    handle on the writers' queue beside it."""

    def __init__(self, path: str):
        self.writers = open(f"{path}-writers", "a")  # noqa: SIM115 (kept open with the connection)
        # In the queue: the first to open a new file turns it to WAL, which SQLite may
        # refuse at once ("database is locked") to another doing the same.
        with self.queued():
            self.connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.execute("PRAGMA synchronous=NORMAL")
            self.connection.executescript(SCHEMA)

    @contextmanager
    def queued(self):
        """Writes wait in turn on a lock file (``cinch_club.sqlite_writers`` says why):
        SQLite's own wait polls, sleeping milliseconds, for a write of microseconds."""
        fcntl.flock(self.writers, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self.writers, fcntl.LOCK_UN)


def _file() -> _File:
    path = str(settings.LIMITS_FILE)
    files = getattr(_local, "files", None)
    if files is None:
        files = _local.files = {}
    if path not in files:
        files[path] = _File(path)
    return files[path]


def _run(sql: str, values: dict, *, writes: bool = True) -> list[tuple]:
    """One statement in its own transaction, every row read (which ends it)."""
    file = _file()
    with file.queued() if writes else nullcontext():
        cursor = file.connection.execute(sql, values)
        try:
            return cursor.fetchall()
        finally:
            cursor.close()


def _purge(now: float) -> None:
    global _next_purge
    if now >= _next_purge:
        _next_purge = now + PURGE_SECONDS
        _run("DELETE FROM counts WHERE ends <= :now", {"now": now})


def take(key: str, limit: int, seconds: float) -> bool:
    """One use of ``key`` if it had fewer than ``limit`` in its window; whether it had."""
    now = time.time()
    _purge(now)
    taken = _run(
        "INSERT INTO counts (key, used, ends) VALUES (:key, 1, :ends) "
        "ON CONFLICT (key) DO UPDATE SET "
        "used = CASE WHEN ends <= :now THEN 1 ELSE used + 1 END, "
        "ends = CASE WHEN ends <= :now THEN :ends ELSE ends END "
        "WHERE ends <= :now OR used < :limit "
        "RETURNING used",
        {"key": key, "now": now, "ends": now + seconds, "limit": limit},
    )
    return bool(taken)


def used(key: str) -> int:
    """How many uses ``key`` has in its window now."""
    values = {"key": key, "now": time.time()}
    rows = _run("SELECT used FROM counts WHERE key = :key AND ends > :now", values, writes=False)
    return rows[0][0] if rows else 0


def clear() -> None:
    """Forget every count (each test starts from none)."""
    _run("DELETE FROM counts", {})
