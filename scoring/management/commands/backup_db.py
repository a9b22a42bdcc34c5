"""``manage.py backup_db FILE``: a consistent copy of the live SQLite database.

Made with SQLite's online backup API, never a file copy: copying ``db.sqlite3`` while
scorers enter hands can catch a page half-written, and misses whatever is still in the
``-wal`` file beside it. The API copies the database as of one moment, in one step, while
the site keeps serving (in WAL mode readers never block writers, nor writers them); the
copy is then checked with ``PRAGMA integrity_check``. On PostgreSQL it refuses: there
``pg_dump`` makes the consistent copy (docs/install/backups.md).

A backup that could lie is refused (exit status 2), nothing left behind: a database file
that does not exist (run from cron without ``DATABASE_URL``, SQLite would make an empty
one and back that up), a database with no nights, a full disk (the half-written copy is
removed, so it never blocks the name). It writes a new file only, so a backup can never
overwrite the database or an older backup by mistake; its folder is made when missing.

It copies the whole file, every club of a hosted site at once: a club's own backup is its
club file, ``export_club --club SLUG FILE`` (``--club`` here says so).
"""

import sqlite3
from pathlib import Path

from django.core.management.base import CommandError
from django.db import DatabaseError, connection

from cinch_club.private_files import create_private
from scoring.clubs.commands import AcrossClubsCommand
from scoring.models import Night

EXIT_REFUSED = 2


def refused(message: str) -> CommandError:
    return CommandError(message, returncode=EXIT_REFUSED)


def open_copy(file: Path) -> sqlite3.Connection:
    """The new backup file, readable by its owner alone, as a database to copy into."""
    create_private(file)
    return sqlite3.connect(file)


class Command(AcrossClubsCommand):
    help = "Copy the live SQLite database to FILE with SQLite's backup API (consistent)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, metavar="FILE", help="the new backup file")
        parser.add_argument(
            "--club", metavar="SLUG", help="refused: a club's own backup is export_club --club"
        )

    def handle(self, *args, file: Path, club: str | None, **options):
        if club is not None:
            raise refused(
                "backup_db copies the whole database, every club in it. A club's own "
                f"backup is its club file: manage.py export_club --club {club} FILE "
                "(import_club --club puts it back)."
            )
        if connection.vendor != "sqlite":
            raise refused(
                f"backup_db copies SQLite databases; this one is {connection.vendor}: "
                'use pg_dump --format=custom --file=FILE "$DATABASE_URL" instead.'
            )
        if file.exists():
            raise refused(f"{file} exists: give a new file name for the backup.")
        self.check_source()
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            target = open_copy(file)
        except (OSError, sqlite3.Error) as error:
            raise refused(f"Cannot create {file}: {error}") from None
        try:
            # pages=-1: the whole database in one step, so it is one moment's copy (a copy
            # in several steps starts over whenever a scorer writes in between).
            connection.connection.backup(target, pages=-1)
            integrity = [row[0] for row in target.execute("PRAGMA integrity_check")]
            pages = target.execute("PRAGMA page_count").fetchone()[0]
        except (OSError, sqlite3.Error) as error:
            target.close()
            file.unlink(missing_ok=True)
            if getattr(error, "sqlite_errorname", "") == "SQLITE_FULL":
                raise refused(
                    f"The disk holding {file} is full: nothing was saved. Free some space "
                    "(or back up to another disk) and run backup_db again."
                ) from None
            raise refused(f"Cannot write {file}: {error}. Nothing was saved.") from None
        target.close()
        if integrity != ["ok"]:
            raise CommandError(f"The copy in {file} fails its integrity check: {integrity}")
        self.stdout.write(f"Backed up the database to {file} ({pages} pages, integrity ok)")

    def check_source(self) -> None:
        """The club's database, not an empty one SQLite would make: the file exists (checked
        before connecting, which would create it) and holds nights."""
        name = connection.settings_dict["NAME"]
        if not connection.is_in_memory_db() and not Path(name).is_file():
            raise refused(
                f"There is no database at {name}: nothing was backed up. Set DATABASE_URL to "
                "the club's database (cron does not read the settings of your shell)."
            )
        try:
            nights = Night.objects.count()
        except DatabaseError:
            nights = 0
        if not nights:
            raise refused(
                f"The database at {name} holds no nights: nothing was backed up. Is "
                "DATABASE_URL the club's database?"
            )
