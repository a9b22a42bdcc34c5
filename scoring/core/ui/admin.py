"""The admin's base for a night's records (a night, a game, a hand): a director's tool for
the odd repair that keeps the services' rules. A final night, its seats, games and hands
are read-only (a director re-opens the night on its standings page first), every record
is deleted on its own page, and any change moves the night's ``updated_at``, so a kept
PDF is rendered again. Every change is kept in the history like the pages' changes.
"""

from simple_history.admin import SimpleHistoryAdmin

from scoring.core.records import guards
from scoring.models import Night


class NightRecordAdmin(SimpleHistoryAdmin):
    """A record of a night: read-only once the night is final; a change marks the night."""

    def night_ids(self, obj) -> set[int]:
        """The nights ``obj`` belongs to, as stored (a change may move it to another)."""
        raise NotImplementedError

    def night_of(self, obj) -> Night | None:
        raise NotImplementedError

    def _night_is_final(self, obj) -> bool:
        return guards.is_final(self.night_of(obj) if obj is not None else None)

    def has_change_permission(self, request, obj=None) -> bool:
        return super().has_change_permission(request, obj) and not self._night_is_final(obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return super().has_delete_permission(request, obj) and not self._night_is_final(obj)

    def save_model(self, request, obj, form, change) -> None:
        before = self.night_ids(type(obj).objects.get(pk=obj.pk)) if change else set()
        super().save_model(request, obj, form, change)
        self._mark_nights_changed(before | self.night_ids(obj))

    def delete_model(self, request, obj) -> None:
        nights = self.night_ids(obj)
        super().delete_model(request, obj)
        self._mark_nights_changed(nights)

    def get_actions(self, request):
        """No bulk delete: each record is deleted on its own page, where a final night's
        records and a hand the game cannot lose are refused."""
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @staticmethod
    def _mark_nights_changed(night_ids) -> None:
        for night_id in night_ids:
            guards.mark_night_changed(night_id)
