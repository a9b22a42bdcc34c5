"""The admin, for directors: members, nights with their drawn numbers, games and hands.

Scorers use the site's own pages; the admin is a director's tool for the odd repair, with
every change kept in the history like the pages' changes. It keeps the services' rules:

- a game's totals (scores, Cinches, winner, Money) and a hand's or game's ``version`` are
  the services' to write, so they are read-only here; a hand saved here must still fold
  under the rules core, and its game's totals are folded again from its hands;
- a final night, its seats, games and hands are read-only: a director re-opens the night
  on its standings page first;
- any change moves the night's ``updated_at``, so a kept PDF is rendered again.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from simple_history.admin import SimpleHistoryAdmin

from scoring.core import guards
from scoring.games import services as games_services
from scoring.models import Game, Hand, Member, Night, Seat, TableGame, TableHand, TablePlayer


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    """Members keep no simple_history (a name is all there is): the admin's own log serves."""

    list_display = ["name", "created_at"]
    search_fields = ["name"]


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

    def night_ids(self, obj) -> set[int]:
        return {obj.pk}

    def night_of(self, obj) -> Night:
        return obj

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        self._mark_nights_changed({form.instance.pk})  # the seats are saved after the night


class GameAdminForm(forms.ModelForm):
    def clean(self):
        cleaned = super().clean()
        guards.refuse_if_final(cleaned.get("night"))
        return cleaned


@admin.register(Game)
class GameAdmin(NightRecordAdmin):
    form = GameAdminForm
    list_display = ["__str__", "night", "score_a", "score_b", "winner", "from_pegboard"]
    list_filter = ["night", "is_playoff"]
    list_select_related = ["night"]
    readonly_fields = ["score_a", "score_b", "cinches_a", "cinches_b", "winner", "money_bid"]
    readonly_fields += ["version"]

    def night_ids(self, obj) -> set[int]:
        return {obj.night_id}

    def night_of(self, obj) -> Night:
        return obj.night


class HandAdminForm(forms.ModelForm):
    def clean(self):
        cleaned = super().clean()
        game = cleaned.get("game")
        guards.refuse_if_final(game.night if game else None)
        if game is not None:
            guards.refuse_if_void(game)
        return cleaned

    def _post_clean(self) -> None:
        """With the instance built from the form: would the game still fold?"""
        super()._post_clean()
        game = getattr(self.instance, "game", None) if self.instance.game_id else None
        if self.errors or game is None:
            return
        others = [hand for hand in game.hands.all() if hand.pk != self.instance.pk]
        hands = sorted([*others, self.instance], key=lambda hand: hand.position)
        problems = games_services.hands_problems(game, hands)
        if problems is not None:
            self.add_error(None, problems.messages)


@admin.register(Hand)
class HandAdmin(NightRecordAdmin):
    form = HandAdminForm
    list_display = ["__str__", "bidder", "bid", "money", "passed"]
    list_select_related = ["game"]
    raw_id_fields = ["game", "entered_by"]
    readonly_fields = ["version"]

    def night_ids(self, obj) -> set[int]:
        return {obj.game.night_id}

    def night_of(self, obj) -> Night:
        return obj.game.night

    def save_model(self, request, obj, form, change) -> None:
        before = Hand.objects.get(pk=obj.pk).game if change else None
        obj.version += 1 if change else 0
        super().save_model(request, obj, form, change)
        for game in {obj.game, before} - {None}:
            games_services.game_totals_refold(game=game, user=request.user)

    def delete_model(self, request, obj) -> None:
        """Through the service, which refuses a hand the game's other hands need."""
        try:
            games_services.hand_delete(hand=obj, user=request.user)
        except ValidationError as error:
            self.message_user(request, " ".join(error.messages), level=messages.ERROR)


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
