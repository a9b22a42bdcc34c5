"""The demo ``make run`` loads, and how to tell it from a club's own data.

A demo account is a login ``load_demo`` made: it carries ``DEMO_EMAIL``, or it still
has one of the passwords older versions of the demo published (a database made then).
Its password is made at random when the account is made and printed that once.
``make hall`` refuses to serve a database holding a demo account or the demo night;
``manage.py remove_demo`` removes them.
"""

from django.contrib.auth import get_user_model
from django.db import transaction

from scoring.models import Member, Night

DEMO_NIGHT = "Demo night"
DEMO_EMAIL = "demo-account@cinch-club.invalid"
DIRECTOR, SCORER = "director", "scorer"
# What the demo's passwords were when they were printed in the README.
PUBLISHED_PASSWORDS = {DIRECTOR: "cinch-director", SCORER: "cinch-scorer"}


def demo_accounts() -> list:
    """The demo's logins still in the database."""
    users = get_user_model().objects
    marked = users.filter(email=DEMO_EMAIL)
    old = users.filter(username__in=PUBLISHED_PASSWORDS).exclude(email=DEMO_EMAIL)
    published = [user for user in old if user.check_password(PUBLISHED_PASSWORDS[user.username])]
    return [*marked, *published]


def demo_left() -> list[str]:
    """What of the demo the database still holds, in words ("the login director")."""
    found = [f"the login {user.get_username()}" for user in demo_accounts()]
    if Night.objects.filter(name=DEMO_NIGHT).exists():
        found.append(f"the night {DEMO_NIGHT!r}")
    return found


@transaction.atomic
def remove_demo(players: list[str]) -> list[str]:
    """Remove the demo's logins, night, and its ``players`` who play in no other night."""
    removed = demo_left()
    for user in demo_accounts():
        user.delete()
    for night in Night.objects.filter(name=DEMO_NIGHT):
        night.delete()
    Member.objects.filter(name__in=players, seats__isnull=True, sat_in__isnull=True).filter(
        table_seats__isnull=True
    ).delete()
    return removed
