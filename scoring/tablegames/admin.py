"""The admin's tables of single players and their hands."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from scoring.models import TableGame, TableHand, TablePlayer


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
    # The totals are the rules core's answer to the hands (tablegames.services).
    readonly_fields = ["scores", "cinches", "winners", "version"]


@admin.register(TableHand)
class TableHandAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "bidder", "bid", "partner"]
    list_select_related = ["table"]
    raw_id_fields = ["table", "entered_by"]
    readonly_fields = ["version"]
