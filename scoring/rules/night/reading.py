"""Reading a night: the ``cinch-night/1`` document checked field by field into a :class:`Night`.

``read_night`` turns the document into a :class:`Night`, or raises :class:`InvalidInput`
with every problem it finds at its place (``games[4].hands[2].bid``), so an import shows
the scorer all that is wrong at once. It scores nothing: each game's hands are folded by
``game.play_game`` as they are read (a hand after the game is won is a problem of the
file), and what the night adds up to is ``night.summary``'s. The single table's reader
(``table.TableReader``) and the season's (``ladder``) build on :class:`NightReader`.
"""

import datetime
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import NamedTuple

from scoring.rules.digits import number_from_digits
from scoring.rules.errors import (
    InvalidInput,
    Problem,
    Refused,
    Words,
    gettext_noop,
    is_text,
    shown_key,
    typed,
    words,
)
from scoring.rules.game import GameState, check_result, play_game
from scoring.rules.hand import is_whole_number, side_names
from scoring.rules.names import names_given_twice
from scoring.rules.pot import MoneySettings, seats_of
from scoring.rules.standings import PLAYOFF, TIEBREAKS, Outcome
from scoring.rules.variants import all_variants, get_variant

NIGHT_FORMAT = "cinch-night/1"
NIGHT_FIELDS = ("format", "name", "date", "variant", "tiebreak", "money", "players", "games")
NIGHT_FIELDS += ("playoffs", "withdrawn", "ended_early")
PLAYOFF_FIELDS = frozenset({"pairs", "hands", "result", "confirmed", "confirmed_by"})
GAME_FIELDS = PLAYOFF_FIELDS | {"round", "table", "sat"}
NOT_IN_A_FORFEIT = ("hands", "result", "sat", "confirmed", "confirmed_by")
MONEY_FIELDS = ("entry_fee", "loss_fee", "cinch_fee", "booby_prize", "unit")
MAX_NAME_LENGTH = 100
MAX_AMOUNT = Decimal(1_000_000)
MONEY_PLACES = 4
MIN_PLAYERS = 4
MAX_PAIRS = 1000


class NightGame(NamedTuple):
    """A game of the night; ``state`` is ``None`` until something is entered.

    ``sat`` records substitutes (player number, name) and changes no figure. A game
    awaiting confirmation (``confirmed`` false) counts as unfinished. ``forfeited_by``
    is the pair that had withdrawn by the game's round (the opponent wins); ``void``
    when both had: the game counts for nobody and holds nothing up.
    """

    pairs: tuple[int, int]
    round: int | None = None
    table: int | None = None
    state: GameState | None = None
    sat: tuple[tuple[int, str], ...] = ()
    confirmed: bool = True
    confirmed_by: str | None = None
    forfeited_by: int | None = None
    void: bool = False

    @property
    def forfeit(self) -> bool:
        return self.forfeited_by is not None and not self.void

    @property
    def finished(self) -> bool:
        if self.void or self.forfeit:
            return self.forfeit
        return self.confirmed and self.state is not None and self.state.winner is not None

    def outcome(self) -> Outcome:
        if self.forfeit:
            winner = self.pairs[1] if self.forfeited_by == self.pairs[0] else self.pairs[0]
            return Outcome(self.pairs, (0, 0), (0, 0), winner)
        return Outcome(self.pairs, self.state.scores, self.state.cinches, self.state.winner)


class Night(NamedTuple):
    """A night as its file gives it, every game read and checked (``read_night``)."""

    variant_id: str
    players: tuple[str, ...]
    name: str = ""
    date: str | None = None
    tiebreak: str = PLAYOFF
    money: MoneySettings = MoneySettings()
    games: tuple[NightGame, ...] = ()
    playoffs: tuple[NightGame, ...] = ()
    house: frozenset[int] = frozenset()
    withdrawn: Mapping[int, int] = MappingProxyType({})  # {pair: the round it left from}
    # The director ended the night before every game was finished (rules.md, "A night
    # ended early"): the games not finished are void and pairs rank by share of wins.
    ended_early: bool = False

    @property
    def pair_count(self) -> int:
        return len(self.players) // 2

    @property
    def void_games(self) -> list[NightGame]:
        """The round-robin games ending the night made void: those not finished by then
        (a game between two withdrawn pairs was void already)."""
        if not self.ended_early:
            return []
        return [game for game in self.games if not game.finished and not game.void]

    @property
    def pairs_in_the_prizes(self) -> list[int]:
        """Every pair but those that withdrew: places, booby and their ties are theirs."""
        return [pair for pair in range(1, self.pair_count + 1) if pair not in self.withdrawn]


