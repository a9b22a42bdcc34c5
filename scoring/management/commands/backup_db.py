"""``manage.py backup_db FILE``: a consistent copy of the live SQLite database.

Made with SQLite's online backup API, never a file copy: copying ``db.sqlite3`` while
scorers enter hands can catch a page half-written, and misses whatever is still in the
``-wal`` file beside it. The API copies the database as of one moment, in one step, while
the site keeps serving (in WAL mode readers never block writers, nor writers them); the
copy is then checked with ``PRAGMA integrity_check``. On PostgreSQL it refuses: there
``pg_dump`` makes the consistent copy (docs/install/backups.md).

It writes a new file only, so a backup can never overwrite the database or an older
backup by mistake. Exit status 2 when it refuses.
"""

import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

EXIT_REFUSED = 2


class Command(BaseCommand):
    help = "Copy the live SQLite database to FILE with SQLite's backup API (consistent)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, metavar="FILE", help="the new backup file")

    def handle(self, *args, file: Path, **options):
        if connection.vendor != "sqlite":
            raise CommandError(
                f"backup_db copies SQLite databases; this one is {connection.vendor}: "
                'use pg_dump --format=custom --file=FILE "$DATABASE_URL" instead.',
                returncode=EXIT_REFUSED,
            )
        if file.exists():
            raise CommandError(
                f"{file} exists: give a new file name for the backup.", returncode=EXIT_REFUSED
            )
        connection.ensure_connection()
        try:
            target = sqlite3.connect(file)
        except sqlite3.Error as error:
            raise CommandError(f"Cannot create {file}: {error}", returncode=EXIT_REFUSED) from None
        try:
            # pages=-1: the whole database in one step, so it is one moment's copy (a copy
            # in several steps starts over whenever a scorer writes in between).
            connection.connection.backup(target, pages=-1)
            integrity = [row[0] for row in target.execute("PRAGMA integrity_check")]
            pages = target.execute("PRAGMA page_count").fetchone()[0]
        finally:
            target.close()
        if integrity != ["ok"]:
            raise CommandError(f"The copy in {file} fails its integrity check: {integrity}")
        self.stdout.write(f"Backed up the database to {file} ({pages} pages, integrity ok)")
