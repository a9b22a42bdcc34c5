"""Reads of the table pages: a fixed number of queries per page, however many hands.

The figures (running scores, winners, the stake's shares) are the rules core's, from the
table's ``cinch-game/1`` document (``documents``); nothing here scores.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Prefetch, QuerySet
from django.utils.translation import gettext

from scoring.games import audit
from scoring.games.audit import AuditEntry
from scoring.models import TableGame, TableHand, TablePlayer
from scoring.rules import InvalidInput
from scoring.rules.hand import MONEY
from scoring.rules.table import Table
from scoring.tablegames.documents import table_state
from scoring.words.elision import with_names
from scoring.words.lists import scores_words
from scoring.words.why_won import won_words


def players() -> Prefetch:
    """A table's players with their members, read in the active club's scope."""
    return Prefetch("players", queryset=TablePlayer.objects.select_related("member"))


def tables_list() -> QuerySet[TableGame]:
    """Every table, newest first, with its players and night (three queries)."""
    return TableGame.objects.select_related("night").prefetch_related(players())


def night_tables(night) -> list[TableGame]:
    """The tables played beside ``night`` ("other tables" on its page)."""
    return list(tables_list().filter(night=night).order_by("id"))


def table_detail(pk: int) -> TableGame:
    """The table with its night, players, hands in order and ``hand_count``."""
    return (
        TableGame.objects.select_related("night")
        .annotate(hand_count=Count("hands"))
        .prefetch_related(
            players(), Prefetch("hands", queryset=TableHand.objects.order_by("position"))
        )
        .get(pk=pk)
    )


def table_rows(table: TableGame) -> tuple[list[TablePlayer], list[TableHand]]:
    """The players and hands of a table read by ``table_detail``, each hand knowing its
    table (for its variant) without another query."""
    hands = list(table.hands.all())
    for hand in hands:
        hand.table = table
    return list(table.players.all()), hands


def table_names(table: TableGame) -> dict[int, str]:
    return {player.number: player.member.name for player in table.players.all()}


@dataclass(frozen=True)
class PlayerRow:
    number: int
    name: str
    score: int
    cinches: int
    won: bool
    share: Decimal | None


@dataclass(frozen=True)
class TableHandRow:
    number: int
    hand: TableHand
    summary: str
    after: list[int]


@dataclass(frozen=True)
class TableBoard:
    """The table as its page shows it: each player's score, the hands, the money."""

    players: list[PlayerRow]
    hands: list[TableHandRow]
    pot: Decimal | None
    finished: bool
    winners: list[str]
    # Why the winners won, in words (``won_words``); empty while the game goes on.
    won_why: str = ""


def _hand_summary(hand: TableHand, names: dict[int, str]) -> str:
    """``Ann bid 6 with Cy · points 9 v 5 · revoke by Bob``, in the page's language."""
    said = {
        "bidder": names.get(hand.bidder, hand.bidder),
        "bid": gettext("Money") if hand.bid == MONEY else hand.bid,
        "partner": names.get(hand.partner, hand.partner),
    }
    if not hand.table.rules_variant.called_partner:
        parts = [gettext("%(bidder)s bid %(bid)s") % said]
    elif hand.partner:
        parts = [gettext("%(bidder)s bid %(bid)s with %(partner)s") % said]
    else:
        parts = [gettext("%(bidder)s bid %(bid)s alone") % said]
    if hand.points is not None:
        parts.append(gettext("points %(points)s") % {"points": scores_words(hand.points)})
    if hand.revoke is not None:
        player = names.get(hand.revoke, hand.revoke)
        parts.append(with_names(gettext("revoke by %(player)s"), {"player": player}))
    return " · ".join(parts)


def table_board(table: TableGame) -> TableBoard | None:
    """The board from the rules core, or ``None`` if the stored hands no longer fold."""
    players, hands = table_rows(table)
    try:
        folded: Table = table_state(table, players, hands)
    except InvalidInput:
        return None
    names = {player.number: player.member.name for player in players}
    state = folded.state
    won = folded.won()
    rows = [
        PlayerRow(
            number=number,
            name=names[number],
            score=state.scores[number - 1],
            cinches=state.cinches[number - 1],
            won=number in state.winners,
            share=None if won is None else won[number - 1],
        )
        for number in folded.numbers
    ]
    hand_rows = [
        TableHandRow(number, hand, _hand_summary(hand, names), list(step.scores))
        for number, (hand, step) in enumerate(zip(hands, state.steps, strict=True), start=1)
    ]
    return TableBoard(
        players=rows,
        hands=hand_rows,
        pot=folded.pot,
        finished=state.finished,
        winners=[names[number] for number in state.winners],
        won_why=won_words(state, names),
    )


def table_audit(table: TableGame, reader: audit.Reader = audit.SIGNED_IN) -> list[AuditEntry]:
    """The table's history as before → after, newest first, for ``reader`` (two queries;
    its stake only for a reader who may see money)."""
    hand_records = TableHand.history.filter(table_id=table.pk).select_related("history_user")
    table_records = TableGame.history.filter(id=table.pk).select_related("history_user")
    numbers = {hand.pk: number for number, hand in enumerate(table.hands.all(), start=1)}

    def subject(record) -> str:
        if not isinstance(record, TableHand.history.model):
            return gettext("Table")
        return audit.hand_subject(record.id, numbers)

    return audit.trail([*hand_records, *table_records], subject, table, reader=reader)
