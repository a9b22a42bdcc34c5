"""``manage.py export_season ID``: a season's ``cinch-ladder/1`` document on stdout.

The ``cinch-season/1`` document is built from the season's night files (what
``export_night --night-file`` prints) and given to the rules core's ``ladder_document``,
printed with its ``dump_json``: byte for byte what ``python3 -m scoring.rules ladder``
prints for that document.
"""

from scoring.clubs.commands import ClubCommand
from scoring.core.ui.command_io import look_up, print_document, refusing_invalid
from scoring.models import Season
from scoring.rules.ladder import ladder_document
from scoring.seasons import selectors as seasons_selectors


class Command(ClubCommand):
    help = "Print a season's cinch-ladder/1 document, as the rules core's ladder prints it."

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int, metavar="ID", help="the season's id")
        parser.add_argument(
            "--season-file",
            action="store_true",
            help="print the cinch-season/1 document (the nights' files) instead",
        )

    def handle(self, *args, season_id: int, season_file: bool, **options):
        season = look_up("season", season_id, Season.objects.get)
        document = seasons_selectors.season_document(season)
        if not season_file:
            with refusing_invalid(self, f"Season {season_id} cannot be laddered."):
                document = ladder_document(document)
        print_document(self, document)
