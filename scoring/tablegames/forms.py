"""Forms of the table pages: a new table, and one hand of it (as for a night's games).

They convert types and no more; the rules core judges what was typed, through the table
services, and its words are put beside the fields (``core.forms.add_rules_errors``).
"""

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.forms import (
    AmountField,
    ImportForm,
    RulesChoiceField,
    VersionChecked,
    date_picker,
    members_field,
    typed_names,
    typed_players_field,
)
from scoring.core.problem_words import shown
from scoring.core.widgets import FirstFocusRadioSelect
from scoring.models import Night
from scoring.rules.table import player_counts_words, table_variants

POINTS_FIELDS = ("points_a", "points_b", "points_c")


def player_label(number: int, names: dict[int, str]) -> str:
    if names.get(number):
        return f"{number} — {names[number]}"
    return gettext("Player %(number)s") % {"number": number}


class TableForm(forms.Form):
    """A new table: its variant, who plays (members ticked, then names typed), a stake."""

    name = forms.CharField(label=_("Name"), max_length=100, required=False)
    date = forms.DateField(label=_("Date"), widget=date_picker())
    variant = forms.ChoiceField(label=_("Variant"))
    members = members_field()
    new_players = typed_players_field(_("Other players, one per line"), rows=3)
    stake = AmountField(
        label=_("Stake"),
        required=False,
        min_value=0,
        max_digits=12,
        decimal_places=4,
        help_text=_("What each player puts in (optional); the winners share the pot."),
    )
    unit = AmountField(
        label=_("Rounding unit"),
        initial=Decimal("0.01"),
        min_value=Decimal("0.0001"),
        max_digits=12,
        decimal_places=4,
    )
    night = forms.ModelChoiceField(
        label=_("Night"),
        queryset=Night.objects.filter(is_final=False),
        required=False,
        help_text=_("Played beside this night (listed on its page under other tables)."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [
            (
                v.id,
                gettext("%(variant)s (%(count)s players)")
                % {"variant": gettext(v.name), "count": player_counts_words(v).say(gettext, shown)},
            )
            for v in table_variants()
        ]
        self.initial.setdefault("date", timezone.localdate())

    def clean_new_players(self) -> list[str]:
        names, refusals = typed_names(self.cleaned_data["new_players"])
        if refusals:
            raise ValidationError(refusals)
        return names

    def table_settings(self) -> dict:
        """The keyword arguments of ``services.table_create``."""
        data = self.cleaned_data
        members = [member.name for member in data.get("members") or []]
        return dict(
            name=data["name"],
            date=data["date"],
            variant=data["variant"],
            player_names=members + data["new_players"],
            stake=data["stake"],
            unit=data["unit"],
            night=data["night"],
        )


class TableHandForm(forms.Form):
    """One hand of a table: bidder, bid, the called partner (Razzle), who took each
    scoring card or the point totals. ``position`` as for a night's games."""

    position = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)

    def __init__(self, *args, table, names: dict[int, str], **kwargs):
        kwargs.setdefault("label_suffix", "")
        kwargs.setdefault("initial", {"position": getattr(table, "hand_count", 0) + 1})
        super().__init__(*args, **kwargs)
        self.variant = variant = table.rules_variant
        numbers = sorted(names)
        players = [(number, player_label(number, names)) for number in numbers]
        self.fields["bidder"] = RulesChoiceField(
            label=gettext("Bidder"), choices=players, widget=FirstFocusRadioSelect
        )
        self.fields["bid"] = RulesChoiceField(
            label=gettext("Bid"),
            choices=[("", gettext("bid …"))] + [(bid, str(bid)) for bid in variant.bids],
        )
        if variant.called_partner:
            self.fields["partner"] = RulesChoiceField(
                label=gettext("Partner (holds the called card)"),
                choices=[("", gettext("alone"))] + players,
                widget=forms.RadioSelect,
            )
        for card in variant.cards:
            choices = [(number, names.get(number) or str(number)) for number in numbers]
            if not card.always_awarded:
                choices.append(("", gettext("not out")))
            self.fields[card.key] = RulesChoiceField(
                label=gettext(card.label), choices=choices, widget=forms.RadioSelect
            )
        if variant.called_partner:
            labels = [gettext("Bidder's side"), gettext("The others")]
            self.points_legend = gettext("…or the points of the two sides")
        else:
            labels = [names.get(number) or player_label(number, names) for number in numbers]
            self.points_legend = gettext("…or the points per player")
        for key, label in zip(POINTS_FIELDS, labels, strict=False):
            self.fields[key] = forms.IntegerField(
                label=label,
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": 3}),
            )
        self.points_keys = POINTS_FIELDS[: len(labels)]
        if variant.revoke:
            self.fields["revoke"] = RulesChoiceField(
                label=gettext("Revoke"),
                choices=[("", gettext("none"))] + players,
                widget=forms.RadioSelect,
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
        """The hand as the rules core reads it: only what was given."""
        data = self.cleaned_data
        hand = {}
        for key in ("bidder", "bid", "partner", "revoke", *self.variant.card_keys):
            if data.get(key) is not None:
                hand[key] = data[key]
        points = [data.get(key) for key in self.points_keys]
        if any(point is not None for point in points):
            hand["points"] = points
        return hand


def table_hand_initial(data: dict, version: int) -> dict:
    """Form values showing a stored hand for correction."""
    initial = dict(data, version=version)
    for key, point in zip(POINTS_FIELDS, initial.pop("points", []), strict=False):
        initial[key] = point
    return initial


class TableHandEditForm(VersionChecked, TableHandForm):
    """A correction carries the version it was opened at, so two scorers cannot collide."""

    position = None
    version = forms.IntegerField(widget=forms.HiddenInput)


class TableImportForm(ImportForm):
    """A ``cinch-game/1`` file, read as JSON; the table services check what it says."""

    file = forms.FileField(label=_("Game file (cinch-game/1 JSON)"))
