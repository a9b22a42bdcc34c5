"""The flat widgets draw exactly what Django's own widgets draw (``scoring.forms``)."""

import pytest
from django import forms

from scoring.forms import FirstFocusRadioSelect, FlatRadioSelect, FlatSelect

CHOICES = [("", "none"), (1, "Pair 1 — Ann & Bob"), (2, "Pair <2>")]


class Django(forms.Form):
    choice = forms.ChoiceField(choices=CHOICES, widget=forms.RadioSelect, required=False)
    pick = forms.ChoiceField(choices=CHOICES, widget=forms.Select(attrs={"size": 1}))


class Flat(forms.Form):
    choice = forms.ChoiceField(choices=CHOICES, widget=FlatRadioSelect, required=False)
    pick = forms.ChoiceField(choices=CHOICES, widget=FlatSelect(attrs={"size": 1}))


@pytest.mark.parametrize("data", [None, {"choice": "1", "pick": "2"}, {"choice": "9"}])
@pytest.mark.parametrize("field", ["choice", "pick"])
def test_flat_widgets_draw_what_django_draws(data, field):
    assert str(Flat(data)[field]) == str(Django(data)[field])


def test_the_first_radio_takes_the_focus():
    class Focus(forms.Form):
        choice = forms.ChoiceField(choices=CHOICES, widget=FirstFocusRadioSelect)

    html = str(Focus()["choice"])

    assert html.count("autofocus") == 1
    assert html.index('id="id_choice_0"') < html.index("autofocus") < html.index("id_choice_1")
