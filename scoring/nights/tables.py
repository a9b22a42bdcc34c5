"""The night's tables (django-tables2): the nights list, the draw, the pairs, and the
pattern table (rounds down, tables across).
"""

import django_tables2 as tables
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.ui.tables import PAIR, TABLE, BaseTable
from scoring.games.tables import GameColumn
from scoring.models import Night, Seat
from scoring.words.dates import spoken_date


class NightTable(BaseTable):
    name = tables.Column(
        verbose_name=_("Name"), linkify=("scoring:night-detail", {"pk": tables.A("pk")})
    )
    date = tables.Column(verbose_name=_("Date"))
    variant = tables.Column(verbose_name=_("Variant"))
    player_count = tables.Column(verbose_name=_("Players"))
    games = tables.Column(
        verbose_name=_("Games finished"), accessor="finished_count", order_by=("finished_count",)
    )
    winners = tables.Column(
        accessor="kept_summary", orderable=False, empty_values=(), verbose_name=_("Winners")
    )

    class Meta(BaseTable.Meta):
        model = Night
        fields = ("name", "date", "variant")
        sequence = ("name", "date", "variant", "player_count", "games", "winners")
        order_by = ("-date",)
        orderable = True
        empty_text = _("No nights yet.")

    def render_date(self, value) -> str:
        return spoken_date(value)

    def render_games(self, record) -> str:
        return gettext("%(finished)s of %(games)s") % {
            "finished": record.finished_count,
            "games": record.game_count,
        }

    def render_winners(self, value) -> str:
        """The first place's pair, from the night's kept standings, once it is awarded."""
        money = value.standings["money"] if value.standings else {}
        if not money.get("places"):
            return "—"
        first = money["places"][0]["pair"]
        row = next(row for row in value.standings["standings"] if row["pair"] == first)
        return " & ".join(row["players"])


class SeatTable(BaseTable):
    """The draw: number → name → pair."""

    number = tables.Column(verbose_name=_("Number"))
    name = tables.Column(accessor="member__name", verbose_name=_("Name"))
    pair = tables.Column(accessor="pair", verbose_name=_("Pair"))

    class Meta(BaseTable.Meta):
        model = Seat
        fields = ("number",)
        sequence = ("number", "name", "pair")
        empty_text = _("No players seated.")

    def render_name(self, value, record) -> str:
        """The house player says so: pays nothing, wins nothing."""
        return gettext("%(name)s (house player)") % {"name": value} if record.house else value


class PairTable(BaseTable):
    """The night's pairs with their players' names."""

    pair = tables.Column(verbose_name=_("Pair"))
    players = tables.Column(verbose_name=_("Players"))

    class Meta(BaseTable.Meta):
        empty_text = _("No pairs yet: the numbers are not drawn.")


class PatternTable(BaseTable):
    """Rounds down, tables across; each cell is the game there and where it stands."""

    round = tables.Column(verbose_name=_("Round"))
    byes = tables.Column(verbose_name=_("Bye"), empty_values=())

    class Meta(BaseTable.Meta):
        sequence = ("round", "...", "byes")
        empty_text = _("No schedule yet.")

    def __init__(self, rounds, *, tables_used, **kwargs):
        cells = [
            (
                f"table_{table}",
                GameColumn(
                    accessor=tables.A(f"games__{table}"), verbose_name=TABLE % {"table": table}
                ),
            )
            for table in tables_used
        ]
        super().__init__(rounds, extra_columns=cells, **kwargs)

    def render_byes(self, value) -> str:
        return ", ".join(PAIR % {"pair": pair} for pair in value) if value else "—"
