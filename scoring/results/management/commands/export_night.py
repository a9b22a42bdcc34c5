"""``manage.py export_night ID``: a night's ``cinch-standings/1`` document on stdout.

Printed with the rules core's own ``dump_json``, so the output is byte for byte what
``python3 -m scoring.rules score`` prints for the night's file. ``--night-file`` prints
that file (``cinch-night/1``, every hand as entered) instead.

``export_night --all DIR`` writes every night's file to ``DIR/night-<id>.json`` (the
same bytes ``--night-file`` prints) and says what it wrote: the nights' results in a
form ``import_night`` takes back, for a backup anyone can read. It is not the whole
database (no logins, no audit trail): ``backup_db`` or ``pg_dump`` copies that.

A night is always exported as stored, even one today's rules refuse (one an earlier
version stored: ``check_nights``), and what to mend is then named on stderr: its file
every hand as entered, and its standings from the stored totals, a night refused for its
players' names alone ("Ann" and "ann") scored by number with its names as stored
(``core.records.mending.stored_standings``). Neither document has a field for what is
wrong, so stderr alone says it; such a file is one ``python3 -m scoring.rules score``
refuses, with the same words.
"""

from pathlib import Path

from django.core.management.base import CommandError
from django.db import transaction

from scoring.clubs.commands import ClubCommand
from scoring.core.records import documents
from scoring.core.records.mending import night_mends, stored_standings
from scoring.core.ui.command_io import look_up, print_document, refusing_invalid
from scoring.models import Night
from scoring.rules.__main__ import EXIT_INVALID
from scoring.rules.jsonio import dump_json


class Command(ClubCommand):
    help = (
        "Print a night's cinch-standings/1 document (or, with --night-file, its night file); "
        "with --all DIR, write every night's file to DIR."
    )

    def add_arguments(self, parser):
        parser.add_argument("night_id", nargs="?", type=int, metavar="ID", help="the night's id")
        parser.add_argument(
            "--night-file",
            action="store_true",
            help="print the cinch-night/1 document, every hand as entered",
        )
        parser.add_argument(
            "--all",
            type=Path,
            metavar="DIR",
            dest="folder",
            help="write every night's cinch-night/1 file to DIR/night-<id>.json",
        )

    def handle(self, *args, night_id: int | None, night_file: bool, folder, **options):
        if (night_id is None) == (folder is None):
            raise CommandError("Give a night's ID, or --all DIR.", returncode=EXIT_INVALID)
        if folder is not None:
            self.write_all(folder)
            return
        night = look_up("night", night_id, Night.objects.get)
        if night_file:
            print_document(self, documents.night_file(night))
            self.name_mends(night)
            return
        # A night set up on the site may not be ready to score (e.g. an odd player count).
        summary = f"Night {night_id} cannot be scored yet (--night-file exports it as stored)."
        with refusing_invalid(self, summary):
            document = stored_standings(night)
        print_document(self, document)
        # Scored from the stored totals: a hand today's rules refuse is still named.
        self.name_mends(night)

    def name_mends(self, night: Night) -> None:
        """What today's rules refuse in the night as stored, on stderr (the file is out)."""
        for mend in night_mends(night):
            self.stderr.write(f"Night {night.pk} to mend: {mend}")

    def write_all(self, folder: Path) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"Cannot write to {folder}: {error}") from None
        night_ids = list(Night.objects.order_by("pk").values_list("pk", flat=True))
        for night_id in night_ids:
            # One transaction per night: its seats, games and hands read as of one moment
            # while scorers go on entering.
            with transaction.atomic():
                night = Night.objects.get(pk=night_id)
                text = dump_json(documents.night_file(night))
            path = folder / f"night-{night_id}.json"
            path.write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {path}: {night.name} ({night.date:%Y-%m-%d})")
            self.name_mends(night)
        self.stdout.write(f"{len(night_ids)} night file(s) written to {folder}")
