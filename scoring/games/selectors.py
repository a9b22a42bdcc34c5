"""Reads of a game: its hands in order with the rules core's board after each, its
seating and substitutes, and its history; the game page in a fixed number of queries.
"""

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from django.utils.functional import SimpleLazyObject
from django.utils.translation import pgettext

from scoring.clubs.scopes import current_club
from scoring.core.records import documents
from scoring.core.records.pairs import pair_names
from scoring.models import Game, Hand, Night, Seat, Substitute
from scoring.rules import InvalidInput, check_result, play_game
from scoring.rules.pot import players_of
from scoring.rules.variants import get_variant
from scoring.words.why_won import won_words


def game_details() -> QuerySet:
    """Games with their night and their hands in order (``game_shown`` counts them)."""
    return Game.objects.select_related("night").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("position"))
    )


def game_detail(pk: int) -> Game:
    """The game with its night, its hands in order and their ``hand_count``."""
    return game_shown(game_details().get(pk=pk))


def game_to_write(pk: int) -> Game:
    """The game and its night alone: what a POST needs before its service locks and reads
    the game afresh (a save that redirects reads the hands once, inside the service)."""
    return Game.objects.select_related("night").get(pk=pk)


def game_shown(game: Game) -> Game:
    """``game`` ready for its page, its ``hand_count`` counted from its hands: read again
    with them if a POST loaded it bare (``game_to_write``) and sends a form back. (Counted
    here rather than by the query: a ``COUNT`` groups by every column of game and night.)"""
    if "hands" not in getattr(game, "_prefetched_objects_cache", {}):
        game = game_details().get(pk=game.pk)
    game.hand_count = len(game.hands.all())
    return game


def game_progress(game: Game):
    """The game's state after each hand (``steps``), as the rules core folds it."""
    variant = get_variant(game.night.variant)
    try:
        if game.from_pegboard:
            return check_result(variant, game.pairs, documents.result_data(game))
        return play_game(variant, game.pairs, [documents.hand_data(h) for h in game.hands.all()])
    except InvalidInput:
        # Stored hands and results passed the rules when saved; an earlier version's may
        # not pass today's, so the page still shows them as stored and says what to mend
        # (``scoring.core.records.mending``).
        return None


def contested_win_words(game: Game, progress) -> str:
    """Why the game was won when the other pair reached the target on the same hand
    (``Won by pair 1 (43) while pair 2 had 44: counted out on the Right Pedro, law 13``);
    ``""`` otherwise, the plain "won by" saying enough."""
    if progress is None or progress.decision is None or not progress.decision.rivals:
        return ""
    named = {
        pair: pgettext("a pair named in a sentence", "pair %(pair)s") % {"pair": pair}
        for pair in game.pairs
    }
    return won_words(progress, named)


def game_history(game: Game) -> list:
    """Every recorded change to the game and its hands, newest first."""
    hand_records = Hand.history.filter(game_id=game.pk).select_related("history_user")
    game_records = Game.history.filter(id=game.pk).select_related("history_user")
    return sorted(
        [*hand_records, *game_records], key=lambda record: record.history_date, reverse=True
    )


def club_history(model) -> QuerySet:
    """The history rows of ``model`` (``Hand`` or ``Game``) of the current club alone: a
    record of another club's game is not found, whatever its id. django-scopes guards
    the models' own managers, not simple-history's tables, so the club is asked for here,
    through the history of the games and nights (a game or night deleted since keeps
    its club there, and the restore says there is nothing left to restore)."""
    nights = Night.history.filter(club=current_club()).values("id")
    if model is Game:
        return Game.history.filter(night_id__in=nights)
    games = Game.history.filter(night_id__in=nights).values("id")
    return Hand.history.filter(game_id__in=games)


@dataclass(frozen=True)
class GameSeating:
    """The four seats of a game and who sat in for them (``Substitute`` rows)."""

    seats: list[Seat]
    substitutes: list[Substitute]


def game_seating(game: Game) -> GameSeating:
    """Read once per game object: the game page's names and its substitutes panel share it."""
    cached = getattr(game, "_seating", None)
    if cached is None:
        numbers = [number for pair in game.pairs for number in players_of(pair)]
        # Ordered by number alone: the models' own orderings join the night (and the game).
        seats = Seat.objects.filter(night_id=game.night_id, number__in=numbers)
        cached = GameSeating(
            list(seats.select_related("member").order_by("number")),
            list(Substitute.objects.filter(game=game).order_by("number")),
        )
        game._seating = cached
    return cached


def game_pair_names(game: Game) -> dict[int, str]:
    """``{pair: "Ann & Bob"}`` for the two pairs of ``game`` only; a substitute shows as
    ``Zed for Ann``."""
    seating = game_seating(game)
    return pair_names(seating.seats, {sub.number: sub.name for sub in seating.substitutes})


def game_pair_names_later(game: Game) -> SimpleLazyObject:
    """``game_pair_names`` read when a label is first shown: a save that redirects shows
    none, so it reads no seats."""
    return SimpleLazyObject(lambda: game_pair_names(game))


def game_sides(game: Game, names: dict[int, str]) -> list[dict]:
    """The game's two pairs with their players, stored score and Cinches, in game order."""
    return [
        {"pair": pair, "names": names.get(pair, ""), "score": score, "cinches": cinches}
        for pair, score, cinches in zip(
            game.pairs, (game.score_a, game.score_b), (game.cinches_a, game.cinches_b), strict=True
        )
    ]


def hand_number(hand: Hand) -> int:
    """The hand's place in its game (1, 2, …), counting only the hands still there."""
    return Hand.objects.filter(game_id=hand.game_id, position__lte=hand.position).count()


@dataclass(frozen=True)
class HandRow:
    """A hand of the game page: its number in the game and the board after it."""

    number: int
    hand: Hand
    step: object = None


def hand_rows(game: Game, progress) -> list[HandRow]:
    """The game's hands beside the rules core's board after each (``progress.steps``)."""
    steps = list(progress.steps) if progress is not None else []
    hands = list(game.hands.all())
    steps += [None] * (len(hands) - len(steps))
    return [
        HandRow(number, hand, step)
        for number, (hand, step) in enumerate(zip(hands, steps, strict=True), start=1)
    ]
