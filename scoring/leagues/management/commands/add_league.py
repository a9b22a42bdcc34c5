"""``manage.py add_league SLUG --name NAME --club A --club B [--first DATE] [--last DATE]
[--best N]``: the host adds a league of clubs, its page at ``/l/SLUG/``."""

import argparse
import datetime

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from scoring.leagues.services import league_add
from scoring.rules.__main__ import EXIT_INVALID


def iso_date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date: give it as YYYY-MM-DD") from None


class Command(BaseCommand):
    help = "Add a league of clubs, its page at /l/SLUG/."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the league's address: /l/SLUG/")
        parser.add_argument("--name", required=True, help="the league's name")
        parser.add_argument(
            "--club",
            dest="clubs",
            action="append",
            default=[],
            metavar="SLUG",
            help="a club that joins the league (its slug); give one --club for each",
        )
        parser.add_argument("--first", type=iso_date, help="its first night's date, YYYY-MM-DD")
        parser.add_argument("--last", type=iso_date, help="its last night's date, YYYY-MM-DD")
        parser.add_argument("--best", type=int, help="count each player's best N nights")

    def handle(self, *args, slug: str, name: str, clubs: list[str], **options):
        try:
            league = league_add(
                slug=slug,
                name=name,
                clubs=clubs,
                first_date=options["first"],
                last_date=options["last"],
                best=options["best"],
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages), returncode=EXIT_INVALID) from None
        joined = ", ".join(league.clubs.order_by("name").values_list("name", flat=True))
        self.stdout.write(f"Added the league {league.name} at /l/{league.slug}/.")
        self.stdout.write(f"Its clubs: {joined or 'none yet (add them in the admin)'}")
