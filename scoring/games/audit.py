"""The game page's audit trail: each recorded change as who, when and before → after.

The records are django-simple-history's (``selectors.game_history``); this module only
words them as the game page names things (``score (pair 3)``, ``yes``/``no``, ``—``), and
names a change made through a table link by its link.

Each trail is worded for its ``Reader``: the public never reads a sign-in name (a person
is named by their full name, else by their role: ``a scorer``, ``a director``), and a
visitor who may not see money (``PUBLIC_PAGES=standings``) never reads a table's stake.
"""

import datetime
import functools
import re
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from scoring.core.http.permissions import MONEY, is_director, shown_to
from scoring.core.records.authors import label_words
from scoring.core.records.documents import cards_data
from scoring.games import corrections
from scoring.games.selectors import game_history
from scoring.models import Game, Hand
from scoring.rules.variant import PEDRO_CARDS
from scoring.rules.variants import all_variants, get_variant
from scoring.words.dates import spoken_date, spoken_time
from scoring.words.lists import names_and, scores_words
from scoring.words.money import shown_money
from scoring.words.numbers import minus

# Not shown as changes: keys, counters, and the row's own times (each record has its when);
# the device that entered a result (``links.devices``): an id, no one's words; and who
# entered or confirmed a result as the confirmation checks it, which ``result_entered_by``
# and ``confirmed_by`` say in words, and the pair that kept a disputed hand; and when a
# table's phone was last heard (``links.services.link_heard``: written outside the history
# at every post, it would show in the next change's record as a change of its own).
HIDDEN = frozenset(
    {"id", "version", "game", "table", "night", "position", "entered_by"}
    | {"created_at", "updated_at", "result_entered_from", "link_heard_at"}
    | {"entered_pair", "entered_device", "entered_user", "result_entered_at", "confirmed_at"}
    | {"disputed_by_pair"}
    # Who made a table: the trail's first entry says who, a row's id would say nothing.
    | {"created_by"}
    # Whose row it is: a table's club never changes, and its trail is the club's own.
    | {"club"}
)
# What a visitor who may not see money does not read (a table's stake and its rounding).
MONEY_FIELDS = frozenset({"stake", "unit"})
# Fields that name who did something: an account's sign-in name, a table link's label
# (``pair 3 (table link)``), either one before ``": "`` and more words (a dispute).
AUTHOR_FIELDS = frozenset({"confirmed_by", "result_entered_by", "dispute"})
# A table's hand names its players by number: the trail says their names.
PLAYER_FIELDS = frozenset({"bidder", "partner", "revoke"})
# A sign-in name: Django's usernames hold no space and no colon (``UnicodeUsernameValidator``).
SIGN_IN_NAME = re.compile(r"[\w.@+-]+")


@dataclass(frozen=True)
class Reader:
    """Who reads a trail: signed in (sign-in names are theirs to read) or the public, and
    whether they may see money (``core.http.permissions.shown_to``)."""

    signed_in: bool = True
    money: bool = True

    @classmethod
    def of(cls, user) -> "Reader":
        return cls(signed_in=user.is_authenticated, money=shown_to(user, MONEY))


SIGNED_IN = Reader()  # reads every field and every sign-in name


def person_words(user) -> str:
    """A person as the public reads them: their full name, else their role."""
    return user.get_full_name() or (
        gettext("a director") if is_director(user) else gettext("a scorer")
    )


def authors_for(reader: Reader, labels) -> dict[str, str]:
    """Each author ``label`` (a sign-in name, a table link's label, either one followed by
    ``": "`` and more words) as ``reader`` may read it, a table link's in the page's
    language (``label_words``): a sign-in name as stored for the signed in; for the
    public, it becomes ``person_words`` (one query, and none when no label
    names an account)."""
    labels = {label for label in labels if label}
    if reader.signed_in:
        return {label: label_words(label) for label in labels}
    heads = {label.partition(": ")[0] for label in labels}
    heads = {head for head in heads if SIGN_IN_NAME.fullmatch(head)}
    User = get_user_model()
    people = (
        {user.get_username(): user for user in User.objects.filter(username__in=heads)}
        if heads
        else {}
    )
    named = {}
    for label in labels:
        head, colon, rest = label.partition(": ")
        named[label] = (
            person_words(people[head]) + colon + rest if head in people else label_words(label)
        )
    return named


def night_file_for(reader: Reader, document: dict) -> dict:
    """A ``cinch-night/1`` document as ``reader`` may read it: who confirmed each game is
    worded by ``authors_for`` (the public never reads a sign-in name in the file either)."""
    games = [*document["games"], *document["playoffs"]]
    named = authors_for(reader, (game.get("confirmed_by") for game in games))
    for game in games:
        if game.get("confirmed_by"):
            game["confirmed_by"] = named[game["confirmed_by"]]
    return document


# After what changed: "Hand 3 changed" (French: the game, a hand, a table are feminine).
ACTIONS = {
    "+": pgettext_lazy("audit trail", "added"),
    "~": pgettext_lazy("audit trail", "changed"),
    "-": pgettext_lazy("audit trail", "deleted"),
}
CARD_NAMES = {card.key: card.label for card in PEDRO_CARDS}
VARIANT_IDS = frozenset(variant.id for variant in all_variants())
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


