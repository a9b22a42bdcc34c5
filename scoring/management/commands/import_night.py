"""``manage.py import_night FILE|-``: a ``cinch-night/1`` document into a new night.

All or nothing: ``services.night_import`` checks the whole document with the rules core
and writes in one transaction. On success the last line of output is the new night's id
alone, so scripts can read it; on any problem each one goes to stderr on its own line
with its place (``games[4].hands[2].bid: ...``), nothing is written, and the exit status
is 2 as for ``python3 -m scoring.rules score``.
"""

import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from scoring import services
from scoring.rules.__main__ import EXIT_INVALID
from scoring.rules.jsonio import load_json


def read_document(source: str):
    """The JSON document at ``source`` (a path, or ``-`` for stdin), decimals kept exact."""
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ValidationError(f"{source}: cannot read the night file: {error}") from None
    try:
        return load_json(text)
    except (ValueError, RecursionError) as error:
        raise ValidationError(f"{source}: not a JSON document: {error}") from None


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class Command(BaseCommand):
    help = "Import a cinch-night/1 file (or - for stdin) as a new night; prints its id last."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the night file, or - for standard input")

    def handle(self, *args, file: str, **options):
        try:
            night = services.night_import(document=read_document(file))
        except ValidationError as error:
            for message in error.messages:
                self.stderr.write(message)
            raise CommandError(
                f"Nothing was imported: {plural(len(error.messages), 'problem')}.",
                returncode=EXIT_INVALID,
            ) from None
        games = night.games.filter(is_playoff=False).count()
        playoffs = night.games.filter(is_playoff=True).count()
        counts = [plural(night.seats.count(), "player"), plural(games, "game")]
        if playoffs:
            counts.append(plural(playoffs, "play-off"))
        self.stdout.write(f"Imported night {night.pk}: {night.name} ({', '.join(counts)})")
        self.stdout.write(str(night.pk))
