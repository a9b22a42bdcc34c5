"""The admin, for directors: members, nights with their drawn numbers, games and hands.

Scorers use the site's own pages; the admin is a director's tool for the odd repair, with
every change kept in the history like the pages' changes.
"""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from scoring.models import Game, Hand, Member, Night, Seat, TableGame, TableHand, TablePlayer


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    """Members keep no simple_history (a name is all there is): the admin's own log serves."""

    list_display = ["name", "created_at"]
    search_fields = ["name"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["member"]
    ordering = ["number"]


@admin.register(Night)
class NightAdmin(SimpleHistoryAdmin):
    list_display = ["name", "date", "variant", "tiebreak", "drawn_at", "is_final"]
    list_filter = ["variant", "date", "is_final"]
    search_fields = ["name"]
    inlines = [SeatInline]


@admin.register(Game)
class GameAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "night", "score_a", "score_b", "winner", "from_pegboard"]
    list_filter = ["night", "is_playoff"]
    list_select_related = ["night"]


@admin.register(Hand)
class HandAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "bidder", "bid", "money", "passed"]
    list_select_related = ["game"]
    raw_id_fields = ["game", "entered_by"]


class TablePlayerInline(admin.TabularInline):
    model = TablePlayer
    extra = 0
    autocomplete_fields = ["member"]
    ordering = ["number"]


@admin.register(TableGame)
class TableGameAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "date", "variant", "night", "stake"]
    list_filter = ["variant", "date"]
    list_select_related = ["night"]
    inlines = [TablePlayerInline]


@admin.register(TableHand)
class TableHandAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "bidder", "bid", "partner"]
    list_select_related = ["table"]
    raw_id_fields = ["table", "entered_by"]
