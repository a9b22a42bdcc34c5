"""``manage.py export_night ID``: a night's ``cinch-standings/1`` document on stdout.

Printed with the rules core's own ``dump_json``, so the output is byte for byte what
``python3 -m scoring.rules score`` prints for the night's file. ``--night-file`` prints
that file (``cinch-night/1``, every hand as entered) instead.
"""

from django.core.management.base import BaseCommand, CommandError

from scoring import selectors
from scoring.models import Night
from scoring.rules import InvalidInput
from scoring.rules.__main__ import EXIT_INVALID, dump_json


class Command(BaseCommand):
    help = "Print a night's cinch-standings/1 document (or, with --night-file, its night file)."

    def add_arguments(self, parser):
        parser.add_argument("night_id", type=int, metavar="ID", help="the night's id")
        parser.add_argument(
            "--night-file",
            action="store_true",
            help="print the cinch-night/1 document, every hand as entered",
        )

    def handle(self, *args, night_id: int, night_file: bool, **options):
        try:
            night = Night.objects.get(pk=night_id)
        except Night.DoesNotExist:
            raise CommandError(f"There is no night {night_id}.", returncode=EXIT_INVALID) from None
        try:
            document = (
                selectors.night_file(night) if night_file else selectors.night_standings(night)
            )
        except InvalidInput as invalid:
            # A night set up on the site but not ready to score (e.g. an odd player count).
            for problem in invalid.problems:
                self.stderr.write(str(problem))
            raise CommandError(
                f"Night {night_id} cannot be scored yet.", returncode=EXIT_INVALID
            ) from None
        self.stdout.write(dump_json(document), ending="")
