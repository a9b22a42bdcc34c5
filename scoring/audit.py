"""The game page's audit trail: each recorded change as who, when and before → after.

The records are django-simple-history's (``selectors.game_history``); this module only
words them as the game page names things (``score (pair 3)``, ``yes``/``no``, ``—``), and
names a change made through a table link by its link.
"""

import functools
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from scoring.models import Game, Hand
from scoring.selectors import game_history
from scoring.services import corrections

# Not shown as changes: keys, counters, and the row's own times (each record has its when).
HIDDEN = frozenset(
    {"id", "version", "game", "table", "night", "position", "entered_by"}
    | {"created_at", "updated_at"}
)
# After what changed: "Hand 3 changed" (French: the game, a hand, a table are feminine).
ACTIONS = {
    "+": pgettext_lazy("audit trail", "added"),
    "~": pgettext_lazy("audit trail", "changed"),
    "-": pgettext_lazy("audit trail", "deleted"),
}
SEATS = {"pair_a": gettext_lazy("first pair"), "pair_b": gettext_lazy("second pair")}
# The recorded fields of a game, a hand and a table, as the trail names them.
FIELDS = {
    "round": gettext_lazy("round"),
    "is_playoff": gettext_lazy("is playoff"),
    "score": gettext_lazy("score"),
    "scores": gettext_lazy("scores"),
    "cinches": gettext_lazy("cinches"),
    "winner": gettext_lazy("winner"),
    "winners": gettext_lazy("winners"),
    "money_bid": gettext_lazy("money bid"),
    "from_pegboard": gettext_lazy("from pegboard"),
    "reopened": gettext_lazy("reopened"),
    "forfeit": gettext_lazy("forfeit"),
    "confirmed": gettext_lazy("confirmed"),
    "confirmed_by": gettext_lazy("confirmed by"),
    "result_entered_by": gettext_lazy("result entered by"),
    "dispute": gettext_lazy("dispute"),
    "link_version": gettext_lazy("link version"),
    "passed": gettext_lazy("passed"),
    "bidder": gettext_lazy("bidder"),
    "bid": gettext_lazy("bid"),
    "money": gettext_lazy("money"),
    "revoke": gettext_lazy("revoke"),
    "partner": gettext_lazy("partner"),
    "cards": gettext_lazy("cards"),
    "points": gettext_lazy("points"),
    "name": gettext_lazy("name"),
    "date": gettext_lazy("date"),
    "variant": gettext_lazy("variant"),
    "stake": gettext_lazy("stake"),
    "unit": gettext_lazy("unit"),
}


@dataclass(frozen=True)
class AuditEntry:
    """One recorded change: when, who, to what, and each field's before → after."""

    when: object
    who: str
    what: str
    action: str
    changes: tuple[tuple[str, str, str], ...]
    kind: str = "game"  # or "hand": which history the record is in
    history_id: int | None = None
    restorable: bool = False  # a hand as it was, or a pegboard result


def value_words(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, dict):
        # The cards taken ({"high": 1, …}): each card as the rules core's place names it.
        return ", ".join(
            f"{gettext(key.replace('_', ' '))} {value_words(owner)}" for key, owner in value.items()
        )
    if isinstance(value, list):
        return " v ".join(value_words(item) for item in value)
    return str(value)


def field_label(name: str, game: Game) -> str:
    """``score_a`` → ``score (pair 3)``, ``pair_a`` → ``first pair``: a field as the game
    page names it."""
    if name in SEATS:
        return str(SEATS[name])
    if name.endswith(("_a", "_b")) and name.removesuffix(name[-2:]) != "pair":
        pair = game.pair_a if name.endswith("_a") else game.pair_b
        return gettext("%(field)s (pair %(pair)s)") % {"field": _field(name[:-2]), "pair": pair}
    return _field(name)


def _field(name: str) -> str:
    return str(FIELDS.get(name, name.replace("_", " ")))


def hand_subject(record_id: int, numbers: dict[int, int]) -> str:
    """``Hand 3`` (its number in the game now), or a hand deleted since."""
    if record_id in numbers:
        return gettext("Hand %(number)s") % {"number": numbers[record_id]}
    return gettext("A deleted hand")


def _changes(record, previous, game: Game) -> tuple[tuple[str, str, str], ...]:
    if record.history_type == "-":
        return ()
    if previous is None:
        fields = [f for f in record.instance_type._meta.fields if f.name not in HIDDEN]
        # A new row's fields left at their defaults (nothing, zero, "confirmed") say nothing.
        shown = [(f.name, getattr(record, f.name), f.default) for f in fields]
        return tuple(
            (field_label(name, game), "", value_words(value))
            for name, value, default in shown
            if value not in (None, False, "") and value != default
        )
    delta = record.diff_against(previous, excluded_fields=HIDDEN)
    return tuple(
        (field_label(c.field, game), value_words(c.old), value_words(c.new)) for c in delta.changes
    )


def link_author(record) -> str:
    """The table link a change with no account came through (``pair 3 (table link)``):
    ``services.authors`` writes it as the record's change reason."""
    return getattr(record, "history_change_reason", None) or ""


def _subject(record, numbers: dict[int, int]) -> str:
    if not isinstance(record, Hand.history.model):
        return gettext("Game")
    return hand_subject(record.id, numbers)


def trail(records, subject, owner, restorable=lambda record: False) -> list[AuditEntry]:
    """History ``records`` as before → after, newest first; ``subject(record)`` names what
    changed (``Hand 3``), ``owner`` is the game or table whose fields are named, and
    ``restorable(record)`` says whether a director may put the record back."""
    previous: dict[tuple[type, int], object] = {}
    entries = []
    for record in sorted(records, key=lambda record: record.history_date):
        key = (type(record), record.id)
        user = record.history_user
        entries.append(
            AuditEntry(
                when=record.history_date,
                who=user.get_username() if user else (link_author(record) or "—"),
                what=subject(record),
                action=str(ACTIONS[record.history_type]),
                changes=_changes(record, previous.get(key), owner),
                kind="hand" if isinstance(record, Hand.history.model) else "game",
                history_id=record.history_id,
                restorable=restorable(record),
            )
        )
        previous[key] = record
    return entries[::-1]


def game_trail(game: Game) -> list[AuditEntry]:
    """The game's history (``game_history``) as before → after, newest first; no query
    beyond the two history reads, whatever the number of hands."""
    numbers = {hand.pk: number for number, hand in enumerate(game.hands.all(), start=1)}
    subject = functools.partial(_subject, numbers=numbers)
    return trail(game_history(game), subject, game, corrections.restorable)
