"""The phone page's form for a pair that disputes the result entered."""

from django import forms
from django.utils.translation import gettext_lazy

from scoring.links.services import DISPUTE_LENGTH


class DisputeForm(forms.Form):
    reason = forms.CharField(
        max_length=DISPUTE_LENGTH - 40,
        label=gettext_lazy("What is wrong with the result?"),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class ScorerDeviceForm(forms.Form):
    """The night page's "Add a scorer device": its name, which the results it enters
    carry (``Scorer 2`` when left empty)."""

    name = forms.CharField(
        max_length=40,
        required=False,
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("How the results it enters name it; empty: Scorer 2, 3…"),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args, night, **kwargs):
        super().__init__(*args, **kwargs)
        self.night = night

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if "«" in name or "»" in name or ":" in name:
            # The audit trail reads a device back from «name» and a dispute after ": ".
            raise forms.ValidationError(
                gettext_lazy("A scorer device's name may not hold «, » or a colon: %(name)s."),
                params={"name": name},
            )
        if name and self.night.scorer_devices.filter(name=name).exists():
            raise forms.ValidationError(
                gettext_lazy("This night has a scorer device named %(name)s already."),
                params={"name": name},
            )
        return name
