"""``manage.py print_night ID --sheet SHEET [--paper a4] [--language fr] --out FILE``.

Writes the same PDFs as the site's print links, from the same renderer, in the night's
language (``Night.language``, else the club's ``LANGUAGE_CODE``) unless ``--language``
names another. Its own messages follow the club's language. The pair cards (``pairs``)
carry the pairs' codes: rendered now, never kept (``printing.pair_cards``), at the
address the running hall serves (``--site`` or ``SITE_URL`` else; refused with neither,
as ``table_links`` is).
"""

from pathlib import Path

from django.conf import settings
from django.test import override_settings
from django.utils import translation

from scoring.clubs.commands import ClubCommand
from scoring.core.printing.renderer import PAPERS
from scoring.core.ui.command_io import look_up, phones_address, write_pdf
from scoring.models import Night, club_setting
from scoring.printing import night_sheets
from scoring.printing import sheets as printing_sheets
from scoring.printing.pair_cards import pair_cards_pdf

PAIRS = "pairs"


class Command(ClubCommand):
    help = "Write a night's packet, standings or payout sheet as a PDF file."

    def add_arguments(self, parser):
        parser.add_argument("night_id", type=int, metavar="ID", help="the night's id")
        parser.add_argument(
            "--sheet", choices=sorted([*printing_sheets.SHEETS, PAIRS]), required=True
        )
        parser.add_argument(
            "--paper", choices=sorted(PAPERS), help="Letter or A4 (default: the night's setting)"
        )
        parser.add_argument(
            "--filled", action="store_true", help="packet: fill the score sheets with the hands"
        )
        parser.add_argument(
            "--language",
            choices=[code for code, _ in settings.LANGUAGES],
            help="the sheet's language (default: the night's, else the club's LANGUAGE_CODE)",
        )
        parser.add_argument("--out", required=True, type=Path, help="the PDF file to write")
        parser.add_argument("--site", help="pairs: the site's address for phones (SITE_URL)")

    def handle(self, *args, night_id: int, sheet: str, paper, filled: bool, out: Path, **options):
        with translation.override(club_setting("LANGUAGE_CODE")):
            self.write_sheet(night_id, sheet, paper, filled, out, options)

    def write_sheet(self, night_id: int, sheet: str, paper, filled: bool, out: Path, options):
        night = look_up("night", night_id, Night.objects.get)
        language = options["language"]
        if sheet == PAIRS:
            with override_settings(SITE_URL=phones_address(options["site"])):
                pdf = pair_cards_pdf(night, paper=paper or night.paper, language=language)
        else:
            pdf = night_sheets.sheet_pdf(
                night, sheet, paper=paper or night.paper, filled=filled, language=language
            )
        write_pdf(out, pdf)
        self.stdout.write(f"Wrote {out} ({sheet}, {len(pdf):,} bytes)")
