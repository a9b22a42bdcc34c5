"""The game page on the web: its hands and running board, entering and correcting a hand,
the pegboard result, re-opening, confirming a result or revoking the table's links, and
the corrections made from its audit trail. Thin, as ``core.ui.views`` says.
"""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.generic import TemplateView, View

from scoring.core.http.permissions import DirectorRequiredMixin, PublicPage, ScorerRequiredMixin
from scoring.core.records import documents, errors
from scoring.core.records.guards import void_reason
from scoring.core.records.mending import game_mends
from scoring.core.ui.confirm import Confirmation, ConfirmFirst
from scoring.core.ui.forms import add_rules_errors
from scoring.core.ui.views import OneButton, already_done, by_method
from scoring.games import audit, confirmation, corrections, selectors, services
from scoring.games.forms import ResultForm, hand_form
from scoring.games.permissions import game_actions
from scoring.games.tables import HandTable, different_hand_note, game_state
from scoring.hands.forms import HandEditForm, hand_initial
from scoring.hands.views import HandCorrection, HandDeletion, HandEntry
from scoring.models import Game, Hand
from scoring.rules.digits import number_from_digits
from scoring.words.dates import spoken_time


class GamePage(PublicPage, TemplateView):
    """The game page: its hands and running board, the entry forms, the audit trail."""

    template_name = "scoring/games/game_detail.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        # A POST reads the game alone: its service reads the hands under the lock, and a
        # form sent back reads them for the page (``selectors.game_shown``).
        read = selectors.game_to_write if request.method == "POST" else selectors.game_detail
        try:
            self.game = read(kwargs["pk"])
        except Game.DoesNotExist:
            raise Http404("No such game.") from None
        self.names = selectors.game_pair_names_later(self.game)

    def game_url(self) -> str:
        return reverse("scoring:game-detail", args=[self.game.pk])

    def saved_number(self, count: int) -> int | None:
        """The hand just saved (``?saved=3``), shown again beside the next hand's form."""
        number = number_from_digits(self.request.GET.get("saved"))
        return number if number is not None and 1 <= number <= count else None

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        game = self.game = selectors.game_shown(self.game)
        actions = game_actions(game, self.request.user)
        progress = selectors.game_progress(game)
        rows = selectors.hand_rows(game, progress)
        saved = self.saved_number(len(rows))
        kwargs.setdefault("hand_form", hand_form(game, self.names))
        kwargs.setdefault("result_form", ResultForm(game=game, names=self.names))
        reader = audit.Reader.of(self.request.user)
        return super().get_context_data(
            game=game,
            night=game.night,
            state=selectors.contested_win_words(game, progress) or game_state(game),
            sides=selectors.game_sides(game, self.names),
            progress=progress,
            mends=game_mends(game) if progress is None and game.started else [],
            actions=actions,
            void=void_reason(game),
            hand_table=HandTable(
                rows,
                game=game,
                variant=game.night.rules_variant,
                can_correct=actions["correct"],
                saved=saved,
            ),
            saved_table=saved
            and HandTable(
                [rows[saved - 1]], game=game, variant=game.night.rules_variant, can_correct=False
            ),
            saved=saved,
            audit=audit.game_trail(game, reader),
            entered_by=audit.authors_for(reader, [game.result_entered_by]).get(
                game.result_entered_by, ""
            ),
            **kwargs,
        )


class HandRecord(ScorerRequiredMixin, HandEntry, GamePage):
    def hand_form(self, data):
        return hand_form(self.game, self.names, data)

    def record(self, **hand):
        return services.hand_record(game=self.game, user=self.request.user, **hand)

    def entry_url(self) -> str:
        return self.game_url()

    def kept_note(self, kept) -> str:
        return different_hand_note(kept, self.game.night.rules_variant)

    def saved(self, hand):
        # The note goes beside the next hand's form (?saved=), not to the top.
        return redirect(f"{self.game_url()}?saved={hand.number}#entry")


class GameResult(ScorerRequiredMixin, GamePage):
    http_method_names = ["post"]

    def post(self, request, pk):
        form = ResultForm(request.POST, game=self.game, names=self.names)
        if form.is_valid():
            try:
                game = services.game_result_record(
                    game=self.game,
                    result=form.to_rules(),
                    version=form.cleaned_data["version"],
                    user=request.user,
                )
            except errors.AlreadyDone as done:
                return already_done(request, done, self.game_url())
            except ValidationError as error:
                add_rules_errors(form, error)
            else:
                messages.success(
                    request, gettext("Result saved: won by pair %(pair)s") % {"pair": game.winner}
                )
                return redirect(self.game_url())
        return self.render_to_response(self.get_context_data(result_form=form))


class GameAction(OneButton, GamePage):
    """A one-button change to the game: the service, a note, back to the game page."""

    service = None  # a ``services`` function taking ``game`` and ``user``

    def change(self, user):
        return self.service(game=self.game, user=user)

    def back_url(self) -> str:
        return self.game_url()


