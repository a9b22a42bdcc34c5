"""``manage.py export_game ID``: a table's ``cinch-board/1`` document on stdout.

Printed with the rules core's own ``dump_json`` from the table's ``cinch-game/1``
document, so the output is byte for byte what ``python3 -m scoring.rules score`` prints
for the table's file. ``--game-file`` prints that file instead.
"""

from scoring.clubs.commands import ClubCommand
from scoring.core.ui.command_io import look_up, print_document, refusing_invalid
from scoring.tablegames.documents import table_board, table_document
from scoring.tablegames.selectors import table_detail, table_rows


class Command(ClubCommand):
    help = "Print a table's cinch-board/1 document (or, with --game-file, its game file)."

    def add_arguments(self, parser):
        parser.add_argument("table_id", type=int, metavar="ID", help="the table's id")
        parser.add_argument(
            "--game-file",
            action="store_true",
            help="print the cinch-game/1 document, every hand as entered",
        )

    def handle(self, *args, table_id: int, game_file: bool, **options):
        table = look_up("table", table_id, table_detail)
        players, hands = table_rows(table)
        build = table_document if game_file else table_board
        with refusing_invalid(self, f"Table {table_id} cannot be scored."):
            document = build(table, players, hands)
        print_document(self, document)
