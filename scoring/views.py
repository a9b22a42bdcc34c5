"""Views of the scoring app. Thin: a form converts what was typed, one service writes or
one selector reads, a template renders; they never score and never touch the ORM to write.

Anyone may read nights, pattern tables and games. Scorers (``permissions.is_scorer``)
enter and correct hands and results; directors (staff) set nights up, draw, schedule and
re-open games. A page that is public to read and a scorer's to write is two views on one
base, told apart by the permission mixin and joined on one URL by :func:`by_method`.
"""

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import PasswordChangeView
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.generic import FormView, TemplateView
from django_tables2 import SingleTableView

from scoring import audit, selectors, services, table_selectors
from scoring.core import documents, errors, kept_summaries
from scoring.core import pairs as core_pairs
from scoring.core.confirm import Confirmation, ConfirmFirst
from scoring.core.forms import ImportForm, add_rules_errors
from scoring.core.permissions import (
    MONEY,
    DirectorRequiredMixin,
    PublicPage,
    ScorerRequiredMixin,
    game_actions,
)
from scoring.core.views import HandCorrection, NightPage, already_done, by_method
from scoring.forms import (
    HandEditForm,
    HandForm,
    LimitedPasswordChangeForm,
    NightForm,
    ResultForm,
    SwapForm,
    hand_initial,
    seating,
    split_percent,
)
from scoring.models import Game, Hand
from scoring.rules import all_variants
from scoring.rules.digits import number_from_digits
from scoring.rules.jsonio import dump_json
from scoring.tables import (
    HandTable,
    NightTable,
    PairTable,
    PatternTable,
    PlayoffTable,
    SeatTable,
    different_hand_note,
    game_state,
)

NIGHTS_PER_PAGE = 25  # a half-year of weekly nights; older ones on the next pages


class HomeView(PublicPage, SingleTableView):
    """The nights, newest first, and the variants the rules core scores."""

    template_name = "scoring/home.html"
    table_class = NightTable
    table_pagination = {"per_page": NIGHTS_PER_PAGE}

    def get_queryset(self):
        return selectors.nights_list().select_related("kept_summary")

    def get_table(self, **kwargs):
        """The page's nights with their kept standings (the winners column)."""
        table = super().get_table(**kwargs)
        kept_summaries.freshen([row.record for row in table.page.object_list])
        return table

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(variants=all_variants(), **kwargs)


# --- nights -------------------------------------------------------------------------------


class NightDetailView(PublicPage, NightPage):
    template_name = "scoring/night_detail.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        overview = selectors.night_overview(self.night)
        gone = {entry["pair"]: entry["from_round"] for entry in self.night.withdrawn}
        pairs = [
            {
                "pair": pair,
                "players": name
                + (
                    gettext(" (withdrawn from round %(round)s)") % {"round": gone[pair]}
                    if pair in gone
                    else ""
                ),
            }
            for pair, name in overview.names.items()
        ]
        return super().get_context_data(
            night=self.night,
            money=documents.money_data(self.night),
            split_percent=split_percent(self.night.split),
            overview=overview,
            pair_table=PairTable(pairs),
            pattern_table=PatternTable(overview.rounds, tables_used=overview.tables),
            playoff_table=PlayoffTable(overview.playoffs),
            tables=table_selectors.night_tables(self.night),
            **kwargs,
        )


class NightDrawPage(PublicPage, NightPage):
    """The draw, number → name → pair; directors also draw and swap here."""

    template_name = "scoring/night_draw.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        seats = selectors.night_seats(self.night)
        kwargs.setdefault("swap_form", SwapForm(seats=seats))
        overview = selectors.night_overview(self.night)
        return super().get_context_data(
            night=self.night,
            seat_table=SeatTable(seats),
            started=overview.started,
            scheduled=bool(overview.rounds),
            **kwargs,
        )


class NightDraw(DirectorRequiredMixin, NightPage):
    def post(self, request, pk):
        try:
            services.night_draw(night=self.night, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, gettext("Numbers drawn"))
        return redirect(self.night_url("night-draw"))


class NightDrawAgain(ConfirmFirst, NightDraw):
    """Drawing again once the numbers are out: asks first, as the pairs change."""

    def confirmation(self) -> Confirmation:
        names = core_pairs.pair_names(selectors.night_seats(self.night))
        pairs = "; ".join(
            gettext("pair %(pair)s: %(players)s") % {"pair": pair, "players": players}
            for pair, players in names.items()
        )
        lost = [gettext("The pairs as drawn now (%(pairs)s).") % {"pairs": pairs}]
        if selectors.night_overview(self.night).rounds:
            lost.append(gettext("The schedule made from them: make it again after the draw."))
            lost.append(
                gettext(
                    "The table links printed or shown so far: they stop working; print the "
                    "round's table cards again."
                )
            )
        return Confirmation(
            title=gettext("Draw the numbers again?"),
            lost=lost,
            button=gettext("Draw again"),
            back=self.night_url("night-draw"),
            undo=gettext("The old draw stays in the night's history; swaps can put numbers back."),
        )


