"""The treasurer's cash count, typed on the pot page (scorers and directors)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext

from scoring import cash, services
from scoring.cash_forms import CashCountForm
from scoring.core.money import shown_money
from scoring.core.permissions import ScorerRequiredMixin
from scoring.results_views import NightPot
from scoring.rules import InvalidInput


class NightCashCount(ScorerRequiredMixin, NightPot):
    """POST a count: kept and back to the pot; refused, the pot page with the reasons."""

    http_method_names = ["post"]

    def post(self, request, pk):
        if self.results is None:
            messages.error(
                request, gettext("This night cannot be scored yet: there is no pot to count.")
            )
            return redirect(self.night_url("night-pot"))
        form = CashCountForm(request.POST, envelopes=cash.envelopes(self.results.summary))
        if form.is_valid():
            try:
                count = services.cash_count_record(
                    night=self.night, user=request.user, **form.service_kwargs()
                )
            except (ValidationError, InvalidInput) as error:
                form.add_error(None, " ".join(getattr(error, "messages", [str(error)])))
            else:
                counted = shown_money(count.counted)
                messages.success(
                    request,
                    gettext("Cash counted %(counted)s: matches the pot.") % {"counted": counted}
                    if not count.difference
                    else gettext(
                        "Cash counted %(counted)s: differs from the pot by %(difference)s."
                    )
                    % {"counted": counted, "difference": shown_money(count.difference)},
                )
                return redirect(self.night_url("night-pot") + "#cash")
        return self.render_to_response(self.get_context_data(cash_form=form))


night_cash = NightCashCount.as_view()
