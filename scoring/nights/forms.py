"""Forms of a night: its settings (new or edited), its players, how the numbers are
drawn, the swap of two drawn numbers. They turn what was typed into the data
``nights.services`` takes; the rules core judges it (the split, the players, the amounts).

Vocabulary: a *night* seats *players* on drawn *numbers*; numbers 2k-1 and 2k form *pair* k.
"""

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.clubs.scopes import current_club
from scoring.core.ui.forms import (
    AmountField,
    OnceTokenField,
    date_picker,
    members_field,
    typed_names,
    typed_players_field,
)
from scoring.models import Club, Member, Night, club_setting
from scoring.nights.attendance_import import HOUSE
from scoring.nights.services import EDITABLE
from scoring.rules.names import normal_name
from scoring.rules.night.documents import money_text
from scoring.rules.night.reading import MONEY_FIELDS, NightReader
from scoring.words.names import by_name
from scoring.words.problems import name_refused, said


def seating(seats) -> str:
    """The draw as the page shows it: the member at each number, in number order."""
    return ",".join(str(seat.member_id) for seat in sorted(seats, key=lambda s: s.number))


class SwapForm(forms.Form):
    """Two drawn numbers whose players change places.

    ``seating`` (hidden) is the draw the director chose from: a second post of the same
    swap (a double click) would swap the players back, so it is refused instead.
    """

    first = forms.TypedChoiceField(label=_("Number"), coerce=int)
    second = forms.TypedChoiceField(label=_("with number"), coerce=int)
    seating = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, seats, **kwargs):
        kwargs.setdefault("initial", {"seating": seating(seats)})
        super().__init__(*args, **kwargs)
        choices = [(seat.number, f"{seat.number} — {seat.member.name}") for seat in seats]
        self.fields["first"].choices = self.fields["second"].choices = choices


class DrawForm(forms.Form):
    """How a night in a season is dealt: with new partners (the default, so a post that
    does not say deals them too) or at random."""

    NEW, RANDOM = "new", "random"
    partners = forms.ChoiceField(
        label=_("Partners"),
        choices=[
            (NEW, _("New partners: the fewest partnerships of the season's earlier nights")),
            (RANDOM, _("At random")),
        ],
        initial=NEW,
        required=False,
        widget=forms.RadioSelect,
    )

    @property
    def new_partners(self) -> bool:
        """Whether the numbers are dealt with new partners (read once ``is_valid``)."""
        return getattr(self, "cleaned_data", {}).get("partners") != self.RANDOM

    @property
    def chosen(self) -> tuple[str, str]:
        """The choice as the value to post again, and its words."""
        value = self.NEW if self.new_partners else self.RANDOM
        return value, dict(self.fields["partners"].choices)[value]


def _night_problems(read: str, value) -> tuple:
    """What the rules core's night reader makes of ``value``, and its problems in words."""
    result, problems = _night_reading(read, value)
    return result, [said(problem) for problem in problems]


def _night_reading(read: str, value) -> tuple:
    """What the rules core's night reader makes of ``value``, and its problems."""
    reader = NightReader()
    result = getattr(reader, read)(value)
    return result, reader.problems


def split_shares(text: str) -> list[str]:
    """The prize split as typed, ``50 / 30 / 20`` (percent), as the shares the rules core
    reads (``0.5``, …). Shares as before (``0.5, 0.3, 0.2``: none above 1, no ``%``) stay
    shares; text that is no number goes on as it is, for the rules core to name."""
    parts = [part.strip().rstrip("%").strip() for part in re.split(r"[/,;]", text)]
    parts = [part for part in parts if part]
    try:
        numbers = [Decimal(part) for part in parts]
    except InvalidOperation:
        return parts
    if not all(number.is_finite() and 0 <= number <= 100 for number in numbers):
        return parts  # no percent of a pot (NaN, 1e309, 150): the rules core names it
    if "%" not in text and all(number <= 1 for number in numbers):
        return parts
    return [money_text(number / 100) for number in numbers]


def split_percent(split) -> str:
    """The shares as the form shows them: ``50 / 30 / 20``."""
    return " / ".join(f"{(Decimal(share) * 100).normalize():f}" for share in split)


# The rules core's refusal of a split whose shares do not add up to 1 (rules/night/reading.py).
SHARES_TOTAL = "the place shares must add up to 1, not {total}"


class SplitField(forms.CharField):
    """The prize split, typed in percent of the pot for places 1, 2, 3 …"""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Prize split (percent)"))
        kwargs.setdefault(
            "help_text",
            _("Places 1, 2, 3 … in percent of the pot, adding up to 100: 50 / 30 / 20."),
        )
        super().__init__(**kwargs)

    def clean(self, value):
        shares = split_shares(super().clean(value))
        parsed, problems = _night_reading("read_split", shares)
        if problems:
            # Percents past 100 stay as typed: their total is in percent already.
            as_typed = any(
                share.replace(".", "", 1).isdigit() and Decimal(share) > 1 for share in shares
            )
            raise ValidationError([self.said_in_percent(p, as_typed) for p in problems])
        return [str(share) for share in parsed]

    @staticmethod
    def said_in_percent(problem, as_typed: bool) -> str:
        """The rules core's refusal, with a total it gives in shares of 1 said in percent,
        as the field is typed ("must add up to 100 percent, not 110")."""
        if problem.words is not None and problem.words.code == SHARES_TOTAL:
            total = Decimal(dict(problem.words.values)["total"])
            percent = f"{(total if as_typed else total * 100).normalize():f}"
            return gettext("The places must add up to 100 percent, not %(total)s.") % {
                "total": percent
            }
        return said(problem)