class NightSwap(DirectorRequiredMixin, NightDrawPage):
    http_method_names = ["post"]

    def post(self, request, pk):
        form = SwapForm(request.POST, seats=selectors.night_seats(self.night))
        if form.is_valid():
            first, second = form.cleaned_data["first"], form.cleaned_data["second"]
            try:
                services.seats_swap(
                    night=self.night,
                    first=first,
                    second=second,
                    seating=form.cleaned_data["seating"],
                    user=request.user,
                )
            except errors.AlreadyDone as done:
                return already_done(request, done, self.night_url("night-draw"))
            except ValidationError as error:
                form = self.fresh_swap_form(request.POST)
                form.add_error(None, error)
            else:
                messages.success(
                    request,
                    gettext("Numbers %(first)s and %(second)s swapped")
                    % {"first": first, "second": second},
                )
                return redirect(self.night_url("night-draw"))
        return self.render_to_response(self.get_context_data(swap_form=form))

    def fresh_swap_form(self, posted) -> SwapForm:
        """The posted swap again, on the draw as it is now: the director may resend it."""
        seats = selectors.night_seats(self.night)
        data = posted.copy()
        data["seating"] = seating(seats)
        form = SwapForm(data, seats=seats)
        form.is_valid()
        return form


class NightSchedule(ConfirmFirst, DirectorRequiredMixin, NightPage):
    """Make the pattern table's games; making them again asks first."""

    def confirmation(self) -> Confirmation:
        games = len(selectors.night_overview(self.night).games)
        lost = (
            [
                ngettext(
                    "The %(games)s game of the pattern table as it is: pairs may meet at "
                    "other tables and rounds, and score sheets already printed no longer match.",
                    "The %(games)s games of the pattern table as they are: pairs may meet at "
                    "other tables and rounds, and score sheets already printed no longer match.",
                    games,
                )
                % {"games": games}
            ]
            if games
            else [gettext("Nothing: no schedule has been made yet.")]
        )
        return Confirmation(
            title=gettext("Make the schedule again?") if games else gettext("Make the schedule?"),
            lost=lost,
            button=gettext("Make the schedule"),
            back=self.night_url(),
            undo=gettext("No game has been played yet, so no hand or result is lost."),
        )

    def post(self, request, pk):
        try:
            games = services.night_schedule(night=self.night, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request,
                ngettext(
                    "Schedule made: %(count)s game", "Schedule made: %(count)s games", len(games)
                )
                % {"count": len(games)},
            )
        return redirect(self.night_url())


class NightFile(PublicPage, NightPage):
    """The night as a ``cinch-night/1`` file, every hand as entered (its money too)."""

    kind = MONEY

    def get(self, request, pk):
        document = audit.night_file_for(
            audit.Reader.of(request.user), selectors.night_file(self.night)
        )
        response = HttpResponse(dump_json(document), content_type="application/json")
        filename = f"{self.night.date:%Y-%m-%d}-{slugify(self.night.name) or 'night'}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class NightCreate(DirectorRequiredMixin, FormView):
    template_name = "scoring/night_form.html"
    form_class = NightForm

    def form_valid(self, form):
        try:
            night = services.night_create(user=self.request.user, **form.night_settings())
        except errors.AlreadyDone as done:
            return already_done(
                self.request, done, reverse("scoring:night-draw", args=[done.done.pk])
            )
        messages.success(self.request, gettext("Night created: draw the numbers next"))
        return redirect("scoring:night-draw", pk=night.pk)


class NightImport(DirectorRequiredMixin, FormView):
    template_name = "scoring/night_import.html"
    form_class = ImportForm

    def form_valid(self, form):
        token, again = form.cleaned_data["token"], form.cleaned_data["again"]
        # A second post of the same form is the service's (AlreadyDone), not a twin.
        asks = not again and not selectors.made_by_form(token)
        twin = selectors.night_like(form.document) if asks else None
        if twin is not None:
            # Asks first: the same night twice would count twice in the season.
            form.fields["again"].widget = forms.CheckboxInput()
            return self.render_to_response(self.get_context_data(form=form, twin=twin))
        try:
            night = services.night_import(
                document=form.document, user=self.request.user, token=form.cleaned_data["token"]
            )
        except errors.AlreadyDone as done:
            return already_done(
                self.request, done, reverse("scoring:night-detail", args=[done.done.pk])
            )
        except errors.NightFileRefused as refused:
            form.add_error("file", refused.spoken())
            return self.form_invalid(form)
        messages.success(self.request, gettext("Night imported: %(name)s") % {"name": night.name})
        return redirect("scoring:night-detail", pk=night.pk)


