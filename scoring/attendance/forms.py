"""Forms of the attendance pages: a substitute, a withdrawal, a late pair."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.ui.forms import MemberChoiceField
from scoring.models import Member


class SubstituteForm(forms.Form):
    """Who sat for a number in one game: a member, or a name typed."""

    number = forms.TypedChoiceField(label=_("Sat for"), coerce=int)
    member = MemberChoiceField(label=_("Member"), rows=Member.objects.all, required=False)
    name = forms.CharField(label=_("or a name"), max_length=100, required=False)

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].choices = [
            (seat.number, f"{seat.number}. {seat.member.name}") for seat in seats
        ]

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("member") and not (cleaned.get("name") or "").strip():
            self.add_error("name", gettext("Choose a member or type the substitute's name."))
        return cleaned


class WithdrawForm(forms.Form):
    """The pair that leaves for good and the round it leaves from."""

    pair = forms.TypedChoiceField(label=_("Pair"), coerce=int)
    from_round = forms.IntegerField(label=_("From round"), min_value=1, max_value=1000)

    def __init__(self, *args, pairs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = [
            (pair, gettext("Pair %(pair)s (%(names)s)") % {"pair": pair, "names": names})
            for pair, names in pairs
        ]


class LatePairForm(forms.Form):
    """The two players of a late pair (new names become members)."""

    first = forms.CharField(label=_("First player"), max_length=100)
    second = forms.CharField(label=_("Second player"), max_length=100)
