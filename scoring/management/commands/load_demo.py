"""``manage.py load_demo``: demo logins and a night part-way through, for ``make run``.

Idempotent: it makes sure the ``Scorers`` group, a director (staff and superuser, so the
admin works) and a scorer exist with the demo passwords below, and imports the demo
night unless a night called "Demo night" is already there. The night is the night file
``fixtures/demo-night.json`` (which the tests read too), dated today: a 3-table
``club11`` round robin of 12 players, rounds 1 and 2 played (some games typed from the
pegboard) and rounds 3 to 5 open.

The passwords are public, so the command refuses to run unless ``DEBUG`` is on, and
on a database holding nights, logins or members it did not make (a real club's, where
it would add a director anyone can log in as), unless ``--force`` is given.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from scoring.core.permissions import SCORERS
from scoring.models import Member, Night
from scoring.nights import services as nights_services
from scoring.rules.jsonio import load_json

DEMO_NIGHT = "Demo night"
DEMO_FILE = settings.BASE_DIR / "fixtures" / "demo-night.json"
DIRECTOR = ("director", "cinch-director")
SCORER = ("scorer", "cinch-scorer")


def demo_document() -> dict:
    """The demo night, played tonight, as a ``cinch-night/1`` document."""
    document = load_json(DEMO_FILE.read_text(encoding="utf-8"))
    return document | {"date": timezone.localdate().isoformat()}


def not_made_here() -> list[str]:
    """What the database holds that this command does not make, in words."""
    found = {
        "nights": Night.objects.exclude(name=DEMO_NIGHT).count(),
        "logins": get_user_model().objects.exclude(username__in=[DIRECTOR[0], SCORER[0]]).count(),
        "members": Member.objects.exclude(name__in=demo_document()["players"]).count(),
    }
    return [f"{count} {what}" for what, count in found.items() if count]


def demo_user(username: str, password: str, *, director: bool):
    """The demo user, created or put back to the demo password and role."""
    user, _ = get_user_model().objects.get_or_create(username=username)
    user.is_staff = user.is_superuser = director
    user.set_password(password)
    user.save()
    return user


class Command(BaseCommand):
    help = "Create the demo logins and a demo night part-way through (development only)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="run even with DEBUG off, or on a database with data of its own "
            "(the demo passwords are public)",
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
        scorers, _ = Group.objects.get_or_create(name=SCORERS)
        director = demo_user(*DIRECTOR, director=True)
        demo_user(*SCORER, director=False).groups.add(scorers)
        night = Night.objects.filter(name=DEMO_NIGHT).order_by("id").first()
        if night is None:
            document = demo_document()
            night = nights_services.night_import(document=document, user=director)
            self.stdout.write(f"Loaded the demo night ({len(document['players'])} players).")
        self.stdout.write(f"Director: {DIRECTOR[0]} / {DIRECTOR[1]}")
        self.stdout.write(f"Scorer: {SCORER[0]} / {SCORER[1]}")
        self.stdout.write(f"Demo night: /nights/{night.pk}/")
