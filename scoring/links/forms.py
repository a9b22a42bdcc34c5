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
