"""The season form: a name, a first and last date or nights picked, and ``best``."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.ui.forms import RecordsChoiceField, date_picker
from scoring.models import Night, Season


class NightChoiceField(RecordsChoiceField):
    def label_from_instance(self, night: Night) -> str:
        return str(night)


class SeasonForm(forms.ModelForm):
    """Nights from the first date to the last, and any picked besides; ``best`` empty
    counts every night."""

    picked = NightChoiceField(
        label=_("Nights picked"),
        rows=lambda: Night.objects.order_by("-date", "-id"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Nights outside the dates that count too (or instead of dates)."),
    )

    class Meta:
        model = Season
        fields = ["name", "first_date", "last_date", "picked", "best"]
        widgets = {
            "first_date": date_picker(),
            "last_date": date_picker(),
        }
        labels = {
            "name": _("Name"),
            "first_date": _("First date"),
            "last_date": _("Last date"),
            "best": _("Best nights counted"),
        }
        help_texts = {
            "best": _("Count only each player's best so many nights; empty: every night.")
        }

    def clean(self):
        data = super().clean()
        first, last = data.get("first_date"), data.get("last_date")
        if (first is None) != (last is None) and not self.has_error("first_date"):
            missing = "last_date" if last is None else "first_date"
            self.add_error(missing, gettext("Give both the first and the last date, or neither."))
        elif first and last and last < first:
            self.add_error("last_date", gettext("The last date must not be before the first date."))
        elif first is None and last is None and not data.get("picked"):
            self.add_error(
                "first_date", gettext("Give the season's first and last date, or pick its nights.")
            )
        return data
