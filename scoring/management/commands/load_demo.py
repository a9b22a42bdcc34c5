"""``manage.py load_demo``: demo logins and a night part-way through, for ``make run``.

Idempotent: it makes sure the ``Scorers`` group, a director (staff and superuser, so the
admin works) and a scorer exist, and imports the demo
night unless a night called "Demo night" is already there. The night is the night file
``fixtures/demo-night.json`` (which the tests read too), dated today: a 3-table
``club11`` round robin of 12 players, rounds 1 and 2 played (some games typed from the
pegboard) and rounds 3 to 5 open.

Each login's password is made at random when the login is made, and printed that once
(``manage.py changepassword director`` sets another). The command still refuses to run
unless ``DEBUG`` is on, and on a database holding nights, logins or members it did not
make (a real club's, where it would add a director), unless ``--force`` is given;
``manage.py remove_demo`` takes the demo away (scoring.management.demo).
"""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone

from scoring.clubs.commands import ClubCommand
from scoring.clubs.roles import role_give
from scoring.clubs.scopes import current_club
from scoring.management.demo import DEMO_EMAIL, DEMO_NIGHT, DIRECTOR, PUBLISHED_PASSWORDS, SCORER
from scoring.models import ClubRole, Member, Night
from scoring.nights import services as nights_services
from scoring.rules.jsonio import load_json

DEMO_FILE = settings.BASE_DIR / "fixtures" / "demo-night.json"


def demo_document() -> dict:
    """The demo night, played tonight, as a ``cinch-night/1`` document."""
    document = load_json(DEMO_FILE.read_text(encoding="utf-8"))
    return document | {"date": timezone.localdate().isoformat()}


def not_made_here() -> list[str]:
    """What the database holds that this command does not make, in words."""
    found = {
        "nights": Night.objects.exclude(name=DEMO_NIGHT).count(),
        "logins": get_user_model().objects.exclude(username__in=[DIRECTOR, SCORER]).count(),
        "members": Member.objects.exclude(name__in=demo_document()["players"]).count(),
    }
    return [f"{count} {what}" for what, count in found.items() if count]


def demo_user(username: str, *, director: bool):
    """The demo user and its role, with the password made for it if it is new (None if
    it was there already: its password stays the one printed when it was made)."""
    user, created = get_user_model().objects.get_or_create(username=username)
    published = user.check_password(PUBLISHED_PASSWORDS[username])
    new = created or published or not user.has_usable_password()
    password = secrets.token_urlsafe(9) if new else None
    if password:
        user.set_password(password)
    user.is_staff = user.is_superuser = director
    user.email = DEMO_EMAIL
    user.is_active = True
    user.save()
    return user, password


class Command(ClubCommand):
    help = "Create the demo logins and a demo night part-way through (development only)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="run even with DEBUG off, or on a database with data of its own "
            "(it adds a director)",
        )

    @transaction.atomic
    def handle(self, *args, force: bool, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "DEBUG is off: load_demo would create users with public passwords. "
                "Use --force if this really is a demo site."
            )
        others = not_made_here()
        if others and not force:
            raise CommandError(
                f"This database holds {', '.join(others)} that load_demo did not make: it "
                "would add a director anyone can log in as. Use --force if this really is "
                "a demo site."
            )
        director, director_password = demo_user(DIRECTOR, director=True)
        scorer, scorer_password = demo_user(SCORER, director=False)
        club = current_club()
        role_give(user=director, club=club, role=ClubRole.Role.DIRECTOR)
        role_give(user=scorer, club=club, role=ClubRole.Role.SCORER)
        night = Night.objects.filter(name=DEMO_NIGHT).order_by("id").first()
        if night is None:
            document = demo_document()
            night = nights_services.night_import(document=document, user=director)
            self.stdout.write(f"Loaded the demo night ({len(document['players'])} players).")
        for username, password in ((DIRECTOR, director_password), (SCORER, scorer_password)):
            shown = password or "(the password printed when it was made)"
            self.stdout.write(f"{username.capitalize()}: {username} / {shown}")
        self.stdout.write(f"Demo night: /nights/{night.pk}/")
