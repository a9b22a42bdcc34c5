"""``manage.py import_club FILE``: an ``export_club`` file into an empty database.

Into an empty database only (migrated, with no account, member, night or table yet), so
nothing is mixed: on a new machine, ``migrate`` then ``import_club``. The file's
migrations must be the database's: a file from an older version is imported by that
version first and upgraded with it, one from a newer version needs the code upgraded.
All of it or nothing, in one transaction; the rows keep their ids (the pages' addresses
and the phone links stay the same). Exit status 2 when it refuses.
"""

import json
import tempfile
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from scoring.clubs.commands import AcrossClubsCommand
from scoring.core.records import kept_summaries
from scoring.management.commands.export_club import CLUB_FORMAT, applied_migrations
from scoring.models import Member, Night, TableGame

EXIT_REFUSED = 2


def refused(message: str) -> CommandError:
    return CommandError(message, returncode=EXIT_REFUSED)


class Command(AcrossClubsCommand):
    help = "Load an export_club file into an empty, migrated database."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, metavar="FILE", help="the export_club file")

    def handle(self, *args, file: Path, **options):
        document = self.read(file)
        if any(model.objects.exists() for model in (get_user_model(), Member, Night, TableGame)):
            raise refused(
                "This database is not empty: import_club loads a club into an empty database "
                "only (a new DATABASE_URL, then manage.py migrate)."
            )
        ours = applied_migrations()
        if document["migrations"] != ours:
            theirs = set(document["migrations"])
            raise refused(
                f"{file} comes from a database at other migrations than this one "
                f"(only in the file: {', '.join(sorted(theirs - set(ours))) or 'none'}; "
                f"only here: {', '.join(sorted(set(ours) - theirs)) or 'none'}): run "
                "manage.py migrate here, or move the club with the same version of the site."
            )
        with tempfile.TemporaryDirectory() as folder:
            rows = Path(folder) / "club.json"
            rows.write_text(json.dumps(document["rows"]), encoding="utf-8")
            with transaction.atomic():
                call_command("loaddata", str(rows), verbosity=0)
                # Kept again here, or a club moved with years of nights would score
                # every one of them on each read of the members page.
                kept_summaries.keep(list(Night.objects.values_list("pk", flat=True)))
        self.stdout.write(f"Imported the club from {file}: {len(document['rows'])} rows.")

    def read(self, file: Path) -> dict:
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise refused(f"Cannot read {file}: {error}") from None
        if not isinstance(document, dict) or document.get("format") != CLUB_FORMAT:
            raise refused(f"{file} is not an export_club file ({CLUB_FORMAT}).")
        return document
