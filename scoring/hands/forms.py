"""One hand's form, wherever a hand is typed: a night game's page, its phone link and a
table. It is built from the variant and its sides (``Sides``: two pairs for a night's
game, the players for a table), so the three pages offer the same fields for the same
variant and send the rules core the same hand.

Vocabulary: a *hand* has a *bidder*, a *bid* (and, at Razzle, a called *partner*), the
*scoring cards* each side took or the *points* per side, a *revoke*, or a *passed* deal.
The form converts types and no more: the rules core judges what was typed, through the
hand services (``hands.writes``), and its words go beside the fields.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext

from scoring.core.ui.forms import RulesChoiceField, VersionChecked
from scoring.core.ui.widgets import (
    DrawnForm,
    FirstFocusRadioSelect,
    FlatCheckboxInput,
    FlatHiddenInput,
    FlatNumberInput,
    FlatRadioSelect,
    FlatSelect,
)
from scoring.rules.hand import MONEY


def points_key(index: int) -> str:
    """The field of the ``index``-th point total: ``points_a``, ``points_b``…"""
    return f"points_{chr(ord('a') + index)}"


@dataclass(frozen=True)
class Sides:
    """Who plays a hand, as its form words them: ``numbers`` in order, ``label`` of the
    bidder's (and partner's) choice, ``short`` of a card's or a revoke's choice, and the
    labels of the point totals with their legend."""

    numbers: list[int]
    label: Callable[[int], str]
    short: Callable[[int], str]
    totals: list[str]
    totals_legend: str


class HandForm(DrawnForm, forms.Form):
    """One hand of ``variant`` played by ``sides``.

    ``position`` (hidden) is the hand's number when the form was opened (``count`` hands
    before it), so a second post of the same form (a double click) is refused instead of
    saved twice. A post without it (a script's) is appended.
    """

    position = forms.IntegerField(widget=FlatHiddenInput, required=False, min_value=1)

    def __init__(self, *args, variant, sides: Sides, count: int = 0, **kwargs):
        kwargs.setdefault("label_suffix", "")
        kwargs.setdefault("initial", {"position": count + 1})
        super().__init__(*args, **kwargs)
        self.variant = variant
        players = [(number, sides.label(number)) for number in sides.numbers]
        shorts = [(number, sides.short(number)) for number in sides.numbers]
        self.fields["bidder"] = RulesChoiceField(
            label=gettext("Bidder"), choices=players, widget=FirstFocusRadioSelect
        )
        bids = [("", gettext("bid …"))] + [(bid, str(bid)) for bid in variant.bids]
        if variant.money_bid:
            bids.append((MONEY, gettext("Money")))
        self.fields["bid"] = RulesChoiceField(label=gettext("Bid"), choices=bids, widget=FlatSelect)
        if variant.called_partner:
            self.fields["partner"] = RulesChoiceField(
                label=gettext("Partner (holds the called card)"),
                choices=[("", gettext("alone"))] + players,
                widget=FlatRadioSelect,
            )
        for card in variant.cards:
            choices = list(shorts)
            if not card.always_awarded:
                choices.append(("", gettext("not out")))
            self.fields[card.key] = RulesChoiceField(
                label=gettext(card.label), choices=choices, widget=FlatRadioSelect
            )
        self.points_legend = sides.totals_legend
        self.points_keys = [points_key(index) for index in range(len(sides.totals))]
        for key, label in zip(self.points_keys, sides.totals, strict=True):
            self.fields[key] = forms.IntegerField(
                label=label,
                required=False,
                widget=FlatNumberInput(attrs={"inputmode": "numeric", "size": 3}),
            )
        if variant.revoke:
            self.fields["revoke"] = RulesChoiceField(
                label=gettext("Revoke"),
                choices=[("", gettext("none"))] + shorts,
                widget=FlatRadioSelect,
            )
        if variant.passed_deal:
            self.fields["passed"] = forms.BooleanField(
                label=gettext("Passed deal (nobody bid)"),
                required=False,
                widget=FlatCheckboxInput,
            )

    @property
    def card_fields(self) -> list:
        return [self[card.key] for card in self.variant.cards]

    @property
    def points_fields(self) -> list:
        return [self[key] for key in self.points_keys]

    @property
    def points_errors(self) -> bool:
        return any(self.has_error(key) for key in self.points_keys)

    def to_rules(self) -> dict:
        """The hand as the rules core reads it: only what was given, so the core can say
        what is missing."""
        data = self.cleaned_data
        hand = {"passed": True} if data.get("passed") else {}
        for key in ("bidder", "bid", "partner", "revoke", *self.variant.card_keys):
            if data.get(key) is not None:
                hand[key] = data[key]
        points = [data.get(key) for key in self.points_keys]
        if any(point is not None for point in points):
            hand["points"] = points
        return hand


class HandEditForm(VersionChecked, HandForm):
    """A correction carries the version it was opened at, so two scorers cannot collide."""

    position = None  # a correction keeps the hand's place
    version = forms.IntegerField(widget=FlatHiddenInput)


def hand_initial(data: dict, version: int) -> dict:
    """Form values showing a stored hand (as the rules core reads it) for correction."""
    initial = dict(data, version=version)
    for index, point in enumerate(initial.pop("points", None) or []):
        initial[points_key(index)] = point
    return initial