def night_variant_ids() -> list[str]:
    """The variants a night can be played in: those for two pairs."""
    return [variant.id for variant in all_variants() if 2 in variant.side_counts]


def parse_amount(value, *, allow_zero: bool = True) -> Decimal:
    """A money amount from its decimal string; ``ValueError`` says what is wrong."""
    if not isinstance(value, str):
        shown = (
            words(gettext_noop("the number {number}"), number=value)
            if isinstance(value, int | Decimal)
            else typed(value)
        )
        raise Refused(
            words(
                gettext_noop('must be a decimal string such as "2.00" (in quotes), not {value}'),
                value=shown,
            )
        )
    try:
        amount = Decimal(value.strip())
    except InvalidOperation:
        raise Refused(
            words(gettext_noop("{value} is not a decimal amount"), value=typed(value))
        ) from None
    if not amount.is_finite() or amount < 0 or amount >= MAX_AMOUNT:
        raise Refused(
            words(
                gettext_noop("{value} must be an amount from 0 up to {most}"),
                value=typed(value),
                most=f"{MAX_AMOUNT:,}",
            )
        )
    if amount.as_tuple().exponent < -MONEY_PLACES:
        raise Refused(
            words(
                gettext_noop("{value} has more than {places} decimal places"),
                value=typed(value),
                places=MONEY_PLACES,
            )
        )
    if not allow_zero and amount == 0:
        raise Refused(words(gettext_noop("must be more than 0")))
    return amount


# A member holds one number a night: the one statement of the rule, for the night file
# (CLI, import) and the site's new-night form alike (``names.names_given_twice``).
ONE_NUMBER_A_NIGHT = gettext_noop(
    "{name} is already player {number}; a member can hold only one number in a night"
)

WITHDRAWAL_EXAMPLE = '{"pair": 4, "from_round": 5}'


def not_an_object(format_name: str) -> Words:
    """The document is not a JSON object (a night, a game or a season file)."""
    code = {
        NIGHT_FORMAT: gettext_noop('a night must be a JSON object with format "{format}"'),
        "cinch-game/1": gettext_noop('a game must be a JSON object with format "{format}"'),
        "cinch-season/1": gettext_noop('a season must be a JSON object with format "{format}"'),
    }[format_name]
    return words(code, format=format_name)


def not_a_field_of(format_name: str) -> Words:
    return words(gettext_noop("not a field of {format}"), format=format_name)


def wrong_format(format_name: str, found) -> Words:
    return words(
        gettext_noop('must be "{format}", found {found}'), format=format_name, found=typed(found)
    )


def text_too_long() -> Words:
    return words(gettext_noop("must be text of at most {most} characters"), most=MAX_NAME_LENGTH)


def player_name_refused() -> Words:
    return words(
        gettext_noop("a player's name must be text of 1 to {most} characters"),
        most=MAX_NAME_LENGTH,
    )


