"""``manage.py restore_db FILE``: a ``backup_db`` copy back as the site's SQLite database.

Into a fresh database only: restoring over a database in use mixes the two (the rows the
backup has no table for stay, the old ones come back beside them). So the database file
named by ``DATABASE_URL`` must not exist yet: stop the site and move the old file aside
first (docs/install/backups.md says how). The backup's migrations are checked against the
code's before anything is written: a backup made by a newer version of the site is
refused (upgrade the code first); an older one is restored, then migrated, as an upgrade
would. Exit status 2 when it refuses. On PostgreSQL it refuses and names the steps
(``createdb``, ``pg_restore``, ``migrate``).
"""

import sqlite3
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from cinch_club.private_files import create_private

EXIT_REFUSED = 2


def refused(message: str) -> CommandError:
    return CommandError(message, returncode=EXIT_REFUSED)


def newer_migrations(backup: sqlite3.Connection) -> list[str]:
    """The backup's applied migrations this code does not have (of the apps it has)."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    applied = backup.execute("SELECT app, name FROM django_migrations ORDER BY id").fetchall()
    return [
        f"{app}.{name}"
        for app, name in applied
        if app in loader.migrated_apps and (app, name) not in loader.disk_migrations
    ]


class Command(BaseCommand):
    help = "Restore a backup_db copy into a fresh SQLite database, then migrate it."
    # Nothing may open the database before the check: SQLite would create the file.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, metavar="FILE", help="the backup_db copy")

    def handle(self, *args, file: Path, **options):
        if connection.vendor != "sqlite":
            raise refused(
                "restore_db restores SQLite copies; on PostgreSQL restore into a new, empty "
                "database: createdb NEW; pg_restore --no-owner --dbname=NEW FILE; then "
                "DATABASE_URL=…/NEW manage.py migrate (docs/install/backups.md)."
            )
        target = Path(connection.settings_dict["NAME"])
        if connection.is_in_memory_db() or target.exists():
            raise refused(
                f"{target} exists: restore_db restores into a fresh database only. Stop the "
                f"site, move {target} (and any {target.name}-wal, {target.name}-shm) aside, "
                "then run restore_db again."
            )
        backup = self.open_backup(file)
        try:
            newer = newer_migrations(backup)
            if newer:
                raise refused(
                    f"{file} was made by a newer version of the site (migrations this code "
                    f"lacks: {', '.join(newer)}): upgrade the code first. Nothing was restored."
                )
            create_private(target)  # password hashes and sessions: the owner's alone
            copy = sqlite3.connect(target)
            try:
                backup.backup(copy, pages=-1)
            finally:
                copy.close()
        finally:
            backup.close()
        self.stdout.write(f"Restored {file} into {target}; migrating it to this version:")
        call_command("migrate", interactive=False, stdout=self.stdout, stderr=self.stderr)

    def open_backup(self, file: Path) -> sqlite3.Connection:
        """The backup, read-only, checked whole and holding the site's tables."""
        if not file.is_file():
            raise refused(f"There is no backup at {file}.")
        backup = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
        try:
            integrity = [row[0] for row in backup.execute("PRAGMA integrity_check")]
            backup.execute("SELECT 1 FROM django_migrations LIMIT 1")
        except sqlite3.Error as error:
            backup.close()
            raise refused(f"{file} is not a backup of the site: {error}.") from None
        if integrity != ["ok"]:
            backup.close()
            raise refused(f"{file} fails its integrity check: {integrity}. Nothing was restored.")
        return backup
