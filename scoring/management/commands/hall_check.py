"""``manage.py hall_check``: what ``make hall`` asks before it serves the hall's Wi-Fi.

It refuses (exit status 1) while the demo is in the database: a login made for a try-out
has no place on a network anyone in the hall can reach. It names the command that
removes the demo.
"""

from django.core.management.base import CommandError

from scoring.clubs.commands import AcrossClubsCommand
from scoring.management.demo import demo_left


class Command(AcrossClubsCommand):
    help = "Refuse to serve the hall while the demo is in the database (make hall)."

    def handle(self, *args, **options):
        left = demo_left()
        if left:
            raise CommandError(
                f"This database still holds the demo ({', '.join(left)}): make hall does "
                "not serve it to the hall's network. Remove it with: make remove-demo"
            )
        self.stdout.write("No demo in the database.")