def value_words(value, players: dict | None = None) -> str:
    """A recorded value as a reader writes it: a date as the page's language does (a
    moment with its time too), an amount (a table's stake, its rounding unit: the only
    decimals recorded) with the club's sign, a list of scores "9 v 5"; the cards taken by
    their takers' names when ``players`` (a table's, by number) names them."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, datetime.datetime):
        return spoken_time(value)  # a moment: its day alone may not have changed
    if isinstance(value, datetime.date):
        return spoken_date(value)
    if isinstance(value, Decimal):
        return shown_money(value)
    if isinstance(value, dict):
        # The cards taken ({"high": 1, …}): each card by its name (the Game card is not
        # a game), in the cards' order (PostgreSQL stores the keys in an order of its own).
        return ", ".join(
            f"{gettext(CARD_NAMES.get(key, key))} "
            f"{(players or {}).get(owner) or value_words(owner)}"
            for key, owner in cards_data(value).items()
        )
    if isinstance(value, list):
        return scores_words(value_words(item) for item in value)
    if isinstance(value, int):
        return minus(value)
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


@dataclass(frozen=True)
class _Wording:
    """What ``trail`` leaves out for its reader, and how it names the authors in fields."""

    hidden: frozenset
    authors: dict[str, str]

    players: dict

    def value(self, name: str, value) -> str:
        if name in AUTHOR_FIELDS and value:
            return self.authors.get(value, value)
        if name == "winners" and isinstance(value, list) and self.players:
            # A table's winners are its players' numbers: say their names.
            return names_and(self.players.get(number, number) for number in value) or "—"
        if name in PLAYER_FIELDS and value in self.players:
            return self.players[value]
        if name == "variant" and value in VARIANT_IDS:
            return gettext(get_variant(value).name)  # "Razzle-Dazzle Cinch", not "razzle"
        return value_words(value, self.players)


def _changes(record, previous, game: Game, wording: _Wording) -> tuple[tuple[str, str, str], ...]:
    if record.history_type == "-":
        return ()
    if previous is None:
        fields = [f for f in record.instance_type._meta.fields if f.name not in wording.hidden]
        # A new row's fields left at their defaults (nothing, zero, "confirmed") say nothing.
        shown = [(f.name, getattr(record, f.name), f.default) for f in fields]
        return tuple(
            (field_label(name, game), "", wording.value(name, value))
            for name, value, default in shown
            if value not in (None, False, "") and value != default
        )
    delta = record.diff_against(previous, excluded_fields=wording.hidden)
    said = (
        (field_label(c.field, game), wording.value(c.field, c.old), wording.value(c.field, c.new))
        for c in delta.changes
    )
    # A change that reads the same before and after tells the reader nothing.
    return tuple((label, old, new) for label, old, new in said if old != new)


def table_players(owner) -> dict:
    """A table's players by number (its winners are recorded as numbers); a game: none."""
    if isinstance(owner, Game):
        return {}
    return {player.number: player.member.name for player in owner.players.all()}


def link_author(record) -> str:
    """The table link a change with no account came through (``pair 3 (table link)``):
    ``core.records.authors`` writes it as the record's change reason."""
    return getattr(record, "history_change_reason", None) or ""


def _subject(record, numbers: dict[int, int]) -> str:
    if not isinstance(record, Hand.history.model):
        # The game as a whole, not the Game card (French: "La partie", not "Partie").
        return pgettext("audit trail", "Game")
    return hand_subject(record.id, numbers)


def _who(record, reader: Reader) -> str:
    user = record.history_user
    if user is None:
        return label_words(link_author(record)) or "—"
    return user.get_username() if reader.signed_in else person_words(user)


def trail(
    records, subject, owner, restorable=lambda record: False, reader: Reader = SIGNED_IN
) -> list[AuditEntry]:
    """History ``records`` as before → after, newest first, worded for ``reader``;
    ``subject(record)`` names what changed (``Hand 3``), ``owner`` is the game or table
    whose fields are named, and ``restorable(record)`` says whether a director may put the
    record back."""
    records = sorted(records, key=lambda record: record.history_date)
    labels = {getattr(record, name, "") for record in records for name in AUTHOR_FIELDS}
    wording = _Wording(
        hidden=HIDDEN if reader.money else HIDDEN | MONEY_FIELDS,
        authors=authors_for(reader, labels),
        players=table_players(owner),
    )
    previous: dict[tuple[type, int], object] = {}
    entries = []
    for record in records:
        key = (type(record), record.id)
        entries.append(
            AuditEntry(
                when=record.history_date,
                who=_who(record, reader),
                what=subject(record),
                action=str(ACTIONS[record.history_type]),
                changes=_changes(record, previous.get(key), owner, wording),
                kind="hand" if isinstance(record, Hand.history.model) else "game",
                history_id=record.history_id,
                restorable=restorable(record),
            )
        )
        previous[key] = record
    return entries[::-1]


def game_trail(game: Game, reader: Reader = SIGNED_IN) -> list[AuditEntry]:
    """The game's history (``game_history``) as before → after, newest first, for
    ``reader``; no query beyond the two history reads whatever the number of hands (and,
    for the public, one for the accounts its fields name, if any)."""
    numbers = {hand.pk: number for number, hand in enumerate(game.hands.all(), start=1)}
    subject = functools.partial(_subject, numbers=numbers)
    return trail(game_history(game), subject, game, corrections.restorable, reader)
