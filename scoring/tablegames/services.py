"""Every write of a table (a single game of single players): one transaction each.

As for a night's games, a hand is saved only if the table's hands still fold under the
rules core, and the table's totals are stored from its answer in the same transaction;
the history of each change (who, when, before and after) is kept by django-simple-history.
"""

import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.core.records.authors import audited
from scoring.core.records.errors import (
    NightFileRefused,
    rules_error,
)
from scoring.core.records.guards import lock_open_night, open_to, refuse_if_final
from scoring.core.records.members import members_named
from scoring.hands import writes
from scoring.hands.writes import hand_error_fields
from scoring.models import Night, TableGame, TableHand, TablePlayer
from scoring.rules import InvalidInput, Problem
from scoring.rules.errors import gettext_noop, words
from scoring.rules.names import name_key, normal_name
from scoring.rules.table import DEFAULT_UNIT, GAME_FORMAT, read_table
from scoring.tablegames.documents import table_document, table_hand_data, table_hand_fields
from scoring.words.problems import refusal

TABLE_FIELDS = ("variant", "players", "stake", "unit")


def _check_setup(variant: str, names: list[str], stake, unit) -> None:
    """The rules core's reading of the table before any hand: variant, players, money."""
    document = {"format": GAME_FORMAT, "variant": variant, "players": names}
    if stake is not None:
        document["stake"] = str(stake)
    document["unit"] = str(unit)
    try:
        read_table(document)
    except InvalidInput as invalid:
        problems = [
            Problem(problem.place.split("[")[0], problem.message, problem.words)
            for problem in invalid.problems
        ]
        raise rules_error(InvalidInput(problems), fields=TABLE_FIELDS) from None


@audited
@transaction.atomic
def table_create(
    *,
    variant: str,
    player_names: list[str],
    date: datetime.date,
    name: str = "",
    night: Night | None = None,
    stake: Decimal | None = None,
    unit: Decimal = DEFAULT_UNIT,
    user=None,
) -> TableGame:
    """A new table, its players numbered in the order given (members matched by name
    case-blind, as for a night; a name no member has becomes one)."""
    names = [_kept_name(player, "players") for player in player_names]
    name = _kept_name(name, "name")
    _check_setup(variant, names, stake, unit)
    if night is not None:
        lock_open_night(night)
    table = TableGame.objects.create(
        night=night,
        name=name,
        date=date,
        variant=variant,
        stake=stake,
        unit=unit,
        scores=[0] * len(names),
        cinches=[0] * len(names),
        created_by=user,
    )
    members = members_named(names)
    for number, player in enumerate(names, start=1):
        TablePlayer.objects.create(table=table, number=number, member=members[name_key(player)])
    return table


def _kept_name(text: str, field: str) -> str:
    """``text`` as a name is kept (``rules.names``); refused beside ``field``."""
    try:
        return normal_name(text)
    except ValueError as error:
        refused = gettext("The name %(name)s %(error)s.")
        raise ValidationError(
            {field: refused % {"name": repr(text), "error": refusal(error)}}
        ) from None


def _store(table: TableGame, state) -> None:
    table.scores = list(state.state.scores)
    table.cinches = list(state.state.cinches)
    table.winners = list(state.state.winners)
    table.version += 1
    table.save()


class TableHands(writes.Hands):
    """A table's hands for the one hand path (``hands.writes``)."""

    model = TableHand
    owner_field = "table"

    def __init__(self, table: TableGame, hands: list[TableHand], variant, players: list):
        super().__init__(table, hands, variant)
        self.players = players  # in number order, with their members: the document's

    @classmethod
    def lock(cls, table: TableGame) -> "TableHands":
        # Only the table row: its night is an outer join, which PostgreSQL cannot lock.
        rows = TableGame.objects.select_for_update(of=("self",)).select_related("night")
        locked = rows.get(pk=table.pk)
        refuse_if_final(locked.night)
        hands = list(locked.hands.order_by("position"))
        for hand in hands:
            hand.table = locked
        players = list(locked.players.select_related("member").order_by("number"))
        return cls(locked, hands, locked.rules_variant, players)

    def data(self, hand: TableHand) -> dict:
        return table_hand_data(hand)

    def fields(self, data: dict) -> dict:
        return table_hand_fields(data, self.variant.card_keys)

    def fold(self, entered: list[dict], position: int | None):
        document = table_document(self.owner, self.players, [])
        document["hands"] = entered
        try:
            return read_table(document)
        except InvalidInput as invalid:
            prefix = f"hands[{position}]" if position is not None else ""
            fields = hand_error_fields(self.variant)
            raise rules_error(invalid, fields=fields, prefix=prefix) from None

    def refuse_closed(self, user) -> None:
        if not open_to(self.owner, user):
            raise ValidationError(
                gettext("%(table)s is finished: only a director may correct it now.")
                % {"table": self.owner}
            )

    def refuse_new(self, user, link) -> None:
        """None here: a hand after the win is the rules core's to refuse, and say why."""

    def store(self, state, user, link=None) -> None:
        _store(self.owner, state)


def table_hand_record(
    *, table: TableGame, data: dict, user=None, number: int | None = None
) -> TableHand:
    """Append a hand to ``table`` (``hands.writes.record``)."""
    return writes.record(TableHands, table, data=data, user=user, number=number)


def table_hand_correct(*, hand: TableHand, data: dict, version: int, user=None) -> TableHand:
    return writes.correct(TableHands, hand, data=data, version=version, user=user)


def table_hand_delete(*, hand: TableHand, user=None) -> None:
    writes.delete(TableHands, hand, user=user)


@audited
@transaction.atomic
def table_import(*, document, user=None, night: Night | None = None) -> TableGame:
    """A new table from a ``cinch-game/1`` document: all of it, or nothing.

    Raises ``NightFileRefused`` (a file's problems, each at its place) when the rules
    core refuses it.
    """
    try:
        parsed = read_table(document)
    except InvalidInput as invalid:
        raise NightFileRefused(invalid.problems) from None
    if "\x00" in parsed.name or any("\x00" in player for player in parsed.players):
        nul = words(gettext_noop("a name cannot contain the NUL character"))
        raise NightFileRefused([Problem.said("players", nul)])
    table = table_create(
        variant=parsed.variant_id,
        player_names=list(parsed.players),
        date=datetime.date.fromisoformat(parsed.date) if parsed.date else timezone.localdate(),
        name=parsed.name,
        night=night,
        stake=parsed.stake,
        unit=parsed.unit,
        user=user,
    )
    card_keys = parsed.state.variant.card_keys
    for position, data in enumerate(document.get("hands", []), start=1):
        TableHand.objects.create(
            table=table,
            position=position,
            entered_by=user,
            **table_hand_fields(data, card_keys),
        )
    _store(table, parsed)
    return table