class NightSettingsForm(forms.ModelForm):
    """A night's settings, new or edited: name, date, the fees (as the page's language
    writes amounts: ``0,25`` in French), the prize split in percent, confirmation."""

    split = SplitField()

    class Meta:
        model = Night
        fields = list(EDITABLE)
        widgets = {"date": date_picker()}
        labels = {
            "name": _("Name"),
            "date": _("Date"),
            "variant": _("Variant"),
            "tiebreak": _("Tie-break"),
            "entry_fee": _("Entry fee"),
            "loss_fee": _("Loss fee"),
            "cinch_fee": _("Cinch fee"),
            "booby_prize": _("Booby prize"),
            "unit": _("Rounding unit"),
            "paper": _("Paper for printed sheets"),
            "confirm_results": _("Results need a second person's confirmation"),
        }
        help_texts = {
            "unit": _("Payouts are rounded down to this."),
            "paper": _("For printed sheets."),
            "confirm_results": _(
                "A game's result counts once a second person confirms it (off: a club "
                "that trusts its scorer)."
            ),
        }
        field_classes = dict.fromkeys(MONEY_FIELDS, AmountField)

    def clean_money(self, cleaned: dict) -> None:
        """The amounts as the rules core reads a night file's, within its limits (a night
        it cannot read could be saved but never scored)."""
        given = {name: cleaned[name] for name in MONEY_FIELDS if cleaned.get(name) is not None}
        _read, problems = _night_reading("read_money", {k: str(v) for k, v in given.items()})
        for problem in problems:
            self.add_error(problem.place.removeprefix("money."), said(problem))

    def clean_name(self) -> str:
        try:
            return normal_name(self.cleaned_data["name"])
        except ValueError as error:
            raise ValidationError(name_refused(error)) from None

    def clean(self):
        cleaned = super().clean()
        self.clean_money(cleaned)
        return cleaned


class NightForm(NightSettingsForm):
    """A new night: its settings (the club's defaults filled in) and who plays."""

    token = OnceTokenField()
    members = members_field()
    new_players = typed_players_field(_("New players, one per line"), rows=4)
    house_player = forms.ChoiceField(
        label=_("House player (an odd number of players)"),
        required=False,
        help_text=_(
            "Makes the last pair: pays nothing and wins nothing (the partner takes "
            "the pair's prize). A member who volunteers, or House."
        ),
    )

    class Meta(NightSettingsForm.Meta):
        # Chosen when the night is made, and no longer (``services.EDITABLE``); the
        # paper is chosen when printing.
        fields = [*EDITABLE[:2], "variant", "tiebreak", *(n for n in EDITABLE[2:] if n != "paper")]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial.setdefault("split", split_percent(self.instance.split))
        self.initial.setdefault("date", timezone.localdate())
        club = current_club()
        for name in Club.MONEY if club is not None else ():
            if name in self.fields:
                self.initial.setdefault(name, club.money_default(name))
        # Every counted result has two people behind it unless the director unticks this
        # (a club that trusts its scorer); nights made otherwise keep the model's "off".
        self.initial["confirm_results"] = True
        members = [
            (name, name)
            for name in by_name(Member.objects.values_list("name", flat=True))
            if name != HOUSE
        ]
        self.fields["house_player"].choices = [
            ("", gettext("No house player")),
            (HOUSE, gettext("The house (a stand-in)")),
            *members,
        ]

    def clean(self):
        cleaned = super().clean()
        # Numbered as the form says and the picker shows them: by name, in the reader's
        # order (the database's is its own), the new players after them.
        members = by_name(member.name for member in cleaned.get("members") or [])
        typed, refusals = typed_names(cleaned.get("new_players", ""))
        for refused in refusals:
            self.add_error("new_players", refused)
        names = self.with_house_player(members + typed, cleaned.get("house_player"))
        # The rules core's reading of the players: their count, and one number each.
        _read, problems = _night_problems("read_players", names)
        for problem in problems:
            self.add_error("new_players", problem)
        self.player_names = names
        return cleaned

    def with_house_player(self, names: list[str], house: str) -> list[str]:
        """The players with the house player last: asked for an odd count, refused for
        an even one (rules.md: a house player makes the last pair)."""
        if not house:
            if len(names) % 2:
                self.add_error(
                    "house_player",
                    gettext(
                        "%(count)s players is an odd number: seat a house player to make the "
                        "last pair (a member who volunteers, or House)."
                    )
                    % {"count": len(names)},
                )
            return names
        if len(names) % 2 == 0:
            self.add_error(
                "house_player",
                gettext("%(count)s players make whole pairs: no house player is needed.")
                % {"count": len(names)},
            )
        return [*names, house]

    def night_settings(self) -> dict:
        """The keyword arguments of ``services.night_create``."""
        settings = {name: self.cleaned_data[name] for name in self.Meta.fields}
        return dict(
            settings,
            player_names=self.player_names,
            token=self.cleaned_data["token"],
            house_player=self.cleaned_data.get("house_player") or None,
        )


class NightEditForm(NightSettingsForm):
    """A night's settings a director may change until it is final (``services.night_edit``),
    the paper its sheets print on among them."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial["split"] = split_percent(self.instance.split)
        for name in MONEY_FIELDS:
            self.fields[name].label = f"{self.fields[name].label} ({club_setting('CURRENCY_SIGN')})"

    def changes(self) -> dict:
        return {name: self.cleaned_data[name] for name in self.Meta.fields}
