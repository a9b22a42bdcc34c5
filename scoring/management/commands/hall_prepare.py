"""``manage.py hall_prepare``: what ``make hall`` does before it serves, in one process.

A restart (the laptop's lid closed and opened, the server stopped by mistake) should
serve again within seconds while the phones wait, so what does not change between two
starts is checked cheaply and skipped: ``migrate`` runs only when a migration is
pending, ``collectstatic`` only when a static file was added, changed or removed since
the last collection (a fingerprint of the sources' names, sizes and times, kept in
``STATIC_ROOT``). The demo is refused every time (``hall_check``), and the SQLite
database's files are made readable by their owner alone (``cinch_club.private_files``).
"""

import hashlib
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import get_finders
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

from cinch_club.private_files import make_private
from scoring.clubs.commands import ClubCommand

FINGERPRINT = ".collected"


def migrations_pending() -> bool:
    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    return bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))


def static_fingerprint() -> str:
    """The static sources as the finders see them: each file's name, size and time."""
    digest = hashlib.sha256()
    for finder in get_finders():
        for path, storage in sorted(finder.list([]), key=lambda found: found[0]):
            stat = Path(storage.path(path)).stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


class Command(ClubCommand):
    help = "Migrate if needed, refuse the demo, collect changed static files (make hall)."

    def handle(self, *args, **options):
        if migrations_pending():
            call_command("migrate", interactive=False, stdout=self.stdout)
        call_command("hall_check", stdout=self.stdout)
        self.collect_static()
        if connections[DEFAULT_DB_ALIAS].vendor == "sqlite":
            for path in make_private(settings.DATABASES[DEFAULT_DB_ALIAS]["NAME"]):
                self.stdout.write(f"{path} is now readable by its owner alone.")

    def collect_static(self) -> None:
        kept = Path(settings.STATIC_ROOT) / FINGERPRINT
        now = static_fingerprint()
        if kept.exists() and kept.read_text(encoding="utf-8") == now:
            self.stdout.write("Static files unchanged since they were collected.")
            return
        call_command("collectstatic", interactive=False, verbosity=1, stdout=self.stdout)
        kept.write_text(now, encoding="utf-8")
