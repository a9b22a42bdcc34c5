"""Counters that every server process shares and nothing evicts.

The site's limits (requests per table link, refused links per address, sheet renders
per client) must hold for the whole site: counted in one place by every process,
atomically, and kept until they expire. A cache is neither: each process's memory counts
alone (three processes, three times the limit), and Django's database cache culls a
third of its keys once it holds too many, kept sheets pushing out counters.

Where they are counted is ``settings.LIMITS_STORE``:

- ``"file"`` (the default on SQLite): a SQLite file of their own, ``settings.LIMITS_FILE``,
  beside the site rather than in its database: a table link's page counts itself on
  every request, and in the site's SQLite database each count would be a write waiting
  in line behind the hands being saved (``cinch_club.sqlite_writers``), with a disk sync
  each. Here a count is one statement on a small file in WAL mode that syncs only at
  checkpoints: tens of microseconds, and no hand save waits for it. Every process opens
  it, so it serves one machine: a laptop, or one server beside its database.
- ``"database"`` (the default on PostgreSQL): an UNLOGGED table of the site's PostgreSQL
  database, ``cinch_limits``, made here the first time a process counts (no migration:
  it is not a model, and the file store has no such table). Every application server
  on every machine counts in it, so two servers behind one proxy count as one. PostgreSQL
  writes rows side by side, so a count waits for no hand; UNLOGGED skips the write-ahead
  log, and a crash of the database server empties the table, which loses counts, never
  a score. Each process counts through one connection of its own (not Django's, so a
  count is committed at once whatever transaction the request is in, and a rolled-back
  request keeps its count), one statement at a time.

What either holds is worth little: a power cut may lose the last counts, never a score.

A **count** (``take``) is one ``INSERT … ON CONFLICT DO UPDATE`` that adds one only while
under the limit and says whether it did, so twenty requests at once cannot all read
"nine" and all go on. A window starts at a key's first use and ends ``seconds`` later.
"""

import fcntl
import os
import re
import sqlite3
import threading
import time
from contextlib import contextmanager, nullcontext

from django.conf import settings

STORES = ("file", "database")
BUSY_SECONDS = 10  # how long a statement waits for another process's write to end
PURGE_SECONDS = 60  # how often a process deletes the counts whose window ended

# The one statement of a count, the same on both stores: ``:name`` parameters (SQLite's),
# turned into ``%(name)s`` (psycopg's) for PostgreSQL.
TAKE = (
    "INSERT INTO {table} AS counted (key, used, ends) VALUES (:key, 1, :ends) "
    "ON CONFLICT (key) DO UPDATE SET "
    "used = CASE WHEN counted.ends <= :now THEN 1 ELSE counted.used + 1 END, "
    "ends = CASE WHEN counted.ends <= :now THEN :ends ELSE counted.ends END "
    "WHERE counted.ends <= :now OR counted.used < :limit "
    "RETURNING used"
)
USED = "SELECT used FROM {table} WHERE key = :key AND ends > :now"
PURGE = "DELETE FROM {table} WHERE ends <= :now"
CLEAR = "DELETE FROM {table}"

FILE_SCHEMA = """
CREATE TABLE IF NOT EXISTS counts (key TEXT PRIMARY KEY, used INTEGER NOT NULL, ends REAL NOT NULL);
CREATE INDEX IF NOT EXISTS counts_ends ON counts (ends);
"""
TABLE = "cinch_limits"
DATABASE_SCHEMA = (
    f"CREATE UNLOGGED TABLE IF NOT EXISTS {TABLE} "
    "(key text PRIMARY KEY, used integer NOT NULL, ends double precision NOT NULL)",
    f"CREATE INDEX IF NOT EXISTS {TABLE}_ends ON {TABLE} (ends)",
)
# Two processes making the table at once may both pass IF NOT EXISTS and one then fail
# on PostgreSQL's catalogue: they make it in turn, under this advisory lock's number.
SCHEMA_LOCK = 0x63696E6368  # "cinch"


class _File:
    """This thread's connection to the file (made with its tables on first use), and its
    handle on the writers' queue beside it."""

    table = "counts"

    def __init__(self, path: str):
        self.writers = open(f"{path}-writers", "a")  # noqa: SIM115 (kept open with the connection)
        # In the queue: the first to open a new file turns it to WAL, which SQLite may
        # refuse at once ("database is locked") to another doing the same.
        with self.queued():
            self.connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.execute("PRAGMA synchronous=NORMAL")
            self.connection.executescript(FILE_SCHEMA)

    @contextmanager
    def queued(self):
        """Writes wait in turn on a lock file (``cinch_club.sqlite_writers`` says why):
        SQLite's own wait polls, sleeping milliseconds, for a write of microseconds."""
        fcntl.flock(self.writers, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self.writers, fcntl.LOCK_UN)

    def run(self, sql: str, values: dict, *, writes: bool) -> list[tuple]:
        """One statement in its own transaction, every row read (which ends it)."""
        with self.queued() if writes else nullcontext():
            cursor = self.connection.execute(sql.format(table=self.table), values)
            try:
                return cursor.fetchall()
            finally:
                cursor.close()


