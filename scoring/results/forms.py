"""Forms of the end of the night: the tie-break, and the cash count (the total counted,
or one amount per prize envelope, and a note).
"""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.http.permissions import is_scorer
from scoring.core.records.guards import is_final
from scoring.core.ui.forms import AmountField
from scoring.models import Tiebreak
from scoring.results.selectors import Envelope, cash_counts, counted_envelopes, envelopes
from scoring.words.money import shown_money


class TiebreakForm(forms.Form):
    """How the night's ties are broken: play-off games, or peg difference then pegs for."""

    tiebreak = forms.ChoiceField(label=_("Tie-break"), choices=Tiebreak.choices)


# What one count may hold: a night's cash is far below it, and the stored count
# (CashCount.counted, 8 digits before the point) holds the sum of every envelope.
MOST_CASH = Decimal("999999.99")


def amount_field(label: str) -> AmountField:
    return AmountField(
        label=label,
        required=False,
        min_value=Decimal(0),
        max_value=MOST_CASH,
        decimal_places=2,
    )


class CashCountForm(forms.Form):
    """``counted`` or every ``envelope_<i>``, not both; the note says why cash differs."""

    counted = amount_field(_("Cash counted (total)"))
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why the cash differs from the pot, if it does (needed to close the night)."),
    )

    def __init__(self, *args, envelopes: list[Envelope], **kwargs):
        super().__init__(*args, **kwargs)
        self.envelopes = envelopes
        for index, envelope in enumerate(envelopes):
            field = amount_field(gettext("%(prize)s envelope") % {"prize": envelope.label})
            field.help_text = gettext("Expected %(amount)s") % {
                "amount": shown_money(envelope.expected)
            }
            self.fields[f"envelope_{index}"] = field
        self.order_fields(["counted", *self.envelope_names, "note"])

    @property
    def envelope_names(self) -> list[str]:
        return [f"envelope_{index}" for index in range(len(self.envelopes))]

    def envelope_fields(self):
        return [self[name] for name in self.envelope_names]

    def clean(self):
        data = super().clean()
        given = [name for name in self.envelope_names if data.get(name) is not None]
        if self.errors:
            return data
        if data.get("counted") is not None and given:
            self.add_error("counted", gettext("Give the total or the envelopes, not both."))
        elif given and len(given) < len(self.envelope_names):
            for name in self.envelope_names:
                if name not in given:
                    self.add_error(name, gettext("Count every envelope, or give the total only."))
        elif given and sum(data[name] for name in given) > MOST_CASH:
            self.add_error(
                None,
                gettext("The envelopes add up to more than %(most)s.")
                % {"most": shown_money(MOST_CASH)},
            )
        elif data.get("counted") is None and not given:
            self.add_error(
                "counted", gettext("Type the cash counted: the total, or each envelope.")
            )
        return data

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        counted_envelopes = [data[name] for name in self.envelope_names]
        if data.get("counted") is not None or not self.envelope_names:
            return {"counted": data["counted"], "note": data["note"]}
        return {"counted_envelopes": counted_envelopes, "note": data["note"]}


def recount_initial(latest, expected: list[Envelope]) -> dict:
    """A recount starts from the last count: its envelopes (when the prizes are the same
    many), else its total, and its note."""
    if latest is None:
        return {}
    initial = {"note": latest.note}
    if latest.envelopes and len(latest.envelopes) == len(expected):
        for index, stored in enumerate(latest.envelopes):
            initial[f"envelope_{index}"] = Decimal(stored["counted"])
    else:
        initial["counted"] = latest.counted
    return initial


def cash_context(request, night, results, given: dict) -> dict:
    """The pot page's cash section: the counts so far (newest first), the latest against
    the pot as it is now with its envelopes (a short one flagged), and the form for
    scorers while the night is open, starting from the last count."""
    counts = cash_counts(night)
    latest = counts[0] if counts else None
    context = {
        "cash_counts": [(count, counted_envelopes(count)) for count in counts],
        "cash_latest": latest,
        "cash_latest_envelopes": counted_envelopes(latest) if latest else [],
        "cash_difference": latest.counted - results.summary.fees.pot if latest else None,
    }
    if is_scorer(request.user) and not is_final(night):
        expected = envelopes(results.summary)
        context["cash_form"] = given.get("cash_form") or CashCountForm(
            envelopes=expected, initial=recount_initial(latest, expected)
        )
    return context