# --- games --------------------------------------------------------------------------------


class GamePage(PublicPage, TemplateView):
    """The game page: its hands and running board, the entry forms, the audit trail."""

    template_name = "scoring/game_detail.html"

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
        kwargs.setdefault("hand_form", HandForm(game=game, names=self.names))
        kwargs.setdefault("result_form", ResultForm(game=game, names=self.names))
        reader = audit.Reader.of(self.request.user)
        return super().get_context_data(
            game=game,
            night=game.night,
            state=game_state(game),
            sides=selectors.game_sides(game, self.names),
            progress=progress,
            actions=actions,
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


class HandRecord(ScorerRequiredMixin, GamePage):
    def post(self, request, pk):
        form = HandForm(request.POST, game=self.game, names=self.names)
        if form.is_valid():
            try:
                hand = services.hand_record(
                    game=self.game,
                    data=form.to_rules(),
                    number=form.cleaned_data["position"],
                    user=request.user,
                )
            except errors.AlreadyDone as done:
                return already_done(request, done, self.game_url() + "#entry")
            except errors.DifferentHandSaved as kept:
                messages.warning(request, different_hand_note(kept, self.game.night.rules_variant))
                return redirect(self.game_url() + "#entry")
            except ValidationError as error:
                add_rules_errors(form, error)
            else:
                # The note goes beside the next hand's form (?saved=), not to the top.
                return redirect(f"{self.game_url()}?saved={hand.number}#entry")
        return self.render_to_response(self.get_context_data(hand_form=form))


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


class GameAction(GamePage):
    """A one-button change to the game: the service, a note, back to the game page."""

    http_method_names = ["post"]
    service = None  # a ``services`` function taking ``game`` and ``user``
    done = ""

    def post(self, request, pk):
        try:
            self.service(game=self.game, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, self.done)
        return redirect(self.game_url())


class GameResultClear(ScorerRequiredMixin, GameAction):
    service = staticmethod(services.game_result_clear)
    done = gettext_lazy("Pegboard result cleared")


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


# --- hands --------------------------------------------------------------------------------


class HandPage(ScorerRequiredMixin, TemplateView):
    """Correct or delete one hand of a game."""

    template_name = "scoring/hand_form.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.hand = get_object_or_404(Hand.objects.select_related("game__night"), pk=kwargs["pk"])
        self.game = self.hand.game
        self.names = selectors.game_pair_names(self.game)
        self.number = selectors.hand_number(self.hand)

    def game_url(self) -> str:
        return reverse("scoring:game-detail", args=[self.game.pk])

    def current_form(self) -> HandEditForm:
        initial = hand_initial(documents.hand_data(self.hand), self.hand.version)
        return HandEditForm(game=self.game, names=self.names, initial=initial)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        kwargs.setdefault("form", self.current_form())
        return super().get_context_data(
            hand=self.hand, game=self.game, number=self.number, **kwargs
        )


class HandEdit(HandCorrection, HandPage):
    def edit_form(self, data) -> HandEditForm:
        return HandEditForm(data, game=self.game, names=self.names)

    def correct(self, **change) -> None:
        services.hand_correct(hand=self.hand, **change)

    def board_url(self) -> str:
        return self.game_url()


class HandDelete(ConfirmFirst, HandPage):
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

    def post(self, request, pk):
        try:
            services.hand_delete(hand=self.hand, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, gettext("Hand %(number)s deleted") % {"number": self.number})
        return redirect(self.game_url())


# --- accounts -----------------------------------------------------------------------------


class PasswordChange(PasswordChangeView):
    """django.contrib.auth's page, its old password checked as a login (rate limited)."""

    form_class = LimitedPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


home = HomeView.as_view()
night_create = NightCreate.as_view()
night_import = NightImport.as_view()
night_detail = NightDetailView.as_view()
night_draw = by_method(get=NightDrawPage.as_view(), post=NightDraw.as_view())
night_draw_again = NightDrawAgain.as_view()
night_swap = NightSwap.as_view()
night_schedule = NightSchedule.as_view()
night_file = NightFile.as_view()
game_detail = by_method(get=GamePage.as_view(), post=HandRecord.as_view())
game_result = GameResult.as_view()
game_result_clear = GameResultClear.as_view()
game_reopen = GameReopen.as_view()
hand_edit = HandEdit.as_view()
hand_delete = HandDelete.as_view()
password_change = PasswordChange.as_view()
