"""The widgets, labels and error lists drawn in Python (``scoring.core.ui.widgets``) write exactly
what Django's own templates write."""

import pytest
from django import forms
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from scoring.core.ui.widgets import (
    DrawnForm,
    FirstFocusRadioSelect,
    FlatCheckboxInput,
    FlatHiddenInput,
    FlatNumberInput,
    FlatRadioSelect,
    FlatSelect,
)

# Plain, lazy and already safe labels, each with characters to escape (or not).
CHOICES = [
    ("", "none"),
    (1, "Pair 1 — Ann & Bob"),
    (2, "Pair <2>"),
    (3, gettext_lazy("Pair \"3\" & 'co'")),
    (4, mark_safe("Pair <b>4</b>")),
]


class Django(forms.Form):
    choice = forms.ChoiceField(choices=CHOICES, widget=forms.RadioSelect, required=False)
    styled = forms.ChoiceField(choices=CHOICES, widget=forms.RadioSelect(attrs={"class": "x"}))
    pick = forms.ChoiceField(choices=CHOICES, widget=forms.Select(attrs={"size": 1}))
    number = forms.IntegerField(
        label="Pair <1> points", widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    hidden = forms.IntegerField(widget=forms.HiddenInput, required=False, initial=3)
    tick = forms.BooleanField(label="Passed & done", required=False)


class Flat(DrawnForm, Django):
    choice = forms.ChoiceField(choices=CHOICES, widget=FlatRadioSelect, required=False)
    styled = forms.ChoiceField(choices=CHOICES, widget=FlatRadioSelect(attrs={"class": "x"}))
    pick = forms.ChoiceField(choices=CHOICES, widget=FlatSelect(attrs={"size": 1}))
    number = forms.IntegerField(
        label="Pair <1> points", widget=FlatNumberInput(attrs={"inputmode": "numeric"})
    )
    hidden = forms.IntegerField(widget=FlatHiddenInput, required=False, initial=3)
    tick = forms.BooleanField(label="Passed & done", required=False, widget=FlatCheckboxInput)


DATA = [
    None,
    {"choice": "1", "pick": "2", "number": "-3", "hidden": "4", "tick": "on"},
    {"choice": "9", "number": 'a"b'},
]


FIELDS = ["choice", "styled", "pick", "number", "hidden", "tick"]


@pytest.mark.parametrize("data", DATA)
@pytest.mark.parametrize("field", FIELDS)
def test_flat_widgets_draw_what_django_draws(data, field):
    assert str(Flat(data)[field]) == str(Django(data)[field])


@pytest.mark.parametrize("suffix", ["", ":"])
@pytest.mark.parametrize("field", FIELDS)
def test_drawn_labels_are_djangos(field, suffix):
    flat, django = Flat(label_suffix=suffix)[field], Django(label_suffix=suffix)[field]

    assert flat.label_tag() == django.label_tag()
    assert flat.legend_tag() == django.legend_tag()
    assert flat.label_tag(attrs={"class": "x", "hidden": True}) == django.label_tag(
        attrs={"class": "x", "hidden": True}
    )


@pytest.mark.parametrize("data", DATA)
def test_a_whole_form_is_djangos(data):
    assert Flat(data).as_p() == Django(data).as_p()
    assert Flat(data).as_div() == Django(data).as_div()


def test_labels_without_ids_are_djangos():
    assert Flat(auto_id=False)["number"].label_tag() == Django(auto_id=False)["number"].label_tag()


@pytest.mark.parametrize("data", DATA)
@pytest.mark.parametrize("field", FIELDS)
def test_error_lists_are_djangos_and_empty_ones_draw_nothing(data, field):
    flat, django = Flat(data), Django(data)

    assert str(flat[field].errors) == str(django[field].errors)
    assert str(flat.non_field_errors()) == str(django.non_field_errors())
    assert str(Flat()[field].errors) == ""


def test_the_first_radio_takes_the_focus():
    class Focus(forms.Form):
        choice = forms.ChoiceField(choices=CHOICES, widget=FirstFocusRadioSelect)

    html = str(Focus()["choice"])

    assert html.count("autofocus") == 1
    assert html.index('id="id_choice_0"') < html.index("autofocus") < html.index("id_choice_1")
