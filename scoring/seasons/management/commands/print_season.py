"""``manage.py print_season ID [--paper a4] --out FILE``: the season's ladder sheet.

The same PDF as ``/seasons/<id>/ladder.pdf``, from the same renderer (kept sheets).
"""

from pathlib import Path

from scoring.clubs.commands import ClubCommand
from scoring.core.printing.renderer import DEFAULT_PAPER, PAPERS
from scoring.core.ui.command_io import look_up, write_pdf
from scoring.models import Season
from scoring.seasons import sheets as seasons_sheets


class Command(ClubCommand):
    help = "Write a season's ladder sheet as a PDF file."

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int, metavar="ID", help="the season's id")
        parser.add_argument("--paper", choices=sorted(PAPERS), default=DEFAULT_PAPER)
        parser.add_argument("--out", required=True, type=Path, help="the PDF file to write")

    def handle(self, *args, season_id: int, paper: str, out: Path, **options):
        season = look_up("season", season_id, Season.objects.get)
        pdf = seasons_sheets.ladder_sheet_pdf(season, paper)
        write_pdf(out, pdf)
        self.stdout.write(f"Wrote {out} (season ladder, {len(pdf):,} bytes)")
