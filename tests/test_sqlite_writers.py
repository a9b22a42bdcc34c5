"""SQLite's write transactions wait in turn on a lock file (``cinch_club.sqlite_writers``)."""

import fcntl
import threading

import pytest
from django.db import connection

from cinch_club.sqlite_writers.base import DatabaseWrapper


@pytest.fixture
def database(tmp_path, django_db_blocker):
    """A file database of its own, opened as production opens SQLite (not the suite's)."""
    settings = dict(connection.settings_dict, NAME=str(tmp_path / "club.sqlite3"))
    settings["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
    opened = []

    def open_connection() -> DatabaseWrapper:
        wrapper = DatabaseWrapper(settings, alias="writers")
        opened.append(wrapper)
        return wrapper

    with django_db_blocker.unblock():
        yield open_connection, tmp_path / "club.sqlite3-writers"
        for wrapper in opened:
            wrapper.close()


def held(lock_file) -> bool:
    """Whether another holder has the queue's lock now."""
    with open(lock_file) as probe:
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(probe, fcntl.LOCK_UN)
        return False


@pytest.mark.parametrize("end", ["commit", "rollback"])
def test_a_transaction_holds_the_queue_until_it_ends(database, end):
    open_connection, lock_file = database
    writer = open_connection()
    writer.ensure_connection()

    writer._start_transaction_under_autocommit()
    assert held(lock_file)
    writer.cursor().execute("CREATE TABLE seen (n integer)")
    getattr(writer, end)()

    assert not held(lock_file)


def test_the_next_writer_waits_for_the_first_to_commit(database):
    open_connection, lock_file = database
    first = open_connection()
    first.ensure_connection()
    first.cursor().execute("CREATE TABLE seen (n integer)")
    order = []
    first._start_transaction_under_autocommit()
    first.cursor().execute("INSERT INTO seen VALUES (1)")

    def second_writer():
        second = open_connection()
        second.inc_thread_sharing()  # the fixture closes it from the test's thread
        second.ensure_connection()
        second._start_transaction_under_autocommit()
        order.append("second began")
        second.cursor().execute("INSERT INTO seen VALUES (2)")
        second.commit()

    thread = threading.Thread(target=second_writer)
    thread.start()
    thread.join(0.3)
    assert thread.is_alive() and order == []  # waiting behind the first
    order.append("first commits")
    first.commit()
    thread.join(5)

    assert order == ["first commits", "second began"]
    rows = first.cursor().execute("SELECT n FROM seen ORDER BY n").fetchall()
    assert rows == [(1,), (2,)]


def test_closing_lets_go_of_the_queue(database):
    open_connection, lock_file = database
    writer = open_connection()
    writer.ensure_connection()
    writer._start_transaction_under_autocommit()

    writer.close()

    assert not held(lock_file)


def test_a_new_database_and_its_wal_are_readable_by_their_owner_alone(database, tmp_path):
    open_connection, _ = database
    writer = open_connection()
    with writer.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("CREATE TABLE kept (value TEXT)")

    files = [tmp_path / "club.sqlite3", tmp_path / "club.sqlite3-wal"]
    assert [oct(path.stat().st_mode & 0o777) for path in files] == ["0o600", "0o600"]
