"""``manage.py import_night FILE|-``: a ``cinch-night/1`` document into a new night.

All or nothing: ``nights.services.night_import`` checks the whole document with the rules core
and writes in one transaction. On success the last line of output is the new night's id
alone, so scripts can read it; on any problem each one goes to stderr on its own line
with its place (``games[4].hands[2].bid: ...``), nothing is written, and the exit status
is 2 as for ``python3 -m scoring.rules score``.
"""

from scoring.clubs.commands import ClubCommand
from scoring.core.ui.command_io import plural, read_document, refusing_import
from scoring.nights import services as nights_services


class Command(ClubCommand):
    help = "Import a cinch-night/1 file (or - for stdin) as a new night; prints its id last."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the night file, or - for standard input")

    def handle(self, *args, file: str, **options):
        with refusing_import(self):
            night = nights_services.night_import(document=read_document(file))
        games = night.games.filter(is_playoff=False).count()
        playoffs = night.games.filter(is_playoff=True).count()
        counts = [plural(night.seats.count(), "player"), plural(games, "game")]
        if playoffs:
            counts.append(plural(playoffs, "play-off"))
        self.stdout.write(f"Imported night {night.pk}: {night.name} ({', '.join(counts)})")
        self.stdout.write(str(night.pk))
