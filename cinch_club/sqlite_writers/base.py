"""Django's SQLite backend, its write transactions queued on a lock file.

With ``transaction_mode="IMMEDIATE"`` every transaction takes SQLite's write lock as it
begins. A writer that finds it taken does not wait in line: SQLite's busy handler
sleeps and tries again, with sleeps growing to 100 ms, so when twenty saves arrive
together the lock sits free while the others sleep, and the last ones wait longest
(docs/performance.md, "Table links": the saves' p95 and worst are lower with this
queue than with the busy handler). Here a transaction first takes an exclusive
``flock`` on ``<database>-writers`` beside the database file, which the kernel hands on
the moment it is let go, and lets it go when it commits or rolls back. Every thread and
process opens its own, so the queue holds across gunicorn's workers. A writer waits in
it as long as it takes (SQLite's 20 s timeout no longer comes into play): a stuck worker is
ended by gunicorn's timeout, and the kernel lets go of its lock. An in-memory database
(the tests') has no file and no queue; the folder is writable anyway (WAL keeps its
``-wal`` and ``-shm`` files there).
"""

import fcntl

from django.db.backends.sqlite3 import base

from cinch_club.private_files import create_private


class DatabaseWrapper(base.DatabaseWrapper):
    writers = None  # this connection's open lock file

    def get_new_connection(self, conn_params):
        """A new database file is made readable by its owner alone before SQLite opens it
        (its -wal and -shm files take the same permissions)."""
        if not self.is_in_memory_db():
            create_private(self.settings_dict["NAME"])
        return super().get_new_connection(conn_params)

    def _start_transaction_under_autocommit(self):
        if not self.is_in_memory_db():
            if self.writers is None:
                self.writers = open(f"{self.settings_dict['NAME']}-writers", "a")  # noqa: SIM115
            fcntl.flock(self.writers, fcntl.LOCK_EX)
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave_queue()
            raise

    def _leave_queue(self):
        if self.writers is not None:
            fcntl.flock(self.writers, fcntl.LOCK_UN)

    def _commit(self):
        try:
            super()._commit()
        finally:
            self._leave_queue()

    def _rollback(self):
        try:
            super()._rollback()
        finally:
            self._leave_queue()

    def _close(self):
        try:
            super()._close()
        finally:
            if self.writers is not None:
                self.writers.close()  # which lets go of the lock too
                self.writers = None
