"""The admin's members, and nights with their drawn numbers (``core.ui.admin``)."""

from django.contrib import admin

from scoring.core.records import guards
from scoring.core.ui.admin import NightRecordAdmin
from scoring.models import Member, Night, Seat


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

    def _night_is_open(self, obj) -> bool:
        return not guards.is_final(obj)

    def has_add_permission(self, request, obj=None) -> bool:
        return super().has_add_permission(request, obj) and self._night_is_open(obj)

    def has_change_permission(self, request, obj=None) -> bool:
        return super().has_change_permission(request, obj) and self._night_is_open(obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return super().has_delete_permission(request, obj) and self._night_is_open(obj)


@admin.register(Night)
class NightAdmin(NightRecordAdmin):
    list_display = ["name", "date", "variant", "tiebreak", "drawn_at", "is_final"]
    list_filter = ["variant", "date", "is_final"]
    search_fields = ["name"]
    inlines = [SeatInline]
    readonly_fields = ["draw_outcome"]  # what the draw did: the draw's to say, not typed

    def night_ids(self, obj) -> set[int]:
        return {obj.pk}

    def night_of(self, obj) -> Night:
        return obj

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        self._mark_nights_changed({form.instance.pk})  # the seats are saved after the night