class GameResultClear(ConfirmFirst, ScorerRequiredMixin, GameAction):
    http_method_names = ["get", "post"]
    service = staticmethod(services.game_result_clear)
    done = gettext_lazy("Pegboard result cleared")

    def confirmation(self) -> Confirmation:
        game = self.game
        return Confirmation(
            title=gettext("Clear the result of %(game)s?") % {"game": game},
            lost=[
                gettext(
                    "The pegboard result (won by pair %(pair)s, %(a)s – %(b)s, Cinches "
                    "%(ca)s – %(cb)s): the game has no result until one is typed again."
                )
                % {
                    "pair": game.winner,
                    "a": game.score_a,
                    "b": game.score_b,
                    "ca": game.cinches_a,
                    "cb": game.cinches_b,
                }
            ],
            button=gettext("Clear the result"),
            back=self.game_url(),
            undo=gettext("A director can restore it from the game's audit trail."),
        )


class GameReopen(ConfirmFirst, DirectorRequiredMixin, GameAction):
    http_method_names = ["get", "post"]
    service = staticmethod(services.game_reopen)
    done = gettext_lazy("Game re-opened: scorers may correct it")

    def confirmation(self) -> Confirmation:
        game = self.game
        return Confirmation(
            title=gettext("Re-open %(game)s?") % {"game": game},
            lost=[
                gettext(
                    "The game's settled result (won by pair %(pair)s, %(a)s – %(b)s): any "
                    "scorer may change its hands until it is done again, and the standings "
                    "and the pot follow the change."
                )
                % {"pair": game.winner, "a": game.score_a, "b": game.score_b}
            ],
            button=gettext("Re-open the game"),
            back=self.game_url(),
            undo=gettext(
                "Every correction is in the game's history; a director can restore any of them."
            ),
        )


class HandPage(ScorerRequiredMixin, TemplateView):
    """Correct or delete one hand of a game."""

    template_name = "scoring/games/hand_form.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.hand = get_object_or_404(Hand.objects.select_related("game__night"), pk=kwargs["pk"])
        self.game = self.hand.game
        self.names = selectors.game_pair_names(self.game)
        self.number = selectors.hand_number(self.hand)

    def game_url(self) -> str:
        return reverse("scoring:game-detail", args=[self.game.pk])

    def board_url(self) -> str:
        return self.game_url()

    def current_form(self) -> HandEditForm:
        initial = hand_initial(documents.hand_data(self.hand), self.hand.version)
        return hand_form(self.game, self.names, form_class=HandEditForm, initial=initial)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        kwargs.setdefault("form", self.current_form())
        return super().get_context_data(
            hand=self.hand, game=self.game, number=self.number, **kwargs
        )


class HandEdit(HandCorrection, HandPage):
    def edit_form(self, data) -> HandEditForm:
        return hand_form(self.game, self.names, data, form_class=HandEditForm)

    def correct(self, **change) -> None:
        services.hand_correct(hand=self.hand, **change)


class HandDelete(HandDeletion, HandPage):
    def confirmation(self) -> Confirmation:
        hand = self.hand
        what = (
            gettext("a passed deal")
            if hand.passed
            else gettext("pair %(pair)s bid %(bid)s")
            % {"pair": hand.bidder, "bid": "Money" if hand.money else hand.bid}
        )
        number = {"number": self.number}
        return Confirmation(
            title=gettext("Delete hand %(number)s?") % number,
            lost=[
                gettext("Hand %(number)s (%(what)s) of %(game)s.")
                % {**number, "what": what, "game": self.game},
                gettext("The running score after it, worked out again without it."),
            ],
            button=gettext("Delete hand %(number)s") % number,
            back=self.game_url(),
            undo=gettext("A director can restore it from the game's audit trail."),
        )

    def delete(self, user) -> None:
        services.hand_delete(hand=self.hand, user=user)


game_detail = by_method(get=GamePage.as_view(), post=HandRecord.as_view())
game_result = GameResult.as_view()
game_result_clear = GameResultClear.as_view()
game_reopen = GameReopen.as_view()
hand_edit = HandEdit.as_view()
hand_delete = HandDelete.as_view()


class GameConfirm(ScorerRequiredMixin, GameAction):
    """A second scorer or a director confirms (or settles a dispute by confirming) the
    result as entered; a wrong one is corrected on the game page and confirmed again."""

    service = staticmethod(confirmation.game_result_confirm)
    done = gettext_lazy("Result confirmed: it now counts in the standings")


game_confirm = GameConfirm.as_view()


class GameDoneCorrecting(ScorerRequiredMixin, GameAction):
    service = staticmethod(corrections.game_done_correcting)
    done = gettext_lazy("Done correcting: the game is finished again")


class Restore(DirectorRequiredMixin, View):
    """Put back what one history record holds, through ``service``."""

    http_method_names = ["post"]
    model = None
    service = None

    def post(self, request, history_id):
        record = get_object_or_404(selectors.club_history(self.model), history_id=history_id)
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
            when = spoken_time(record.history_date)
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
