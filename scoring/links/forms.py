"""The phone pages' forms: the entry each post carries, and the dispute; and the night
page's scorer device form."""

import hashlib
import re
import secrets

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy

from scoring.games.confirmation import DISPUTE_LENGTH
from scoring.games.entries import PostedEntry

ENTRY_KEY = re.compile(r"[A-Za-z0-9_-]{16,40}")
# What a post's digest leaves out: the page's CSRF token changes with the session, and the
# key is the entry's name, not what it says.
NOT_SAID = {"csrfmiddlewaretoken", "entry"}


def new_entry_key() -> str:
    """A key for the page's forms (a phone's script makes its own for each entry)."""
    return secrets.token_urlsafe(16)


def posted_entry(data: QueryDict) -> PostedEntry | None:
    """The entry a phone's post carries: its ``entry`` key, the game version it was shown
    (``seen``) and a digest of its other fields; ``None`` if it carries none."""
    key, seen = data.get("entry", ""), data.get("seen", "")
    if not ENTRY_KEY.fullmatch(key) or not seen.isdigit() or len(seen) > 9:
        return None
    said = sorted(
        (name, value) for name, values in data.lists() if name not in NOT_SAID for value in values
    )
    digest = hashlib.sha256(repr(said).encode()).hexdigest()
    return PostedEntry(key=key, seen=int(seen), digest=digest)


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
