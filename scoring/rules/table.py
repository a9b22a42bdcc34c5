"""A single game outside a night: the ``cinch-game/1`` document read, and its board.

Two, three or four players at ``chicago42`` (seed 003's laws, each player a side) or four to
six at ``razzle`` (Razzle-Dazzle), with an optional stake that the winners share. The
site's tables, ``manage.py import_game``/``export_game`` and ``python3 -m scoring.rules
score`` all come here, so they accept the same files and print the same board.
"""

from decimal import Decimal
from typing import NamedTuple

from scoring.rules.errors import InvalidInput, Words, gettext_noop, is_text, words
from scoring.rules.game import GameState, play_game
from scoring.rules.names import names_given_twice, normal_name
from scoring.rules.night.documents import money_text
from scoring.rules.night.reading import (
    MAX_NAME_LENGTH,
    NightReader,
    parse_amount,
    player_name_refused,
)
from scoring.rules.pot import share_stake, stake_pot
from scoring.rules.variant import Variant
from scoring.rules.variants import all_variants, get_variant

GAME_FORMAT = "cinch-game/1"
BOARD_FORMAT = "cinch-board/1"
GAME_FIELDS = ("format", "variant", "name", "date", "players", "stake", "unit", "hands")
DEFAULT_UNIT = Decimal("0.01")
PLAYER_WORD = "player"


class Table(NamedTuple):
    """A table's game: its players (player ``i + 1`` is ``players[i]``) and its board."""

    variant_id: str
    players: tuple[str, ...]
    state: GameState
    name: str = ""
    date: str | None = None
    stake: Decimal | None = None
    unit: Decimal = DEFAULT_UNIT

    @property
    def pot(self) -> Decimal | None:
        return None if self.stake is None else stake_pot(self.stake, len(self.players))

    def won(self) -> list[Decimal] | None:
        """What each player takes from the pot, once the game is won (``None`` before)."""
        if self.pot is None or not self.state.finished:
            return None
        shares = share_stake(self.pot, list(self.state.winners), self.unit)
        return [shares.get(number, Decimal(0)) for number in self.numbers]

    @property
    def numbers(self) -> range:
        return range(1, len(self.players) + 1)


def table_variants(player_count: int | None = None) -> list[Variant]:
    """The variants a table can play, or those that ``player_count`` players can."""
    return [
        variant
        for variant in all_variants()
        if variant.table_players and (player_count is None or player_count in variant.table_players)
    ]


def player_counts_words(variant: Variant) -> Words:
    """``2 or 3``, ``4 to 6``: how many players a table of ``variant`` seats."""
    counts = variant.table_players
    if len(counts) == 2:
        return words(gettext_noop("{first} or {last}"), first=counts[0], last=counts[1])
    if len(counts) > 2:
        return words(gettext_noop("{first} to {last}"), first=counts[0], last=counts[-1])
    return words("{count}", count=counts[0])


# A player sits once at a table (``names.names_given_twice``).
SEATED_ONCE = gettext_noop("{name} is already player {number}; a player sits once at a table")


class TableReader(NightReader):
    """Reads a ``cinch-game/1`` document, collecting every problem with its place."""

    def read(self, doc) -> Table | None:
        if not self.read_format(doc, GAME_FORMAT, GAME_FIELDS):
            return None
        variant = self.read_variant(doc.get("variant"))
        players = self.read_table_players(doc.get("players"), variant)
        fields = dict(
            name=self.read_text("name", doc.get("name", "")),
            date=self.read_date(doc.get("date")),
            stake=self.read_amount("stake", doc.get("stake"), allow_zero=True),
            unit=self.read_amount("unit", doc.get("unit"), allow_zero=False) or DEFAULT_UNIT,
        )
        if variant is None or players is None:
            return None
        try:
            state = play_game(
                variant, range(1, len(players) + 1), doc.get("hands", []), word=PLAYER_WORD
            )
        except InvalidInput as invalid:
            self.problems.extend(invalid.problems)
            return None
        if self.problems:
            return None
        return Table(variant_id=variant.id, players=players, state=state, **fields)

    def read_variant(self, value):
        known = [variant.id for variant in table_variants()]
        refusal = gettext_noop("{value} is not a variant for a table (one of: {known})")
        return get_variant(value) if self.is_one_of("variant", value, known, refusal) else None

    def read_table_players(self, players, variant) -> tuple[str, ...] | None:
        if variant is None:
            return None
        if not isinstance(players, list) or len(players) not in variant.table_players:
            self.fail(
                "players",
                words(
                    gettext_noop(
                        "give the players' names as a list: {variant} is for {count} players"
                    ),
                    variant=variant.named,
                    count=player_counts_words(variant),
                ),
            )
            return None
        names = []
        for number, name in enumerate(players):
            place = f"players[{number}]"
            if not is_text(name) or not name.strip() or len(name) > MAX_NAME_LENGTH:
                self.fail(place, player_name_refused())
                continue
            try:
                names.append(normal_name(name))
            except ValueError as error:
                self.fail(place, error)
        if len(names) == len(players):
            self.problems.extend(names_given_twice(names, SEATED_ONCE))
        # The hands are still checked against the count of players, whatever their names.
        return tuple(names) if len(names) == len(players) else tuple(map(str, players))

    def read_amount(self, place: str, value, *, allow_zero: bool) -> Decimal | None:
        if value is None:
            return None
        try:
            return parse_amount(value, allow_zero=allow_zero)
        except ValueError as error:
            self.fail(place, error)
            return None


def read_table(doc) -> Table:
    """The table described by a ``cinch-game/1`` document, every hand checked."""
    reader = TableReader()
    table = reader.read(doc)
    if reader.problems:
        raise InvalidInput(reader.problems)
    return table


def board_document(table: Table) -> dict:
    """The ``cinch-board/1`` document: the running board, the winners and the money."""
    state = table.state
    won = table.won()
    money = None
    if table.pot is not None:
        money = {
            "pot": money_text(table.pot),
            "won": None if won is None else [money_text(amount) for amount in won],
        }
    return {
        "format": BOARD_FORMAT,
        "variant": table.variant_id,
        "players": list(table.players),
        "after": [list(step.scores) for step in state.steps],
        "score": list(state.scores),
        "cinches": list(state.cinches),
        "finished": state.finished,
        "winners": list(state.winners),
        "money": money,
    }


def score_table(doc) -> dict:
    """The ``cinch-board/1`` document for a ``cinch-game/1`` document."""
    return board_document(read_table(doc))
