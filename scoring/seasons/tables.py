"""The season ladder as a django-tables2 table: a column per night with its points."""

import django_tables2 as tables
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from scoring.core.tables import BaseTable, NumberColumn


class LadderTable(BaseTable):
    """The ``ladder`` rows of the ``cinch-ladder/1`` document, and each night's points."""

    rank = NumberColumn(verbose_name=_("Rank"))
    player = tables.Column(verbose_name=_("Player"))
    nights = NumberColumn(verbose_name=_("Nights"))
    counted = NumberColumn(verbose_name=_("Points counted"))

    class Meta(BaseTable.Meta):
        sequence = ("rank", "player", "nights", "counted", "...")
        orderable = True
        empty_text = _("No night of the season can be paid out yet.")

    def __init__(self, data, *, nights, **kwargs):
        # Translators: a date format (Django's date filter) for a night's column heading.
        day = pgettext("date format", "j M")
        columns = [
            (
                f"night_{night.pk}",
                NumberColumn(verbose_name=date_format(night.date, day), default="—"),
            )
            for night in nights
        ]
        super().__init__(data, extra_columns=columns, **kwargs)
