"""The end of the night in tables (django-tables2): the standings, the prizes, the
ledger, and the members' season.
"""

import django_tables2 as tables
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.core.ui.tables import BaseTable, MoneyColumn, NameColumn, NumberColumn
from scoring.words.lists import separated
from scoring.words.places import place_words


class StandingsTable(BaseTable):
    """The ``standings`` rows of the ``cinch-standings/1`` document, in rank order."""

    rank = NumberColumn(verbose_name=_("Rank"), empty_values=())
    pair = NumberColumn(verbose_name=_("Pair"))
    players = NameColumn(verbose_name=_("Players"))
    played = NumberColumn(verbose_name=_("Played"), exclude_from_export=True)
    wins = NumberColumn(verbose_name=_("Won"))
    losses = NumberColumn(verbose_name=_("Lost"))
    pegs_for = NumberColumn(verbose_name=_("Pegs for"))
    pegs_against = NumberColumn(verbose_name=_("Pegs against"))
    cinches = NumberColumn(verbose_name=_("Cinches"))
    playoff_wins = NumberColumn(verbose_name=_("Play-off wins"))
    course = tables.Column(
        verbose_name=_("In the money"), default="", orderable=False, exclude_from_export=True
    )

    class Meta(BaseTable.Meta):
        sequence = (
            "rank",
            "pair",
            "players",
            "played",
            "wins",
            "losses",
            "pegs_for",
            "pegs_against",
            "cinches",
            "playoff_wins",
            "course",
        )
        orderable = True
        empty_text = _("No pairs yet.")

    def __init__(self, *args, ended_early: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.ended_early = ended_early

    def render_players(self, value) -> str:
        return " & ".join(value)

    def render_wins(self, value, record) -> str:
        """On a night ended early pairs played different numbers of games: ``3 of 4``."""
        return won_of(record) if self.ended_early else value

    def render_rank(self, value, record) -> str:
        """A withdrawn pair takes no place: it says so instead of a rank."""
        return gettext("withdrawn") if record.get("withdrawn") else value

    def value_players(self, value) -> str:
        return " & ".join(value)

    def render_course(self, value) -> str:
        return course_words(value)


def won_of(row) -> str:
    """``3 of 4``: the games a pair won of those it finished (a night ended early)."""
    return gettext("%(wins)s of %(games)s") % {
        "wins": row["wins"],
        "games": row["wins"] + row["losses"],
    }


def course_words(course) -> str:
    """The prize a pair is on course for, ``so far`` until the night is final."""
    return (
        gettext("%(course)s (so far)") % {"course": course.words}
        if course.provisional
        else course.words
    )


class PrizeTable(BaseTable):
    """The places, then the booby, with who takes each (the rules core's ``Prize``)."""

    prize = tables.Column(accessor="place", default=_("Booby prize"), verbose_name=_("Prize"))
    pair = NumberColumn(verbose_name=_("Pair"))
    names = tables.Column(verbose_name=_("Players"))
    amount = MoneyColumn(verbose_name=_("Amount"))

    class Meta(BaseTable.Meta):
        sequence = ("prize", "pair", "names", "amount")
        empty_text = _("No prize awarded yet.")

    def render_prize(self, value) -> str:
        return place_words(value)


class LedgerTable(BaseTable):
    """Every player's money for the night (the rules core's ``LedgerLine``)."""

    number = NumberColumn(verbose_name=_("No."))
    name = NameColumn(verbose_name=_("Player"))
    pair = NumberColumn(verbose_name=_("Pair"))
    paid = MoneyColumn(verbose_name=_("Paid"))
    won = MoneyColumn(verbose_name=pgettext_lazy("money", "Won"))
    net = MoneyColumn(verbose_name=_("Net"))

    class Meta(BaseTable.Meta):
        sequence = ("number", "name", "pair", "paid", "won", "net")
        orderable = True
        empty_text = _("No players seated.")


class MemberTable(BaseTable):
    """Each member's season (``selectors.MemberSeason``)."""

    name = NameColumn(verbose_name=_("Member"))
    nights = NumberColumn(verbose_name=_("Nights played"))
    games_won = NumberColumn(verbose_name=_("Games won"))
    cinches = NumberColumn(verbose_name=_("Cinches"))
    paid = MoneyColumn(verbose_name=_("Paid"))
    won = MoneyColumn(verbose_name=pgettext_lazy("money", "Won"))
    net = MoneyColumn(verbose_name=_("Net"))
    sat = tables.Column(verbose_name=_("Sat in for"), orderable=False)
    tables = NumberColumn(verbose_name=_("Table games"))
    tables_won = NumberColumn(verbose_name=_("Tables won"))
    stake_won = MoneyColumn(verbose_name=_("Stakes won"))

    class Meta(BaseTable.Meta):
        sequence = (
            "name",
            "nights",
            "games_won",
            "cinches",
            "paid",
            "won",
            "net",
            "tables",
            "tables_won",
            "stake_won",
            "sat",
        )
        orderable = True
        empty_text = _("No members yet.")

    def render_sat(self, value) -> str:
        return separated(value)
