"""``manage.py import_club FILE``: an ``export_club`` file into an empty database.

Into an empty database only (migrated, with no account, member, night or table yet), so
nothing is mixed: on a new machine, ``migrate`` then ``import_club``. The file's
migrations must be the database's: a file from an older version is imported by that
version first and upgraded with it, one from a newer version needs the code upgraded.
All of it or nothing, in one transaction; the rows keep their ids (the pages' addresses
and the phone links stay the same). Exit status 2 when it refuses.

A file of one club (``export_club --club``, ``cinch-one-club/1``) goes into a site of any
number of clubs instead, as a new club or into an empty one: ``--club SLUG`` (or ``--as
SLUG``), else the file's own slug; on a fresh laptop, into the club ``migrate`` made. The
other clubs' rows are not touched; the club's rows take new ids (``club_files``).
"""

import json
import tempfile
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.validators import validate_slug
from django.db import IntegrityError, transaction

from scoring.clubs.commands import AcrossClubsCommand
from scoring.clubs.scopes import in_club
from scoring.core.records import kept_summaries
from scoring.management.club_files import ONE_CLUB_FORMAT, club_load, holdings, home_placeholder
from scoring.management.commands.export_club import CLUB_FORMAT, applied_migrations
from scoring.models import Club, Member, Night, TableGame

EXIT_REFUSED = 2


def refused(message: str) -> CommandError:
    return CommandError(message, returncode=EXIT_REFUSED)


class Command(AcrossClubsCommand):
    help = (
        "Load an export_club file into an empty, migrated database; a file of one club "
        "(export_club --club) into a new or empty club of this site."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, metavar="FILE", help="the export_club file")
        parser.add_argument(
            "--club",
            "--as",
            dest="club",
            metavar="SLUG",
            help="a file of one club: the club it goes into (new, or empty), by default "
            "the file's own",
        )

    def handle(self, *args, file: Path, club: str | None, **options):
        document = self.read(file)
        self.check_migrations(file, document)
        if document["format"] == ONE_CLUB_FORMAT:
            return self.one_club(file, document, club or document["club"]["slug"])
        if club is not None:
            raise refused(
                f"{file} holds a whole database, not one club: import it without --club "
                "into an empty database (export_club --club SLUG writes one club)."
            )
        if any(model.objects.exists() for model in (get_user_model(), Member, Night, TableGame)):
            raise refused(
                "This database is not empty: import_club loads a club into an empty database "
                "only (a new DATABASE_URL, then manage.py migrate)."
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

    def check_migrations(self, file: Path, document: dict) -> None:
        ours = applied_migrations()
        if document["migrations"] != ours:
            theirs = set(document["migrations"])
            raise refused(
                f"{file} comes from a database at other migrations than this one "
                f"(only in the file: {', '.join(sorted(theirs - set(ours))) or 'none'}; "
                f"only here: {', '.join(sorted(set(ours) - theirs)) or 'none'}): run "
                "manage.py migrate here, or move the club with the same version of the site."
            )

    def one_club(self, file: Path, document: dict, slug: str) -> None:
        with transaction.atomic():
            club = self.club_to_fill(slug)
            with in_club(club):
                try:
                    loaded = club_load(document, club)
                except IntegrityError as error:
                    raise refused(
                        f"Club {slug}: {file} holds rows this site has already (a pair's code, "
                        f"a phone's entry or a letter: was the club imported here before?): "
                        f"{error}. Nothing was imported."
                    ) from None
                kept_summaries.keep(list(Night.objects.values_list("pk", flat=True)))
        self.stdout.write(f"Imported club {club.slug} from {file}: {loaded['rows']} rows.")
        if loaded["kept"]:
            self.stdout.write(
                "These logins were on this site already and keep their passwords: "
                + ", ".join(loaded["kept"])
            )

    def club_to_fill(self, slug: str) -> Club:
        """Club ``slug`` if it is empty, a new one if none has the slug (a fresh laptop's
        one empty club takes the file's); refused if it holds something."""
        try:
            validate_slug(slug)
        except ValidationError:
            raise refused(
                f"--club: {slug!r} is not a slug: letters, digits, - and _ only."
            ) from None
        club = Club.objects.select_for_update().filter(slug=slug).first()
        if club is None:
            return home_placeholder(slug) or Club(slug=slug)
        held = holdings(club)
        if held:
            raise refused(
                f"Club {slug} ({club.name}) is not empty ({', '.join(held)}). "
                "import_club loads a club into a new or empty club only: name another with "
                "--as SLUG."
            )
        return club

    def read(self, file: Path) -> dict:
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise refused(f"Cannot read {file}: {error}") from None
        if not isinstance(document, dict) or document.get("format") not in (
            CLUB_FORMAT,
            ONE_CLUB_FORMAT,
        ):
            raise refused(f"{file} is not an export_club file ({CLUB_FORMAT}, {ONE_CLUB_FORMAT}).")
        return document
