"""The director's form of a member's e-mail: the address and the language, never the
member's yes (theirs alone, by the invitation's link)."""

from django import forms

from scoring.models import Member


class MemberMailForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["email", "language"]
