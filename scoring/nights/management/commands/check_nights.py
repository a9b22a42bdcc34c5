"""``manage.py check_nights``: every night that today's rules refuse as stored.

Run it after an upgrade (docs/install/upgrading.md): a night an earlier version stored may
hold what today's rules refuse (a pegboard result of 110–3, "Ann" and "ann" in one night).
Such a night is still shown and exported as stored; this lists each, with what is wrong
and who mends it where. Exit status 1 when a night needs mending, 0 when none does.
"""

from django.core.management.base import CommandError

from scoring.clubs.commands import ClubCommand
from scoring.core.records.mending import night_mends
from scoring.core.ui.command_io import plural
from scoring.models import Night

EXIT_TO_MEND = 1


class Command(ClubCommand):
    help = "List every night that today's rules refuse as stored, with what to mend."

    def handle(self, *args, **options):
        to_mend = 0
        nights = Night.objects.order_by("pk")
        for night in nights:
            mends = night_mends(night)
            if mends:
                to_mend += 1
                self.stdout.write(f"Night {night.pk}, {night}:")
                for mend in mends:
                    self.stdout.write(f"  {mend}")
        count = nights.count()
        if to_mend:
            raise CommandError(
                f"{plural(to_mend, 'night')} of {count} to mend.", returncode=EXIT_TO_MEND
            )
        self.stdout.write(f"None of {plural(count, 'night')} to mend.")
