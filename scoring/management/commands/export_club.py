"""``manage.py export_club FILE``: the whole database in one file, to move it to a new
machine or from SQLite to PostgreSQL (``import_club`` puts it back); ``export_club --club
SLUG FILE``: that club alone, to move it out of a site of many clubs and back
(``scoring.management.club_files``: its own format, ``cinch-one-club/1``).

Everything a club keeps: the accounts and the Scorers group, the members, every night
with its seats, games, hands and substitutes, the tables of single players, the seasons,
the cash counts, the language profiles and the audit trail (each change, who and when).
Left out is what is made again on its own: the kept night summaries, the kept sheets,
the sessions, the login lockouts. The file is ``{"format": "cinch-club/1", "migrations":
[...], "rows": [...]}``: the rows as Django's ``dumpdata`` writes them (natural keys for
the permissions), and the migrations of the database they came from, which
``import_club`` checks against its own. It writes a new file only (exit status 2 when it
exists).
"""

import json
from pathlib import Path

from django.apps import apps
from django.core import serializers
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.db.migrations.recorder import MigrationRecorder

from scoring.clubs.commands import AcrossClubsCommand
from scoring.clubs.scopes import NoSuchClub, club_named
from scoring.management.club_files import ExactEncoder, club_document, file_text

CLUB_FORMAT = "cinch-club/1"
EXIT_REFUSED = 2
# Made again by import_club: the kept summaries and their players' rows
# (scoring.core.records.kept_summaries).
LEFT_OUT = {"scoring.NightSummary", "scoring.MemberNight"}
OTHER_MODELS = ("auth.Group", "auth.User", "admin.LogEntry")


def club_rows() -> list[dict]:
    """Every row of the club's tables, a table after those it points at, each by id."""
    scoring = [
        m for m in apps.get_app_config("scoring").get_models() if m._meta.label not in LEFT_OUT
    ]
    models = [apps.get_model(label) for label in OTHER_MODELS] + scoring
    rows = []
    for model in serializers.sort_dependencies([(None, models)], allow_cycles=True):
        rows += serializers.serialize(
            "python", model._base_manager.order_by("pk"), use_natural_foreign_keys=True
        )
    return rows


def applied_migrations() -> list[str]:
    """The database's migrations, ``app.name`` each, in one order."""
    applied = MigrationRecorder(connection).applied_migrations()
    return sorted(f"{app}.{name}" for app, name in applied)


class Command(AcrossClubsCommand):
    help = "Write the whole club (accounts, nights, tables, seasons, cash counts, history) to FILE."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, metavar="FILE", help="the new club file")
        parser.add_argument(
            "--club",
            metavar="SLUG",
            help="that club alone (its members, nights, seasons, tables, settings and "
            "people), not the whole database",
        )

    def handle(self, *args, file: Path, club: str | None, **options):
        if file.exists():
            raise CommandError(f"{file} exists: give a new file name.", returncode=EXIT_REFUSED)
        # One transaction: every table as of one moment while the site serves.
        with transaction.atomic():
            if club is not None:
                document = self.one_club(club)
                text = file_text(document)
            else:
                document = {
                    "format": CLUB_FORMAT,
                    "migrations": applied_migrations(),
                    "rows": club_rows(),
                }
                text = json.dumps(document, indent=1, ensure_ascii=False, cls=ExactEncoder)
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            file.unlink(missing_ok=True)
            raise CommandError(
                f"Cannot write {file}: {error}. Nothing was saved.", returncode=EXIT_REFUSED
            ) from None
        if club is not None:
            self.stdout.write(f"Wrote club {club} to {file}: {len(document['rows'])} rows.")
        else:
            self.stdout.write(f"Wrote the club to {file}: {len(document['rows'])} rows.")

    def one_club(self, slug: str) -> dict:
        try:
            return club_document(club_named(slug))
        except NoSuchClub as error:
            raise CommandError(str(error), returncode=EXIT_REFUSED) from None
