"""Forms of a game: one hand (bidder, bid, who took each scoring card or points per pair),
its correction, and the final result typed from the pegboard.

Vocabulary: a *hand* has a *bidder*, a *bid* and the *scoring cards* each pair took (or
*points* per pair); a game typed from the *pegboard* gives only its final *result*.
"""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext

from scoring.core.forms import (
    RulesChoiceField,
    VersionChecked,
)
from scoring.core.widgets import (
    DrawnForm,
    FirstFocusRadioSelect,
    FlatCheckboxInput,
    FlatHiddenInput,
    FlatNumberInput,
    FlatRadioSelect,
    FlatSelect,
)
from scoring.rules.hand import MONEY
from scoring.rules.variants import get_variant


def pair_label(pair: int, names: dict[int, str]) -> str:
    """``Pair 3 — Ann & Bob`` (or ``Pair 3`` before the names are known)."""
    if names.get(pair):
        return gettext("Pair %(pair)s — %(names)s") % {"pair": pair, "names": names[pair]}
    return gettext("Pair %(pair)s") % {"pair": pair}


# A choice's label is worded when it is shown: a valid post reads no pair names.
pair_label_later = lazy(pair_label, str)


class HandForm(DrawnForm, forms.Form):
    """One hand of ``game``: bidder, bid, who took each scoring card or points per pair.

    ``position`` (hidden) is the hand's number in the game when the form was opened, so a
    second post of the same form (a double click) is refused instead of saved twice. A
    post without it (a script's) is appended as before.
    """

    position = forms.IntegerField(widget=FlatHiddenInput, required=False, min_value=1)

    def __init__(self, *args, game, names: dict[int, str], **kwargs):
        kwargs.setdefault("label_suffix", "")
        kwargs.setdefault("initial", {"position": getattr(game, "hand_count", 0) + 1})
        super().__init__(*args, **kwargs)
        self.variant = variant = get_variant(game.night.variant)
        self.pairs = game.pairs
        self.fields["bidder"] = RulesChoiceField(
            label=gettext("Bidder"),
            choices=[(pair, pair_label_later(pair, names)) for pair in self.pairs],
            widget=FirstFocusRadioSelect,
        )
        bids = [("", gettext("bid …"))] + [(bid, str(bid)) for bid in variant.bids]
        if variant.money_bid:
            bids.append((MONEY, gettext("Money")))
        self.fields["bid"] = RulesChoiceField(label=gettext("Bid"), choices=bids, widget=FlatSelect)
        for card in variant.cards:
            choices = [(pair, gettext("Pair %(pair)s") % {"pair": pair}) for pair in self.pairs]
            if not card.always_awarded:
                choices.append(("", gettext("not out")))
            self.fields[card.key] = RulesChoiceField(
                label=gettext(card.label), choices=choices, widget=FlatRadioSelect
            )
        for side, pair in zip("ab", self.pairs, strict=True):
            self.fields[f"points_{side}"] = forms.IntegerField(
                label=gettext("Pair %(pair)s points") % {"pair": pair},
                required=False,
                widget=FlatNumberInput(attrs={"inputmode": "numeric", "size": 3}),
            )
        if variant.revoke:
            self.fields["revoke"] = RulesChoiceField(
                label=gettext("Revoke"),
                choices=[("", gettext("none"))]
                + [(pair, gettext("Pair %(pair)s") % {"pair": pair}) for pair in self.pairs],
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
        return [self["points_a"], self["points_b"]]

    def to_rules(self) -> dict:
        """The hand as the rules core reads it (see ``documents.hand_data``): only what
        was given, so the core can say what is missing."""
        data = self.cleaned_data
        hand = {"passed": True} if data.get("passed") else {}
        for key in ("bidder", "bid", "revoke", *self.variant.card_keys):
            if data.get(key) is not None:
                hand[key] = data[key]
        points = [data.get("points_a"), data.get("points_b")]
        if points != [None, None]:
            hand["points"] = points
        return hand


def hand_initial(data: dict, version: int) -> dict:
    """Form values showing a stored hand (``documents.hand_data``) for correction."""
    initial = dict(data, version=version)
    if "points" in initial:
        initial["points_a"], initial["points_b"] = initial.pop("points")
    return initial


def result_initial(game) -> dict:
    """The form's values: the game's pegboard result while it is not settled (awaiting
    confirmation or disputed), to correct rather than retype; else a blank form."""
    if not (game.from_pegboard and game.winner is not None and not game.finished):
        return {"version": game.version}
    return {
        "version": game.version,
        "winner": game.winner,
        "score_a": game.score_a,
        "score_b": game.score_b,
        "cinches_a": game.cinches_a,
        "cinches_b": game.cinches_b,
        "money": game.money_bid,
    }


class HandEditForm(VersionChecked, HandForm):
    """A correction carries the version it was opened at, so two scorers cannot collide."""

    position = None  # a correction keeps the hand's place
    version = forms.IntegerField(widget=FlatHiddenInput)


class ResultForm(DrawnForm, forms.Form):
    """The final result typed from the pegboard: winner, score and Cinches, Money.

    ``version`` (hidden) is the game's version when the form was opened: a second post of
    the same result finds the game moved on and is refused as already saved. A result not
    settled yet fills the form (``result_initial``).
    """

    prefix = "result"
    version = forms.IntegerField(widget=FlatHiddenInput, required=False)

    def __init__(self, *args, game, names: dict[int, str], **kwargs):
        kwargs.setdefault("label_suffix", "")
        kwargs.setdefault("initial", result_initial(game))
        super().__init__(*args, **kwargs)
        variant = get_variant(game.night.variant)
        self.fields["winner"] = RulesChoiceField(
            label=gettext("Winner"),
            choices=[(pair, pair_label_later(pair, names)) for pair in game.pairs],
            widget=FlatRadioSelect,
        )
        for side, pair in zip("ab", game.pairs, strict=True):
            self.fields[f"score_{side}"] = forms.IntegerField(
                label=gettext("Pair %(pair)s score") % {"pair": pair},
                required=False,
                widget=FlatNumberInput,
            )
        for side, pair in zip("ab", game.pairs, strict=True):
            self.fields[f"cinches_{side}"] = forms.IntegerField(
                label=gettext("Pair %(pair)s Cinches") % {"pair": pair},
                required=False,
                initial=0,
                widget=FlatNumberInput,
            )
        if variant.money_bid:
            self.fields["money"] = forms.BooleanField(
                label=gettext("Won on a Money bid"), required=False, widget=FlatCheckboxInput
            )

    def to_rules(self) -> dict:
        data = self.cleaned_data
        result = {
            "winner": data.get("winner"),
            "score": [data.get("score_a"), data.get("score_b")],
            "cinches": [data.get("cinches_a"), data.get("cinches_b")],
        }
        if data.get("money"):
            result["money"] = True
        return result
