"""A game in the tables (django-tables2): where it stands in a cell, the play-offs, and
the game page's hands with the board after each.
"""

from types import SimpleNamespace

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.ui.tables import PAIR, BaseTable
from scoring.words.lists import scores_words, separated
from scoring.words.numbers import minus, signed


def game_state(game, *, short: bool = False) -> str:
    """Where a game stands, from its stored totals: not started, the score, or its winner.

    A game with a passed deal only is under way at 0 – 0 (``Game.started``). A forfeit
    says so: a pair withdrew (void when both had).
    """
    if game.forfeit:
        if game.winner is None:
            return gettext("void") if short else gettext("Void: both pairs had withdrawn")
        pair = {"pair": game.winner}
        if short:
            return gettext("forfeit to %(pair)s") % pair
        return gettext("Forfeit: won by pair %(pair)s") % pair
    if game.winner is not None:
        if game.money_bid:
            won = (
                gettext("won by %(pair)s (Money)")
                if short
                else gettext("Won by pair %(pair)s (Money)")
            )
        else:
            won = gettext("won by %(pair)s") if short else gettext("Won by pair %(pair)s")
        return won % {"pair": game.winner}
    if game.started:
        if short:
            return f"{minus(game.score_a)} – {minus(game.score_b)}"
        return gettext("Pair %(a)s %(score_a)s – Pair %(b)s %(score_b)s") % {
            "a": game.pair_a,
            "score_a": minus(game.score_a),
            "b": game.pair_b,
            "score_b": minus(game.score_b),
        }
    return gettext("not started")


class GameColumn(tables.Column):
    """A game as a link (``1 v 2``, ``1 c. 2``) with where it stands below; rendered in Python, as a
    20-table night has 780 of these cells."""

    def render(self, value):
        if value.forfeit:
            style = "state forfeit"
        elif value.winner is not None:
            style = "state won"
        elif value.started:
            style = "state playing"
        else:
            style = "state"
        return format_html(
            '<a href="{}">{}</a> <span class="{}">{}</span>',
            reverse("scoring:game-detail", args=[value.pk]),
            # The pattern table's words, as the printed packet says them ("1 c. 2").
            gettext("%(a)s v %(b)s") % {"a": value.pair_a, "b": value.pair_b},
            style,
            game_state(value, short=True),
        )


class PlayoffTable(BaseTable):
    """Play-off games, in the order they were added."""

    game = GameColumn(verbose_name=_("Play-off"))

    class Meta(BaseTable.Meta):
        pass

    def __init__(self, games, **kwargs):
        super().__init__([{"game": game} for game in games], **kwargs)


def card_labels(variant) -> dict[str, str]:
    """The variant's scoring cards as a hand's row names them (``high``, ``low``…)."""
    return {card.key: gettext(card.label) for card in variant.cards}


def bid_words(hand, step=None) -> str:
    """A hand's bid as the hand table says it: "Pair 3 bids 2: made" (the rules core's
    ``step`` says made or set; without it, the bid alone)."""
    if hand.passed:
        return gettext("Passed deal")
    said = {"pair": hand.bidder, "bid": gettext("Money") if hand.money else hand.bid}
    if step is None or step.score.made is None:
        return gettext("Pair %(pair)s bids %(bid)s") % said
    if step.score.made:
        return gettext("Pair %(pair)s bids %(bid)s: made") % said
    return gettext("Pair %(pair)s bids %(bid)s: set") % said


def taken_words(hand, labels: dict[str, str]) -> str:
    """Who took each card, or the points, as the hand table says them."""
    if hand.points is not None:
        return gettext("points %(points)s") % {"points": scores_words(hand.points)}
    owners = hand.cards or {}
    return " · ".join(f"{label} {owners.get(key) or '—'}" for key, label in labels.items())


def hand_words(hand, labels: dict[str, str]) -> str:
    """A hand in one line, as the hand table's two columns say it: "Pair 3 bids 2; points
    9 v 5" (a passed deal: its bid column alone)."""
    if hand.passed:
        return bid_words(hand)
    return separated([bid_words(hand), taken_words(hand, labels)])


# What a hand given as totals leaves to fill in (``totals_pattern``).
TOTALS_BLANKS = SimpleNamespace(
    passed=False, money=False, bidder="{bidder}", bid="{bid}", points=["{a}", "{b}"]
)


def totals_pattern() -> str:
    """``hand_words`` of a hand given as totals, ``{bidder}``, ``{bid}``, ``{a}`` and
    ``{b}`` in place of its pair, bid and points: the phone's script fills them in to say
    a hand it keeps (``static/scoring/keep_offline.js``) as the site says it once saved."""
    return hand_words(TOTALS_BLANKS, {})


def different_hand_note(kept, variant) -> str:
    """What a form posted at a hand's number that another phone or scorer filled first
    is told (``core.records.errors.DifferentHandSaved``): that hand, as the hand table shows it."""
    return gettext(
        "A different hand %(number)s was already saved: %(hand)s. Yours was not saved: "
        "check the hands and enter the next one."
    ) % {"number": kept.number, "hand": hand_words(kept.hand, card_labels(variant))}


class HandTable(BaseTable):
    """A game's hands, each with the pegs it made and the board after it."""

    number = tables.Column(verbose_name="#")
    bid = tables.Column(accessor="hand", verbose_name=_("Bid"))
    taken = tables.Column(accessor="hand", verbose_name=_("Cards or points"))
    cinches = tables.Column(accessor="step", verbose_name=_("Cinches"))
    actions = tables.TemplateColumn(
        template_name="scoring/games/cells/hand_actions.html", verbose_name="", accessor="hand"
    )

    class Meta(BaseTable.Meta):
        sequence = ("number", "bid", "taken", "...", "cinches", "actions")
        empty_text = _("No hands entered yet.")
        attrs = {"class": "grid hands"}

    def __init__(self, rows, *, game, variant, can_correct: bool, saved=None, **kwargs):
        self.labels = card_labels(variant)
        boards = [
            (
                f"score_{side}",
                tables.Column(
                    accessor="step",
                    verbose_name=PAIR % {"pair": pair},
                    attrs={"td": {"class": "number"}},
                ),
            )
            for side, pair in enumerate(game.pairs)
        ]
        exclude = () if can_correct else ("actions",)
        row_attrs = {"class": lambda record: "saved" if record.number == saved else ""}
        super().__init__(rows, extra_columns=boards, exclude=exclude, row_attrs=row_attrs, **kwargs)
        self.pairs = game.pairs

    def render_bid(self, value, record) -> str:
        return bid_words(value, record.step)

    def render_taken(self, value) -> str:
        return taken_words(value, self.labels)

    def render_cinches(self, value) -> str:
        return " – ".join(str(count) for count in value.cinches)

    def _board(self, step, side: int):
        return format_html(
            "{} <small>({})</small>", minus(step.scores[side]), signed(step.score.change[side])
        )

    def render_score_0(self, value):
        return self._board(value, 0)

    def render_score_1(self, value):
        return self._board(value, 1)
