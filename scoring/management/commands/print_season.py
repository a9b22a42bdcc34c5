"""``manage.py print_season ID [--paper a4] --out FILE``: the season's ladder sheet.

The same PDF as ``/seasons/<id>/ladder.pdf``, from the same renderer (kept sheets).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring import seasons
from scoring.models import Season
from scoring.printing import DEFAULT_PAPER, PAPERS
from scoring.rules.__main__ import EXIT_INVALID


class Command(BaseCommand):
    help = "Write a season's ladder sheet as a PDF file."

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int, metavar="ID", help="the season's id")
        parser.add_argument("--paper", choices=sorted(PAPERS), default=DEFAULT_PAPER)
        parser.add_argument("--out", required=True, type=Path, help="the PDF file to write")

    def handle(self, *args, season_id: int, paper: str, out: Path, **options):
        try:
            season = Season.objects.get(pk=season_id)
        except Season.DoesNotExist:
            raise CommandError(
                f"There is no season {season_id}.", returncode=EXIT_INVALID
            ) from None
        pdf = seasons.ladder_sheet_pdf(season, paper)
        try:
            out.write_bytes(pdf)
        except OSError as error:
            raise CommandError(f"Cannot write {out}: {error}", returncode=EXIT_INVALID) from None
        self.stdout.write(f"Wrote {out} (season ladder, {len(pdf):,} bytes)")
