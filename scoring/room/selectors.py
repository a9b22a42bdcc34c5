"""Reads of the room on the night: the round board (which tables still have to report,
with who changed a game last), in a fixed number of queries.
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Count, OuterRef, Subquery

from scoring.core.records.authors import label_words
from scoring.core.records.documents import night_seats
from scoring.core.records.pairs import pair_names
from scoring.links import selectors as links_selectors
from scoring.links import tokens
from scoring.models import Game, Hand, Night, Seat
from scoring.nights.selectors import pattern_rounds
from scoring.rules import live


def _last_change(model, **match):
    """The newest history record of a game or its hands, as subqueries of a game row:
    when, the account that made it, and its change reason (a table link's label when no
    account made it: ``core.records.authors``)."""
    records = model.history.filter(**match).order_by("-history_date")
    return (
        Subquery(records.values("history_date")[:1]),
        Subquery(records.values(f"history_user__{get_user_model().USERNAME_FIELD}")[:1]),
        Subquery(records.values("history_change_reason")[:1]),
    )


def games_with_last_change(night: Night) -> list[Game]:
    """The night's games in pattern order with ``hand_count`` and ``changed``/``changed_by``:
    the newest change to the game or any of its hands (deleted ones too), who made it (an
    account, else the table link it came through), in one query."""
    game_when, game_who, game_link = _last_change(Game, id=OuterRef("pk"))
    hand_when, hand_who, hand_link = _last_change(Hand, game_id=OuterRef("pk"))
    games = (
        Game.objects.filter(night=night)
        .order_by("is_playoff", "round", "table", "id")
        .annotate(
            hand_count=Count("hands"),
            game_when=game_when,
            game_who=game_who,
            game_link=game_link,
            hand_when=hand_when,
            hand_who=hand_who,
            hand_link=hand_link,
        )
    )
    games = list(games)
    for game in games:
        hand_newer = game.hand_when is not None and game.hand_when > game.game_when
        who, link = (
            (game.hand_who, game.hand_link) if hand_newer else (game.game_who, game.game_link)
        )
        game.changed = game.hand_when if hand_newer else game.game_when
        game.changed_by = who or label_words(link or "") or "—"
    return games


@dataclass(frozen=True)
class BoardRound:
    """A round of the round board: its games by table, and the pairs sitting out."""

    round: int
    games: list[Game]
    byes: list[int]

    @property
    def playing(self) -> list[Game]:
        """The games whose result is not in yet (a result awaiting confirmation is in)."""
        return [game for game in self.games if game.confirmation == "playing"]

    @property
    def awaiting(self) -> list[Game]:
        """The results a second person may confirm at once (a dispute is settled alone)."""
        return [game for game in self.games if game.confirmation == "awaiting"]

    @property
    def disputed(self) -> list[Game]:
        """The results in but disputed: no confirmation awaited, a director settles each."""
        return [game for game in self.games if game.confirmation == "disputed"]

    @property
    def unconfirmed(self) -> bool:
        """Whether any result is in but not confirmed yet: awaiting or disputed."""
        return bool(self.awaiting or self.disputed)


@dataclass
class RoundBoard:
    """The round board: the current round first, the others after it."""

    night: Night
    names: dict[int, str]
    current: BoardRound | None
    others: list[BoardRound]
    playoffs: list[Game]
    # As read, for a page that also shows the night's results (the projector).
    seats: list[Seat]
    games: list[Game]


def round_to_confirm(night: Night, number: int) -> BoardRound | None:
    """Round ``number`` of the round board, for confirming its awaiting results."""
    board = round_board(night)
    rows = [board.current, *board.others] if board.current else board.others
    return next((row for row in rows if row.round == number), None)


def round_board(night: Night) -> RoundBoard:
    seats = night_seats(night)
    games = games_with_last_change(night)
    number = live.current_round(games)
    rounds = [
        BoardRound(row.round, [row.games[table] for table in sorted(row.games)], row.byes)
        for row in pattern_rounds(games, len(seats) // 2)
    ]
    names = pair_names(seats)
    for game in games:
        game.players = tuple(names.get(pair) or "—" for pair in game.pairs)
        game.confirmation = links_selectors.confirmation_state(game)
        game.awaited = links_selectors.awaited_from(game)
        game.links = tokens.game_links(game)
        game.entered_by_words = label_words(game.result_entered_by) or "—"
    current = next((row for row in rounds if row.round == number), None)
    return RoundBoard(
        night=night,
        names=names,
        current=current,
        others=[row for row in rounds if row is not current],
        playoffs=[game for game in games if game.is_playoff],
        seats=seats,
        games=games,
    )
