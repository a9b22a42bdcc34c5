"""``manage.py import_game FILE|-``: a ``cinch-game/1`` document into a new table.

As ``import_night``: all or nothing (``tablegames.services.table_import`` checks the whole
document with the rules core, in one transaction); the last line of output is the new
table's id alone; on any problem each goes to stderr on its own line with its place
(``hands[2].partner: ...``), nothing is written, and the exit status is 2.
"""

from scoring.clubs.commands import ClubCommand
from scoring.core.ui.command_io import plural, read_document, refusing_import
from scoring.tablegames import services as tablegames_services


class Command(ClubCommand):
    help = "Import a cinch-game/1 file (or - for stdin) as a new table; prints its id last."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the game file, or - for standard input")

    def handle(self, *args, file: str, **options):
        with refusing_import(self):
            table = tablegames_services.table_import(document=read_document(file))
        counts = [plural(table.players.count(), "player"), plural(table.hands.count(), "hand")]
        self.stdout.write(f"Imported table {table.pk}: {table} ({', '.join(counts)})")
        self.stdout.write(str(table.pk))