_local = threading.local()


def _file() -> _File:
    path = str(settings.LIMITS_FILE)
    files = getattr(_local, "files", None)
    if files is None:
        files = _local.files = {}
    if path not in files:
        files[path] = _File(path)
    return files[path]


class _Database:
    """This process's own connection to the site's PostgreSQL database, in autocommit,
    shared by its threads one statement at a time (a count is a fraction of a
    millisecond: one connection a process, not one a thread, on a server that counts
    every connection of every machine)."""

    table = TABLE

    def __init__(self):
        self.lock = threading.Lock()
        self.connection = None
        self.made_for = None

    @staticmethod
    def _where() -> tuple:
        """Which database the site's settings name now (the suite's test database once
        it is made, the site's before)."""
        from django.db import DEFAULT_DB_ALIAS, connections

        named = connections.settings[DEFAULT_DB_ALIAS]
        return (os.getpid(), named["NAME"], named["HOST"], named["PORT"], named["USER"])

    def _connection(self):
        where = self._where()
        if self.connection is not None and self.made_for != where:
            # Another database (the suite's test database once made): closed. A forked
            # process: let go unclosed, since closing would end the parent's session too.
            self._close(end=self.made_for[0] == where[0])
        if self.connection is None:
            import psycopg
            from django.db import DEFAULT_DB_ALIAS, connections

            # The parameters Django itself connects with (the site's OPTIONS, its TLS),
            # for a connection apart from the ones Django opens, closes and counts per
            # request (and that the suite's guard on database access watches).
            wrapper = connections.create_connection(DEFAULT_DB_ALIAS)
            parameters = wrapper.get_connection_params()
            parameters.pop("cursor_factory", None)
            connection = psycopg.connect(**parameters, autocommit=True)
            with connection.transaction():
                connection.execute("SELECT pg_advisory_xact_lock(%s)", [SCHEMA_LOCK])
                for statement in DATABASE_SCHEMA:
                    connection.execute(statement)
            self.connection, self.made_for = connection, where
        return self.connection

    def _close(self, *, end: bool = True) -> None:
        connection, self.connection, self.made_for = self.connection, None, None
        if connection is not None and end:
            connection.close()

    def close(self) -> None:
        with self.lock:
            self._close()

    def run(self, sql: str, values: dict, *, writes: bool) -> list[tuple]:
        """One statement, committed as it ends; once more on a new connection if the one
        kept was lost (the database restarted, the network cut a moment)."""
        import psycopg

        statement = re.sub(r":(\w+)", r"%(\1)s", sql.format(table=self.table))
        with self.lock:
            for attempt in (1, 2):
                try:
                    cursor = self._connection().execute(statement, values)
                    return cursor.fetchall() if cursor.description else []
                except (psycopg.OperationalError, psycopg.InterfaceError):
                    self._close()
                    if attempt == 2:
                        raise
        return []  # never reached: the second attempt returns or raises


_database = _Database()
_next_purge = {"file": 0.0, "database": 0.0}


def _store():
    """The store ``settings.LIMITS_STORE`` names (the file when the setting is absent, as
    in a process configured by hand)."""
    return _database if getattr(settings, "LIMITS_STORE", "file") == "database" else _file()


def _run(sql: str, values: dict, *, writes: bool = True) -> list[tuple]:
    return _store().run(sql, values, writes=writes)


def _purge(now: float) -> None:
    store = getattr(settings, "LIMITS_STORE", "file")
    if now >= _next_purge.get(store, 0.0):
        _next_purge[store] = now + PURGE_SECONDS
        _run(PURGE, {"now": now})


def take(key: str, limit: int, seconds: float) -> bool:
    """One use of ``key`` if it had fewer than ``limit`` in its window; whether it had."""
    now = time.time()
    _purge(now)
    values = {"key": key, "now": now, "ends": now + seconds, "limit": limit}
    return bool(_run(TAKE, values))


def used(key: str) -> int:
    """How many uses ``key`` has in its window now."""
    rows = _run(USED, {"key": key, "now": time.time()}, writes=False)
    return rows[0][0] if rows else 0


def clear() -> None:
    """Forget every count (each test starts from none)."""
    _run(CLEAR, {})


def disconnect() -> None:
    """Close this process's connection to the database store, if it has one (before its
    database is dropped: PostgreSQL drops none that a connection is open to)."""
    _database.close()
