"""Pages for a night that does not go to plan: substitutes on a game page (scorers), a
pair's withdrawal with its confirmation, bringing it back, and a late pair (directors).

Thin like ``core.ui.views`` says: a form converts, one ``attendance.services`` write.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.generic import View

from scoring.attendance import services
from scoring.attendance.forms import LatePairForm, SubstituteForm, WithdrawForm
from scoring.core.http.permissions import DirectorRequiredMixin, ScorerRequiredMixin
from scoring.core.records import documents
from scoring.core.records import pairs as core_pairs
from scoring.core.records.guards import is_final
from scoring.models import Game, Night, Seat, Substitute
from scoring.rules.digits import number_from_digits
from scoring.rules.pot import seats_of


def _errors(error: ValidationError) -> str:
    return " ".join(error.messages)


class SubstituteAdd(ScorerRequiredMixin, View):
    """Record who sat for a number in a game (it changes no figure)."""

    def post(self, request, pk):
        game = get_object_or_404(Game, pk=pk)
        seats = Seat.objects.filter(night_id=game.night_id, number__in=seats_of(game.pairs))
        form = SubstituteForm(request.POST, seats=seats.select_related("member"))
        if form.is_valid():
            try:
                substitute = services.substitute_record(
                    game=game,
                    number=form.cleaned_data["number"],
                    member=form.cleaned_data["member"],
                    name=form.cleaned_data["name"],
                    user=request.user,
                )
            except ValidationError as error:
                messages.error(request, _errors(error))
            else:
                messages.success(
                    request,
                    gettext("%(name)s sits for number %(number)s")
                    % {"name": substitute.name, "number": substitute.number},
                )
        else:
            messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect("scoring:game-detail", pk=game.pk)


class SubstituteRemove(ScorerRequiredMixin, View):
    def post(self, request, pk):
        substitute = get_object_or_404(Substitute, pk=pk)
        try:
            services.substitute_remove(substitute=substitute, user=request.user)
        except ValidationError as error:
            messages.error(request, _errors(error))
        else:
            messages.success(request, gettext("%(name)s removed") % {"name": substitute.name})
        return redirect("scoring:game-detail", pk=substitute.game_id)


class NightAttendance(DirectorRequiredMixin, View):
    """Withdraw a pair (the confirmation names the games that become forfeits), bring a
    withdrawn pair back, or seat a late pair."""

    template_name = "scoring/attendance/night_attendance.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.night = get_object_or_404(Night, pk=kwargs["pk"])

    def url(self) -> str:
        return reverse("scoring:night-attendance", args=[self.night.pk])

    def pairs(self):
        return sorted(core_pairs.pair_names(documents.night_seats(self.night)).items())

    def render_page(self, request, *, withdraw_form=None, plan=None, late_form=None):
        gone = {entry["pair"]: entry["from_round"] for entry in self.night.withdrawn}
        names = dict(self.pairs())
        return render(
            request,
            self.template_name,
            {
                "night": self.night,
                "withdraw_form": withdraw_form
                or WithdrawForm(
                    pairs=self.pairs(),
                    initial={"from_round": services.current_round(self.night)},
                ),
                "plan": plan,
                "withdrawn": [(pair, names.get(pair, ""), r) for pair, r in sorted(gone.items())],
                "late_form": late_form or LatePairForm(),
                "late_refusal": services.late_pair_refusal(self.night)
                if not is_final(self.night)
                else None,
            },
        )

    def get(self, request, pk):
        if "pair" not in request.GET:
            return self.render_page(request)
        form = WithdrawForm(request.GET, pairs=self.pairs())
        plan = None
        if form.is_valid():
            try:
                plan = services.withdrawal_plan(
                    self.night, form.cleaned_data["pair"], form.cleaned_data["from_round"]
                )
            except ValidationError as error:
                form.add_error(None, error)
        return self.render_page(request, withdraw_form=form, plan=plan)

    def post(self, request, pk):
        action = request.POST.get("action")
        if action == "late":
            return self.late_pair(request)
        try:
            if action == "return":
                pair = number_from_digits(request.POST.get("pair"))
                if pair is None:
                    raise ValidationError(gettext("Choose a pair."))
                services.pair_return(night=self.night, pair=pair, user=request.user)
                messages.success(
                    request,
                    gettext("Pair %(pair)s is back: its forfeits are games again") % {"pair": pair},
                )
            else:
                form = WithdrawForm(request.POST, pairs=self.pairs())
                if not form.is_valid():
                    return self.render_page(request, withdraw_form=form)
                plan = services.pair_withdraw(
                    night=self.night, user=request.user, **form.cleaned_data
                )
                forfeits = len(plan.forfeits)
                messages.success(
                    request,
                    ngettext(
                        "Pair %(pair)s withdrawn from round %(round)s: %(forfeits)s forfeit",
                        "Pair %(pair)s withdrawn from round %(round)s: %(forfeits)s forfeits",
                        forfeits,
                    )
                    % {"pair": plan.pair, "round": plan.from_round, "forfeits": forfeits},
                )
        except ValidationError as error:
            messages.error(request, _errors(error))
        return redirect(self.url())

    def late_pair(self, request):
        form = LatePairForm(request.POST)
        if form.is_valid():
            try:
                games = services.late_pair_add(
                    night=self.night,
                    names=[form.cleaned_data["first"], form.cleaned_data["second"]],
                    user=request.user,
                )
            except ValidationError as error:
                form.add_error(None, error.messages)
            else:
                messages.success(
                    request,
                    ngettext(
                        "Pair %(pair)s joins: %(count)s game made",
                        "Pair %(pair)s joins: %(count)s games made",
                        len(games),
                    )
                    % {"pair": games[0].pair_b, "count": len(games)},
                )
                return redirect("scoring:night-detail", pk=self.night.pk)
        return self.render_page(request, late_form=form)


substitute_add = SubstituteAdd.as_view()
substitute_remove = SubstituteRemove.as_view()
night_attendance = NightAttendance.as_view()
