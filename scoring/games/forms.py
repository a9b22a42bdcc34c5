"""Forms of a game: one hand (``hands.forms`` built for its two pairs), and the final
result typed from the pegboard (a game typed from the *pegboard* gives only its *result*).
"""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext

from scoring.core.ui.forms import RulesChoiceField
from scoring.core.ui.widgets import (
    DrawnForm,
    FlatCheckboxInput,
    FlatHiddenInput,
    FlatNumberInput,
    FlatRadioSelect,
)
from scoring.hands.forms import HandForm, Sides


def pair_label(pair: int, names: dict[int, str]) -> str:
    """``Pair 3 — Ann & Bob`` (or ``Pair 3`` before the names are known)."""
    if names.get(pair):
        return gettext("Pair %(pair)s — %(names)s") % {"pair": pair, "names": names[pair]}
    return gettext("Pair %(pair)s") % {"pair": pair}


# A choice's label is worded when it is shown: a valid post reads no pair names.
pair_label_later = lazy(pair_label, str)


def hand_sides(game, names: dict[int, str]) -> Sides:
    """The game's two pairs as its hand form words them."""
    return Sides(
        numbers=list(game.pairs),
        label=lambda pair: pair_label_later(pair, names),
        short=lambda pair: gettext("Pair %(pair)s") % {"pair": pair},
        totals=[gettext("Pair %(pair)s points") % {"pair": pair} for pair in game.pairs],
        totals_legend=gettext("…or the points per pair"),
    )


def hand_form(game, names: dict[int, str], data=None, *, form_class=HandForm, **kwargs):
    """The form of one hand of ``game`` (``HandEditForm``: its correction)."""
    return form_class(
        data,
        variant=game.night.rules_variant,
        sides=hand_sides(game, names),
        count=getattr(game, "hand_count", 0),
        **kwargs,
    )


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
        variant = game.night.rules_variant
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
