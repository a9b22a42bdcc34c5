"""Every write of a table (a single game of single players): one transaction each.

As for a night's games, a hand is saved only if the table's hands still fold under the
rules core, and the table's totals are stored from its answer in the same transaction;
the history of each change (who, when, before and after) is kept by django-simple-history.
"""

import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from scoring.core.authors import audited
from scoring.core.errors import (
    ALREADY_SAVED,
    CHANGED_MEANWHILE,
    DELETED_MEANWHILE,
    AlreadyDone,
    NightFileRefused,
    StaleVersion,
    rules_error,
)
from scoring.core.guards import refuse_if_final
from scoring.core.members import members_by_key
from scoring.core.problem_words import refusal
from scoring.models import Member, Night, TableGame, TableHand, TablePlayer
from scoring.rules import InvalidInput, Problem
from scoring.rules.errors import gettext_noop, words
from scoring.rules.names import name_key, normal_name
from scoring.rules.table import DEFAULT_UNIT, GAME_FORMAT, read_table
from scoring.tablegames.documents import table_document, table_hand_data, table_hand_fields

TABLE_FIELDS = ("variant", "players", "stake", "unit")


def _hand_form_fields(table: TableGame) -> tuple[str, ...]:
    keys = table.rules_variant.card_keys
    return ("bidder", "bid", "partner", "revoke", "points", "cards", *keys)


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
        refuse_if_final(Night.objects.select_for_update().get(pk=night.pk))
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
    members = members_by_key()
    for number, player in enumerate(names, start=1):
        member = members.get(name_key(player)) or Member.objects.create(name=player)
        members[name_key(player)] = member
        TablePlayer.objects.create(table=table, number=number, member=member)
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


def _locked_table(table: TableGame) -> tuple[TableGame, list, list[TableHand]]:
    """The table locked and read afresh, its players and hands; every hand write starts
    here, so none goes through on a final night."""
    # Only the table row: its night is an outer join, which PostgreSQL cannot lock.
    rows = TableGame.objects.select_for_update(of=("self",)).select_related("night")
    locked = rows.get(pk=table.pk)
    if locked.night is not None:
        refuse_if_final(locked.night)
    players = list(locked.players.select_related("member").order_by("number"))
    hands = list(locked.hands.order_by("position"))
    for hand in hands:
        hand.table = locked
    return locked, players, hands


def _fold(table: TableGame, players, entered: list[dict], position: int | None):
    """The rules core's table with ``entered`` hands; problems of hand ``position`` go
    beside the form's fields."""
    document = table_document(table, players, [])
    document["hands"] = entered
    try:
        return read_table(document)
    except InvalidInput as invalid:
        prefix = f"hands[{position}]" if position is not None else ""
        raise rules_error(invalid, fields=_hand_form_fields(table), prefix=prefix) from None


def _store(table: TableGame, state) -> None:
    table.scores = list(state.state.scores)
    table.cinches = list(state.state.cinches)
    table.winners = list(state.state.winners)
    table.version += 1
    table.save()


def _check_open(table: TableGame, user) -> None:
    if table.finished and not getattr(user, "is_staff", False):
        raise ValidationError(
            gettext("%(table)s is finished: only a director may correct it now.") % {"table": table}
        )


@audited
@transaction.atomic
def table_hand_record(
    *, table: TableGame, data: dict, user=None, number: int | None = None
) -> TableHand:
    """Append a hand if the rules core accepts it; ``number`` is the hand's number when
    its form was opened (a second post of it is ``AlreadyDone``)."""
    table, players, hands = _locked_table(table)
    if number is not None and number <= len(hands):
        raise AlreadyDone(ALREADY_SAVED % {"number": number})
    entered = [table_hand_data(hand) for hand in hands]
    state = _fold(table, players, [*entered, data], len(entered))
    position = (table.hands.aggregate(last=Max("position"))["last"] or 0) + 1
    hand = TableHand.objects.create(
        table=table,
        position=position,
        entered_by=user,
        **table_hand_fields(data, table.rules_variant.card_keys),
    )
    _store(table, state)
    return hand


@audited
@transaction.atomic
def table_hand_correct(*, hand: TableHand, data: dict, version: int, user=None) -> TableHand:
    """Replace a hand's entry, if nobody changed it meanwhile and the table still folds."""
    table, players, hands = _locked_table(hand.table)
    _check_open(table, user)
    current = next((h for h in hands if h.pk == hand.pk), None)
    if current is None:
        raise StaleVersion(DELETED_MEANWHILE)
    index = hands.index(current)
    if current.version != version:
        raise StaleVersion(CHANGED_MEANWHILE % {"number": index + 1})
    entered = [table_hand_data(h) for h in hands]
    entered[index] = data
    state = _fold(table, players, entered, index)
    for field, value in table_hand_fields(data, table.rules_variant.card_keys).items():
        setattr(current, field, value)
    current.version += 1
    current.entered_by = user
    current.save()
    _store(table, state)
    return current


@audited
@transaction.atomic
def table_hand_delete(*, hand: TableHand, user=None) -> None:
    """Remove a hand, if the table's remaining hands still fold."""
    table, players, hands = _locked_table(hand.table)
    _check_open(table, user)
    stored = next((h for h in hands if h.pk == hand.pk), None)
    if stored is None:
        raise StaleVersion(DELETED_MEANWHILE)
    remaining = [table_hand_data(h) for h in hands if h is not stored]
    state = _fold(table, players, remaining, None)
    stored.delete()
    _store(table, state)


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
