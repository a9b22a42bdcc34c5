"""The admin's games and hands (``core.ui.admin``). A game's totals (scores, Cinches,
winner, Money) and a hand's or game's ``version`` are the services' to write, so they are
read-only here; a hand saved here must still fold under the rules core, and its game's
totals are folded again from its hands."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from scoring.core.records import guards
from scoring.core.ui.admin import NightRecordAdmin
from scoring.games import services
from scoring.models import Game, Hand, Night


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
        problems = services.hands_problems(game, hands)
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
            services.game_totals_refold(game=game, user=request.user)

    def delete_model(self, request, obj) -> None:
        """Through the service, which refuses a hand the game's other hands need."""
        try:
            services.hand_delete(hand=obj, user=request.user)
        except ValidationError as error:
            self.message_user(request, " ".join(error.messages), level=messages.ERROR)
