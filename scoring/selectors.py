"""Every read of the scoring app, with its joins built in so no page runs N+1 queries.

Figures (running scores, standings, the pot) are not computed here: selectors hand the
stored rows to ``scoring.documents`` and ``scoring.rules``.
"""

from django.db.models import Count, Prefetch, Q, QuerySet

from scoring import documents
from scoring.models import Game, Hand, Night, Seat
from scoring.rules import InvalidInput, check_result, play_game
from scoring.rules.variants import get_variant


def nights_list() -> QuerySet[Night]:
    return Night.objects.annotate(
        player_count=Count("seats", distinct=True),
        game_count=Count("games", filter=Q(games__is_playoff=False), distinct=True),
        finished_count=Count(
            "games", filter=Q(games__is_playoff=False, games__winner__isnull=False), distinct=True
        ),
    )


def night_seats(night: Night) -> list[Seat]:
    return list(Seat.objects.filter(night=night).select_related("member").order_by("number"))


def night_games(night: Night, *, with_hands: bool = False) -> list[Game]:
    games = Game.objects.filter(night=night).order_by("is_playoff", "round", "table", "id")
    if with_hands:
        games = games.prefetch_related(
            Prefetch("hands", queryset=Hand.objects.order_by("position"))
        )
    return list(games)


def pair_names(seats: list[Seat]) -> dict[int, str]:
    """``{pair: "Ann & Bob"}`` from a night's seats."""
    names: dict[int, list[str]] = {}
    for seat in seats:
        names.setdefault(seat.pair, []).append(seat.member.name)
    return {pair: " & ".join(players) for pair, players in names.items()}


def night_file(night: Night) -> dict:
    """The downloadable ``cinch-night/1`` document, every hand as entered."""
    return documents.night_document(
        night, night_seats(night), night_games(night, with_hands=True), with_hands=True
    )


def night_standings(night: Night, seats=None, games=None) -> dict:
    """The ``cinch-standings/1`` document, from the stored game totals."""
    return documents.standings(
        night,
        seats if seats is not None else night_seats(night),
        games if games is not None else night_games(night),
    )


def game_detail(pk: int) -> Game:
    return (
        Game.objects.select_related("night")
        .prefetch_related(Prefetch("hands", queryset=Hand.objects.order_by("position")))
        .get(pk=pk)
    )


def game_progress(game: Game):
    """The game's state after each hand (``steps``), as the rules core folds it."""
    variant = get_variant(game.night.variant)
    if game.from_pegboard:
        return check_result(variant, game.pairs, documents.result_data(game))
    try:
        return play_game(variant, game.pairs, [documents.hand_data(h) for h in game.hands.all()])
    except InvalidInput:
        # Stored hands always folded when saved; a rules change could break that, so the
        # page still shows the hands and says the totals need a look.
        return None


def game_history(game: Game) -> list:
    """Every recorded change to the game and its hands, newest first."""
    hand_records = Hand.history.filter(game_id=game.pk).select_related("history_user")
    game_records = Game.history.filter(id=game.pk).select_related("history_user")
    return sorted(
        [*hand_records, *game_records], key=lambda record: record.history_date, reverse=True
    )
