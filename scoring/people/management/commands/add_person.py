"""``manage.py add_person NAME --director|--scorer [--password PASSWORD]``: a login for
the club, as the people page adds one. Without ``--password`` it prints a one-time
password to log in with (then set one's own); it never prompts, so scripts can run it."""

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError

from scoring.clubs.commands import ClubCommand
from scoring.people.services import DIRECTOR, SCORER, person_add
from scoring.rules.__main__ import EXIT_INVALID


class Command(ClubCommand):
    help = "Add a director or a scorer login; prints a one-time password unless given one."

    def add_arguments(self, parser):
        parser.add_argument("name", help="the login name")
        role = parser.add_mutually_exclusive_group(required=True)
        role.add_argument("--director", action="store_const", const=DIRECTOR, dest="role")
        role.add_argument("--scorer", action="store_const", const=SCORER, dest="role")
        parser.add_argument("--password", help="the password (else a one-time one is printed)")

    def handle(self, *args, name: str, role: str, password, **options):
        try:
            person = person_add(name=name, role=role, password=password)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages), returncode=EXIT_INVALID) from None
        self.stdout.write(f"Added {person.user.get_username()} as a {role}.")
        if person.generated:
            self.stdout.write(
                f"One-time password: {person.password}\n"
                "Log in with it, then set your own at /accounts/password_change/."
            )
