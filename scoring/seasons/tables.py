"""The season ladder as a django-tables2 table: a column per night with its points, the
nights ``best`` leaves out struck through and a night whose payout is not final yet
headed "provisional", each said in words as well (for a screen reader, and in print)."""

from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from scoring.core.ui.tables import NO_BREAK, BaseTable, NameColumn, NumberColumn


class NightPointsColumn(NumberColumn):
    """A night's points; struck through, "not counted", in a row where ``best`` leaves
    the night out (the rules core's ``dropped``)."""

    def __init__(self, night, *, provisional: bool):
        # Translators: a date format (Django's date filter) for a night's column heading.
        heading = date_format(night.date, pgettext("date format", "j M"))
        # The date on one line, "(provisional)" free to go under it (the CSV's plain).
        heading = heading.replace(" ", NO_BREAK)
        if provisional:
            # Translators: a night's column heading when its payout is not final yet.
            heading = gettext("%(date)s (provisional)") % {"date": heading}
        attrs = {"th": {"class": "number night"}, "td": {"class": "number"}}
        super().__init__(verbose_name=heading, default="—", attrs=attrs)
        self.night_pk = night.pk

    def render(self, value, record):
        if self.night_pk not in record["dropped_nights"]:
            return value
        return format_html(
            '<s class="dropped">{}</s><span class="visually-hidden"> {}</span>',
            value,
            gettext("not counted"),
        )

    def value(self, value):
        """The bare points for the CSV."""
        return value


class LadderTable(BaseTable):
    """The ``ladder`` rows of the ``cinch-ladder/1`` document, and each night's points."""

    rank = NumberColumn(verbose_name=_("Rank"))
    player = NameColumn(verbose_name=_("Player"))
    nights = NumberColumn(verbose_name=_("Nights"))
    counted = NumberColumn(verbose_name=_("Points counted"))

    class Meta(BaseTable.Meta):
        sequence = ("rank", "player", "nights", "counted", "...")
        orderable = True
        empty_text = _("No night of the season can be paid out yet.")

    def __init__(self, data, *, nights, provisional=frozenset(), **kwargs):
        columns = [
            (f"night_{night.pk}", NightPointsColumn(night, provisional=night.pk in provisional))
            for night in nights
        ]
        super().__init__(data, extra_columns=columns, **kwargs)
