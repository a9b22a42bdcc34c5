"""A league's tables (django-tables2): its clubs' nights side by side, and its ladder.

The nights link to each night under its club's address (``/c/<slug>/…``): the league's
page is outside every club. Neither shows money."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.clubs.addresses import club_address
from scoring.core.ui.tables import BaseTable, NameColumn, NumberColumn
from scoring.words.dates import spoken_date


class LeagueNightTable(BaseTable):
    """The nights of the league's clubs, newest first, each a link to its own page."""

    date = tables.Column(verbose_name=_("Date"), orderable=False)
    club = tables.Column(verbose_name=_("Club"), accessor="club__name")
    name = tables.Column(verbose_name=_("Night"))
    pairs = NumberColumn(verbose_name=_("Pairs"), accessor="player_count")
    state = tables.Column(verbose_name=_("State"), accessor="pk", empty_values=())

    class Meta(BaseTable.Meta):
        sequence = ("date", "club", "name", "pairs", "state")
        empty_text = _("No night of the league's clubs to show.")

    def render_date(self, value) -> str:
        return spoken_date(value)

    def render_name(self, value, record) -> str:
        address = club_address(record.club, "scoring:night-detail", record.pk)
        return format_html('<a href="{}">{}</a>', address, value)

    def render_pairs(self, value) -> int:
        return value // 2

    def render_state(self, record) -> str:
        """Where the night stands, as its page says it: final, its games, or not drawn."""
        if record.is_final:
            return gettext("Final")
        if record.drawn_at is None:
            return gettext("Not drawn yet")
        if not record.game_count:
            return gettext("No schedule yet")
        return gettext("%(finished)s of %(games)s games finished") % {
            "finished": record.finished_count,
            "games": record.game_count,
        }


class LeagueLadderTable(BaseTable):
    """The ``ladder`` rows of the league's ``cinch-ladder/1`` document, each with the clubs
    the player played for."""

    rank = NumberColumn(verbose_name=_("Rank"))
    player = NameColumn(verbose_name=_("Player"))
    clubs = tables.Column(verbose_name=_("Clubs"))
    nights = NumberColumn(verbose_name=_("Nights"))
    counted = NumberColumn(verbose_name=_("Points counted"))

    class Meta(BaseTable.Meta):
        sequence = ("rank", "player", "clubs", "nights", "counted")
        empty_text = _("No night of the league can be paid out yet.")

    def render_clubs(self, value) -> str:
        return ", ".join(value)

    def value_clubs(self, value) -> str:
        return ", ".join(value)
