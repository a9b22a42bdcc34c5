"""Forms of the table pages: a new table, and one hand of it (``hands.forms`` built
for its players, as for a night's games).

They convert types and no more; the rules core judges what was typed, through the table
services, and its words are put beside the fields (``core.ui.forms.add_rules_errors``).
"""

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.ui.forms import (
    AmountField,
    ImportForm,
    RecordChoiceField,
    date_picker,
    members_field,
    typed_names,
    typed_players_field,
)
from scoring.hands.forms import HandForm, Sides
from scoring.models import Night
from scoring.rules.table import player_counts_words, table_variants
from scoring.words.names import by_name
from scoring.words.problems import shown


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
    night = RecordChoiceField(
        label=_("Night"),
        rows=lambda: Night.objects.filter(is_final=False),
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
        # Numbered as the form says and the picker shows them: by name, in the reader's
        # order (the database's is its own); the odd cent of a shared pot goes by number.
        members = by_name(member.name for member in data.get("members") or [])
        return dict(
            name=data["name"],
            date=data["date"],
            variant=data["variant"],
            player_names=members + data["new_players"],
            stake=data["stake"],
            unit=data["unit"],
            night=data["night"],
        )


def hand_sides(table, names: dict[int, str]) -> Sides:
    """The table's players as its hand form words them; at Razzle the points are the
    bidder's side's and the others'."""
    numbers = sorted(names)
    if table.rules_variant.called_partner:
        totals = [gettext("Bidder's side"), gettext("The others")]
        legend = gettext("…or the points of the two sides")
    else:
        totals = [names.get(number) or player_label(number, names) for number in numbers]
        legend = gettext("…or the points per player")
    return Sides(
        numbers=numbers,
        label=lambda number: player_label(number, names),
        short=lambda number: names.get(number) or str(number),
        totals=totals,
        totals_legend=legend,
    )


def hand_form(table, names: dict[int, str], data=None, *, form_class=HandForm, **kwargs):
    """The form of one hand of ``table`` (``HandEditForm``: its correction)."""
    return form_class(
        data,
        variant=table.rules_variant,
        sides=hand_sides(table, names),
        count=getattr(table, "hand_count", 0),
        **kwargs,
    )


class TableImportForm(ImportForm):
    """A ``cinch-game/1`` file, read as JSON; the table services check what it says."""

    file = forms.FileField(label=_("Game file (cinch-game/1 JSON)"))
