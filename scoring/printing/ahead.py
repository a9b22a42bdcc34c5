"""The packet of a big night rendered ahead, as soon as its schedule is made: the
director prints it at the draw with the players standing. A 40-pair night's 787 pages
take a worker some 2.5 s (its score sheets printed over one laid-out sheet,
``core.printing.stamp``; docs/performance.md, "Printed sheets"). Asked for after that,
it is the kept sheet, served at once; asked for sooner, the page says it is being
prepared, as for any big sheet.

Connected to ``schedule_made``, which is sent once the schedule is committed: the
packet's HTML is built from it, and its render queued for a worker of the task queue
(``kept_sheets``), as a request for it would. Only a packet that ``kept_sheets`` queues
anyway (more than ``INLINE_PAGES`` games): a small night's renders in the time of a
page when asked. Asked for twice, ahead and by the director, it is still rendered once.
``settings.PRINT_AHEAD`` turns it off (the test suite, which makes hundreds of nights).
"""

from django.conf import settings

from scoring.core.printing.kept_sheets import INLINE_PAGES, request
from scoring.models import Game, Night
from scoring.printing.night_sheets import night_sheet

CLIENT = "ahead"  # the renders' allowance it counts against: its own, not a visitor's


def packet_ahead(sender, night, **kwargs) -> None:
    """Queue the render of ``night``'s blank packet if it is big."""
    if not settings.PRINT_AHEAD:
        return
    if Game.objects.filter(night=night, is_playoff=False).count() <= INLINE_PAGES:
        return
    # As it is now (the schedule moved its ``updated_at``): the same sheet, the same row,
    # as the director's request for it.
    night = Night.objects.get(pk=night.pk)
    request(night_sheet(night, "packet", paper=night.paper), CLIENT)
