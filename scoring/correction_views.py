"""Corrections on the web: "Done correcting" on a re-opened game (scorers), and a
director's "restore" on an entry of a game's audit trail. One service call each
(``scoring.corrections``); a refusal is shown with its reason on the game page."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views import View

from scoring.core.permissions import DirectorRequiredMixin, ScorerRequiredMixin
from scoring.models import Game, Hand
from scoring.services import corrections
from scoring.views import GameAction


class GameDoneCorrecting(ScorerRequiredMixin, GameAction):
    service = staticmethod(corrections.game_done_correcting)
    done = gettext_lazy("Done correcting: the game is finished again")


class Restore(DirectorRequiredMixin, View):
    """Put back what one history record holds, through ``service``."""

    http_method_names = ["post"]
    model = None
    service = None

    def post(self, request, history_id):
        record = get_object_or_404(self.model.history.model, history_id=history_id)
        game_id = record.game_id if self.model is Hand else record.id
        try:
            self.service(record=record, user=request.user)
        except Game.DoesNotExist:
            messages.error(
                request, gettext("That game is no longer on the site: nothing to restore.")
            )
            return redirect("scoring:home")
        except ValidationError as error:
            messages.error(
                request, gettext("Not restored: %(why)s") % {"why": " ".join(error.messages)}
            )
        else:
            when = f"{record.history_date:%Y-%m-%d %H:%M:%S}"
            messages.success(request, gettext("Restored as it was on %(when)s") % {"when": when})
        return redirect(reverse("scoring:game-detail", args=[game_id]) + "#audit")


class HandRestore(Restore):
    model = Hand
    service = staticmethod(corrections.hand_restore)


class ResultRestore(Restore):
    model = Game
    service = staticmethod(corrections.result_restore)


game_done_correcting = GameDoneCorrecting.as_view()
hand_restore = HandRestore.as_view()
result_restore = ResultRestore.as_view()
