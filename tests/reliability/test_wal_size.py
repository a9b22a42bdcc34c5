"""The SQLite write-ahead file is kept in check: folded back and cut down after a big write.

The connection set-up is the settings' own (``SQLITE_INIT_COMMAND``), run as Django runs
it (one statement at a time) on a real database file.
"""

import sqlite3

from cinch_club.settings.base import SQLITE_INIT_COMMAND

LIMIT = 8 * 1024 * 1024


def test_the_write_ahead_file_shrinks_back_after_a_big_write(tmp_path):
    path = tmp_path / "club.sqlite3"
    database = sqlite3.connect(path, isolation_level=None)
    for statement in SQLITE_INIT_COMMAND.split(";"):
        if statement.strip():
            database.execute(statement)
    database.execute("CREATE TABLE hand (note TEXT)")
    database.execute("BEGIN")
    database.executemany("INSERT INTO hand VALUES (?)", [("x" * 1000,)] * 30000)
    database.execute("COMMIT")
    wal = tmp_path / "club.sqlite3-wal"
    grown = wal.stat().st_size

    database.execute("INSERT INTO hand VALUES ('the next hand')")
    database.execute("INSERT INTO hand VALUES ('and the one after')")

    assert grown > 3 * LIMIT  # one big import, folded back at its commit
    assert wal.stat().st_size <= LIMIT
    database.close()
