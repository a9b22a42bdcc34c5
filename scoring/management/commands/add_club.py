"""``manage.py add_club SLUG --name NAME --director USERNAME [--email ADDRESS]``: the host
adds a club, its pages at ``/c/SLUG/``, and its first director. A new login gets a
one-time password, printed once (then the director sets their own)."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from scoring.clubs.services import club_add
from scoring.rules.__main__ import EXIT_INVALID


class Command(BaseCommand):
    help = "Add a club and its first director; prints a one-time password for a new login."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's address: /c/SLUG/")
        parser.add_argument("--name", required=True, help="the club's name")
        parser.add_argument("--director", required=True, help="the director's login name")
        parser.add_argument("--email", default="", help="the director's e-mail address")

    def handle(self, *args, slug: str, name: str, director: str, email: str, **options):
        try:
            added = club_add(slug=slug, name=name, director=director, email=email)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages), returncode=EXIT_INVALID) from None
        self.stdout.write(f"Added the club {added.club.name} at /c/{added.club.slug}/.")
        self.stdout.write(f"Director: {added.director.get_username()}")
        if added.password:
            self.stdout.write(
                f"One-time password: {added.password}\n"
                f"Log in with it, then set your own at /c/{added.club.slug}/accounts/"
                "password_change/."
            )