class NightReader:
    """Reads a ``cinch-night/1`` document, collecting every problem with its place."""

    def __init__(self):
        self.problems: list[Problem] = []
        self.withdrawn: dict[int, int] = {}

    def fail(self, place: str, said: Words | ValueError) -> None:
        self.problems.append(Problem.of(place, said))

    def read_format(self, doc, format_name: str, fields) -> bool:
        """Whether ``doc`` is an object; each key not in ``fields`` and a wrong format noted."""
        if not isinstance(doc, dict):
            self.fail("", not_an_object(format_name))
            return False
        for key in doc:
            if key not in fields:
                self.fail(shown_key(key), not_a_field_of(format_name))
        if doc.get("format") != format_name:
            self.fail("format", wrong_format(format_name, doc.get("format")))
        return True

    def read(self, doc) -> Night | None:
        if not self.read_format(doc, NIGHT_FORMAT, NIGHT_FIELDS):
            return None
        variant = self.read_variant(doc.get("variant"))
        players, house = self.read_players(doc.get("players"))
        night_fields = dict(
            name=self.read_text("name", doc.get("name", "")),
            date=self.read_date(doc.get("date")),
            tiebreak=self.read_tiebreak(doc.get("tiebreak", PLAYOFF)),
            money=self.read_money(doc.get("money", {})),
        )
        if variant is None or players is None:
            return None
        pair_count = len(players) // 2
        self.withdrawn = self.read_withdrawn(doc.get("withdrawn", []), pair_count)
        games = self.read_games(doc.get("games", []), variant, pair_count, playoff=False)
        playoffs = self.read_games(doc.get("playoffs", []), variant, pair_count, playoff=True)
        ended_early = self.read_ended_early(doc.get("ended_early", False), games, pair_count)
        if self.problems:
            return None
        return Night(
            ended_early=ended_early,
            variant_id=variant.id,
            players=players,
            games=games,
            playoffs=playoffs,
            house=house,
            withdrawn=self.withdrawn,
            **night_fields,
        )

    def read_text(self, place: str, value) -> str:
        if not is_text(value) or len(value) > MAX_NAME_LENGTH:
            self.fail(place, text_too_long())
            return ""
        return value.strip()

    def read_date(self, value) -> str | None:
        if value is None:
            return None
        try:
            return datetime.date.fromisoformat(value).isoformat()
        except (TypeError, ValueError):
            self.fail(
                "date",
                words(
                    gettext_noop("{value} is not a date in the form 2026-11-17"), value=typed(value)
                ),
            )
            return None

    def is_one_of(self, place: str, value, known, refusal: str) -> bool:
        """Whether ``value`` is one of ``known``; if not, ``refusal`` (a code with
        ``{value}`` and ``{known}``) is noted at ``place``."""
        if value in known:
            return True
        self.fail(place, words(refusal, value=typed(value), known=", ".join(known)))
        return False

    def read_variant(self, value):
        refusal = gettext_noop("{value} is not a night variant (one of: {known})")
        if not self.is_one_of("variant", value, night_variant_ids(), refusal):
            return None
        return get_variant(value)

    def read_ended_early(self, value, games, pair_count: int) -> bool:
        """Whether the night was ended early; refused while a pair has no finished game,
        since it would have no share of games won to rank by."""
        if not isinstance(value, bool):
            self.fail("ended_early", words(gettext_noop("ended_early must be true or false")))
            return False
        if not value or self.problems:
            return value
        idle = pairs_without_a_finished_game(games, pair_count)
        if idle:
            self.fail("ended_early", no_finished_game(idle))
        return value

    def read_tiebreak(self, value) -> str:
        refusal = gettext_noop("{value} is not a tie-break (one of: {known})")
        return value if self.is_one_of("tiebreak", value, TIEBREAKS, refusal) else PLAYOFF

    def read_players(self, players) -> tuple[tuple[str, ...] | None, frozenset[int]]:
        """The names in number order, and the numbers of the house players."""
        if (
            not isinstance(players, list)
            or not MIN_PLAYERS <= len(players) <= 2 * MAX_PAIRS
            or len(players) % 2
        ):
            self.fail(
                "players",
                words(
                    gettext_noop(
                        "give the players' names as a list, an even count of at least {least} "
                        "and at most {most} (players 2k-1 and 2k form pair k)"
                    ),
                    least=MIN_PLAYERS,
                    most=2 * MAX_PAIRS,
                ),
            )
            return None, frozenset()
        names, house = [], set()
        for number, player in enumerate(players):
            name = self.read_player(f"players[{number}]", player)
            if name is not None:
                names.append(name)
                if isinstance(player, dict) and player.get("house") is True:
                    house.add(number + 1)
        if len(names) != len(players):
            return None, frozenset()
        for number in sorted(house):
            if number % 2 == 0 and number - 1 in house:
                self.fail(
                    f"players[{number - 1}]",
                    words(
                        gettext_noop(
                            "players {first} and {second} form pair {pair}; "
                            "a pair never has two house players"
                        ),
                        first=number - 1,
                        second=number,
                        pair=number // 2,
                    ),
                )
        repeated = names_given_twice(names, ONE_NUMBER_A_NIGHT)
        self.problems.extend(repeated)
        return (None if repeated else tuple(names)), frozenset(house)

    def read_player(self, place: str, player) -> str | None:
        """A name, or ``{"name": ..., "house": true}`` for a house player."""
        name = player
        if isinstance(player, dict):
            for key in player:
                if key not in ("name", "house"):
                    self.fail(
                        f"{place}.{shown_key(key)}", words(gettext_noop("not a field of a player"))
                    )
            if not isinstance(player.get("house", False), bool):
                self.fail(
                    f"{place}.house", words(gettext_noop("must be true (a house player) or false"))
                )
            name = player.get("name")
        if not is_text(name) or not name.strip() or len(name) > MAX_NAME_LENGTH:
            self.fail(place, player_name_refused())
            return None
        return name.strip()

    def read_withdrawn(self, withdrawn, pair_count: int) -> dict[int, int]:
        """``{pair: from_round}`` for the pairs that left for good."""
        if not isinstance(withdrawn, list):
            self.fail(
                "withdrawn",
                words(
                    gettext_noop("give the pairs that left as a list: [{example}]"),
                    example=WITHDRAWAL_EXAMPLE,
                ),
            )
            return {}
        read = {}
        for number, entry in enumerate(withdrawn):
            place = f"withdrawn[{number}]"
            if not isinstance(entry, dict):
                self.fail(
                    place,
                    words(
                        gettext_noop("a withdrawal is an object: {example}"),
                        example=WITHDRAWAL_EXAMPLE,
                    ),
                )
                continue
            for key in entry:
                if key not in ("pair", "from_round"):
                    self.fail(
                        f"{place}.{shown_key(key)}",
                        words(gettext_noop("not a field of a withdrawal")),
                    )
            pair, from_round = entry.get("pair"), entry.get("from_round")
            if not is_whole_number(pair) or not 1 <= pair <= pair_count:
                self.fail(
                    f"{place}.pair",
                    words(
                        gettext_noop("give a pair of the night (1 to {count})"), count=pair_count
                    ),
                )
            elif pair in read:
                self.fail(
                    f"{place}.pair",
                    words(gettext_noop("pair {pair} is withdrawn twice"), pair=pair),
                )
            elif not is_whole_number(from_round) or not 1 <= from_round <= MAX_PAIRS:
                self.fail(
                    f"{place}.from_round",
                    words(
                        gettext_noop(
                            "the round the pair left from must be a whole number from 1 to {most}"
                        ),
                        most=MAX_PAIRS,
                    ),
                )
            else:
                read[pair] = from_round
        if read and len(read) == pair_count:
            self.fail(
                "withdrawn",
                words(
                    gettext_noop("every pair has withdrawn; at least one must stay in the prizes")
                ),
            )
        return read

    def read_money(self, money) -> MoneySettings:
        if not isinstance(money, dict):
            self.fail(
                "money",
                words(
                    gettext_noop("must be an object of decimal strings such as {example}"),
                    example='{"entry_fee": "2.00"}',
                ),
            )
            return MoneySettings()
        settings = {}
        for key in money:
            if key not in (*MONEY_FIELDS, "split"):
                self.fail(f"money.{shown_key(key)}", words(gettext_noop("not a money setting")))
        for key in MONEY_FIELDS:
            if key in money:
                try:
                    settings[key] = parse_amount(money[key], allow_zero=key != "unit")
                except ValueError as error:
                    self.fail(f"money.{key}", error)
        if "split" in money:
            split = self.read_split(money["split"])
            if split:
                settings["split"] = split
        return MoneySettings(**settings)

    def read_split(self, split) -> tuple[Decimal, ...] | None:
        if not isinstance(split, list) or not split:
            self.fail(
                "money.split",
                words(
                    gettext_noop("give the place shares as a list such as {example}"),
                    example='["0.50", "0.30", "0.20"]',
                ),
            )
            return None
        shares = []
        for number, share in enumerate(split):
            try:
                shares.append(parse_amount(share))
            except ValueError as error:
                self.fail(f"money.split[{number}]", error)
        if len(shares) == len(split) and sum(shares) != 1:
            self.fail(
                "money.split",
                words(
                    gettext_noop("the place shares must add up to 1, not {total}"),
                    total=sum(shares),
                ),
            )
            return None
        return tuple(shares)

    def read_games(self, games, variant, pair_count: int, *, playoff: bool):
        key = "playoffs" if playoff else "games"
        if not isinstance(games, list):
            self.fail(key, words(gettext_noop("must be a list of games")))
            return ()
        read = []
        for number, raw in enumerate(games):
            game = self.read_game(f"{key}[{number}]", raw, variant, pair_count, playoff)
            if game is not None:
                read.append(game)
        if not playoff:
            self.check_meetings(read)
        return tuple(read)

    def read_game(self, place, raw, variant, pair_count, playoff) -> NightGame | None:
        if not isinstance(raw, dict):
            self.fail(
                place,
                words(gettext_noop("a game must be an object with its pairs and hands or result")),
            )
            return None
        allowed = PLAYOFF_FIELDS if playoff else GAME_FIELDS
        for key in raw:
            if key not in allowed:
                self.fail(
                    f"{place}.{shown_key(key)}",
                    words(
                        gettext_noop("not a field of a play-off")
                        if playoff
                        else gettext_noop("not a field of a game")
                    ),
                )
        pairs = self.read_pairs(f"{place}.pairs", raw.get("pairs"), pair_count)
        seat = {} if playoff else self.read_seat(place, raw)
        if pairs is None:
            return None
        gone = self.gone(place, pairs, seat.get("round"))
        if gone:
            return self.read_forfeit(place, raw, pairs, gone, seat)
        attendance = self.read_confirmation(place, raw)
        if not playoff:
            attendance["sat"] = self.read_sat(f"{place}.sat", raw.get("sat", {}), pairs)
        try:
            state = self.read_play(raw, variant, pairs)
        except InvalidInput as invalid:
            self.problems.extend(invalid.under(place).problems)
            return None
        return NightGame(pairs=pairs, state=state, **seat, **attendance)

    def gone(self, place, pairs, round_) -> list[int]:
        """The pairs of a game that had withdrawn by its round; a play-off (no round)
        naming a withdrawn pair is refused."""
        if round_ is None:
            for pair in pairs:
                if pair in self.withdrawn:
                    self.fail(
                        f"{place}.pairs",
                        words(
                            gettext_noop("pair {pair} has withdrawn and plays no play-off"),
                            pair=pair,
                        ),
                    )
            return []
        return [pair for pair in pairs if round_ >= self.withdrawn.get(pair, MAX_PAIRS + 1)]

    def read_forfeit(self, place, raw, pairs, gone, seat) -> NightGame:
        """A game in or after the round a pair withdrew from: a forfeit, or void if
        both had gone. It carries nothing that was played."""
        first = gone[0]
        kind = (
            words(gettext_noop("void (both pairs had withdrawn)"))
            if len(gone) == 2
            else words(gettext_noop("a forfeit"))
        )
        for key in NOT_IN_A_FORFEIT:
            if key in raw:
                self.fail(
                    f"{place}.{key}",
                    words(
                        gettext_noop(
                            "pair {pair} withdrew from round {round}, so this game is {kind}: "
                            "it has no hands, result, substitutes or confirmation"
                        ),
                        pair=first,
                        round=self.withdrawn[first],
                        kind=kind,
                    ),
                )
        return NightGame(pairs=pairs, forfeited_by=first, void=len(gone) == 2, **seat)

    def read_confirmation(self, place, raw) -> dict:
        confirmed = raw.get("confirmed", True)
        if not isinstance(confirmed, bool):
            self.fail(
                f"{place}.confirmed",
                words(gettext_noop("must be true or false (false: awaits confirmation)")),
            )
            confirmed = True
        confirmed_by = raw.get("confirmed_by")
        if confirmed_by is not None:
            confirmed_by = self.read_text(f"{place}.confirmed_by", confirmed_by)
        return {"confirmed": confirmed, "confirmed_by": confirmed_by}

    def read_sat(self, place, sat, pairs) -> tuple[tuple[int, str], ...]:
        """Substitutes by the number they sat for; a seat must be one of this game's."""
        if not isinstance(sat, dict):
            self.fail(
                place,
                words(
                    gettext_noop("give substitutes by player number: {example}"),
                    example='{"3": "Zed"}',
                ),
            )
            return ()
        seats = seats_of(pairs)
        read = []
        for key, name in sat.items():
            number = number_from_digits(key)
            if number not in seats:
                self.fail(
                    f"{place}.{shown_key(key)}",
                    words(
                        gettext_noop(
                            "a substitute sits for a player of this game (players {seats})"
                        ),
                        seats=", ".join(str(seat) for seat in seats),
                    ),
                )
            elif not is_text(name) or not name.strip() or len(name) > MAX_NAME_LENGTH:
                self.fail(
                    f"{place}.{key}",
                    words(
                        gettext_noop("a substitute's name must be text of 1 to {most} characters"),
                        most=MAX_NAME_LENGTH,
                    ),
                )
            else:
                read.append((number, name.strip()))
        return tuple(sorted(read))

    def read_seat(self, place: str, raw: dict) -> dict:
        seat = {}
        for key in ("round", "table"):
            value = raw.get(key)
            if not is_whole_number(value) or not 1 <= value <= MAX_PAIRS:
                self.fail(
                    f"{place}.{key}",
                    words(
                        gettext_noop("the round must be a whole number from 1 to {most}")
                        if key == "round"
                        else gettext_noop("the table must be a whole number from 1 to {most}"),
                        most=MAX_PAIRS,
                    ),
                )
            else:
                seat[key] = value
        return seat

    def read_pairs(self, place: str, pairs, pair_count: int) -> tuple[int, int] | None:
        if (
            not isinstance(pairs, list)
            or len(pairs) != 2
            or not all(is_whole_number(p) and 1 <= p <= pair_count for p in pairs)
            or pairs[0] == pairs[1]
        ):
            self.fail(
                place,
                words(
                    gettext_noop("give two different pairs of the night (1 to {count})"),
                    count=pair_count,
                ),
            )
            return None
        return pairs[0], pairs[1]

    @staticmethod
    def read_play(raw: dict, variant, pairs) -> GameState | None:
        if "hands" in raw and "result" in raw:
            raise InvalidInput(
                [
                    Problem.said(
                        "result", words(gettext_noop("a game has hands or a result, not both"))
                    )
                ]
            )
        if "result" in raw:
            try:
                return check_result(variant, pairs, raw["result"])
            except InvalidInput as invalid:
                raise invalid.under("result") from None
        if "hands" in raw:
            return play_game(variant, pairs, raw["hands"])
        return None

    def check_meetings(self, games) -> None:
        met, seated, tables = {}, set(), set()
        for number, game in enumerate(games):
            if game.round is None or game.table is None:
                continue
            place = f"games[{number}]"
            meeting = frozenset(game.pairs)
            if meeting in met:
                self.fail(
                    f"{place}.pairs",
                    words(
                        gettext_noop("pairs {first} and {second} already met in {place}"),
                        first=game.pairs[0],
                        second=game.pairs[1],
                        place=met[meeting],
                    ),
                )
            met.setdefault(meeting, place)
            for pair in game.pairs:
                if (game.round, pair) in seated:
                    self.fail(
                        f"{place}.pairs",
                        words(
                            gettext_noop("pair {pair} plays twice in round {round}"),
                            pair=pair,
                            round=game.round,
                        ),
                    )
                seated.add((game.round, pair))
            if (game.round, game.table) in tables:
                self.fail(
                    f"{place}.table",
                    words(
                        gettext_noop("table {table} holds two games in round {round}"),
                        table=game.table,
                        round=game.round,
                    ),
                )
            tables.add((game.round, game.table))


def pairs_without_a_finished_game(games, pair_count: int) -> list[int]:
    """The pairs that have finished no game of the round robin (a forfeit counts)."""
    played = {pair for game in games if game.finished for pair in game.pairs}
    return [pair for pair in range(1, pair_count + 1) if pair not in played]


def no_finished_game(pairs) -> Words:
    """Why a night cannot be ended early yet, naming the pairs and what to do."""
    if len(pairs) == 1:
        code = gettext_noop(
            "pair {pairs} has no finished game: withdraw it, or end the night later"
        )
        return words(code, pairs=pairs[0])
    code = gettext_noop("{pairs} have no finished game: withdraw them, or end the night later")
    return words(code, pairs=side_names(pairs, "pair"))


def read_night(doc) -> Night:
    """The night described by a ``cinch-night/1`` document, every game checked."""
    reader = NightReader()
    night = reader.read(doc)
    if reader.problems:
        raise InvalidInput(reader.problems)
    return night
