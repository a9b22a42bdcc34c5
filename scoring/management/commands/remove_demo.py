"""``manage.py remove_demo``: take the demo ``make run`` loaded out of the database, so
``make hall`` serves it (it refuses while any of the demo is there)."""

from scoring.clubs.commands import ClubCommand
from scoring.management.commands.load_demo import demo_document
from scoring.management.demo import remove_demo


class Command(ClubCommand):
    help = "Remove the demo logins, the demo night and its players (make hall refuses them)."

    def handle(self, *args, **options):
        removed = remove_demo(demo_document()["players"])
        if removed:
            self.stdout.write("Removed " + ", ".join(removed) + ".")
        else:
            self.stdout.write("No demo in this database.")
