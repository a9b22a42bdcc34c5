"""Reads of a night: its seats, games and pair names, the night page's overview and
pattern table, its file, what its draw looks back on and what it did; a fixed number of
queries per page however many games.
"""

from dataclasses import dataclass, field

from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from scoring.core.records import documents
from scoring.core.records.guards import play_started
from scoring.core.records.pairs import pair_names
from scoring.core.records.seasons import earlier_nights, night_season
from scoring.models import Game, Night, Seat
from scoring.rules import InvalidInput, read_night
from scoring.rules.names import name_key, normal_name
from scoring.rules.schedule import byes
from scoring.words.draws import draw_words


def nights_list() -> QuerySet[Night]:
    """The nights not archived (an archived night still counts in the season), with their
    players, games and finished games counted each on its own (a subquery each): counted
    through one join, a night's rows would be its seats times its games."""
    games = Game.objects.filter(night=OuterRef("pk"), is_playoff=False)
    return Night.objects.filter(archived=False).annotate(
        player_count=_count(Seat.objects.filter(night=OuterRef("pk"))),
        game_count=_count(games),
        finished_count=_count(games.filter(winner__isnull=False)),
    )


def _count(rows: QuerySet) -> Subquery:
    """``COUNT(*)`` of ``rows`` as a subquery (0 when there are none)."""
    counted = rows.order_by().values("night").annotate(n=Count("*")).values("n")
    return Coalesce(Subquery(counted), 0)


@dataclass
class PatternRound:
    """One row of the pattern table: the round's game at each table, and any bye."""

    round: int
    games: dict[int, Game] = field(default_factory=dict)
    byes: list[int] = field(default_factory=list)


@dataclass
class NightOverview:
    """Everything the night page shows, read in three queries."""

    night: Night
    seats: list[Seat]
    names: dict[int, str]
    games: list[Game]
    tables: list[int]
    rounds: list[PatternRound]
    playoffs: list[Game]

    @property
    def started(self) -> bool:
        """Play has started: the draw is fixed (``services`` refuses to change it)."""
        return play_started(self.games)

    @property
    def finished_count(self) -> int:
        """The round robin's games finished (play-offs are counted on their own)."""
        return sum(game.finished for game in self.games if not game.is_playoff)

    @property
    def scheduled_count(self) -> int:
        """The round robin's games, as ``finished_count`` counts them (and the nights list)."""
        return sum(not game.is_playoff for game in self.games)


def pattern_rounds(games: list[Game], pair_count: int) -> list[PatternRound]:
    """The scheduled games by round, with the pairs sitting out each round."""
    rounds: dict[int, PatternRound] = {}
    for game in games:
        if not game.is_playoff:
            rounds.setdefault(game.round, PatternRound(game.round)).games[game.table] = game
    for row in rounds.values():
        row.byes = byes(pair_count, (pair for game in row.games.values() for pair in game.pairs))
    return [rounds[number] for number in sorted(rounds)]


def night_overview(night: Night) -> NightOverview:
    seats = documents.night_seats(night)
    games = documents.night_games(night, with_hand_counts=True)
    scheduled = [game for game in games if not game.is_playoff]
    return NightOverview(
        night=night,
        seats=seats,
        names=pair_names(seats),
        games=games,
        tables=sorted({game.table for game in scheduled}),
        rounds=pattern_rounds(games, len(seats) // 2),
        playoffs=[game for game in games if game.is_playoff],
    )


def night_like(document) -> Night | None:
    """A night on the site with the same name, date and players (case-blind, in any
    order) as the ``cinch-night/1`` ``document``: importing it again would copy it. A
    document the rules core refuses has no twin (the import names its problems)."""
    try:
        parsed = read_night(document)
        players = sorted(name_key(name) for name in parsed.players)
        name = normal_name(parsed.name)
    except (InvalidInput, ValueError):
        return None
    candidates = Night.objects.filter(name=name, date=parsed.date)
    for night in candidates.prefetch_related("seats__member")[:20]:
        if sorted(name_key(seat.member.name) for seat in night.seats.all()) == players:
            return night
    return None


def made_by_form(token) -> bool:
    """Whether the form that sent ``token`` already made a night (a second post)."""
    return token is not None and Night.objects.filter(form_token=token).exists()


def earlier_partnerships(night: Night) -> list[list[tuple[int, int]]] | None:
    """The partnerships (member ids) of each earlier night of the night's season, oldest
    first, as the draw looks back on them (``rules.draw``); ``None`` for a night in no
    season. Two queries, however many nights."""
    season = night_season(night)
    if season is None:
        return None
    nights = list(earlier_nights(season, night).values_list("pk", flat=True))
    pairs: dict[int, dict[int, list[int]]] = {pk: {} for pk in nights}
    seats = Seat.objects.filter(night__in=nights).order_by("number")
    for night_id, number, member in seats.values_list("night_id", "number", "member_id"):
        pairs[night_id].setdefault((number + 1) // 2, []).append(member)
    return [
        [(two[0], two[1]) for _, two in sorted(pairs[pk].items()) if len(two) == 2] for pk in nights
    ]


def draw_said(night: Night, seats: list[Seat]) -> str:
    """What the night's draw did, in words (empty for a night in no season)."""
    return draw_words(night.draw_outcome, {seat.member_id: seat.member.name for seat in seats})


def in_a_season(night: Night) -> bool:
    """Whether the night counts in a season: its draw may then give new partners."""
    return night_season(night) is not None
