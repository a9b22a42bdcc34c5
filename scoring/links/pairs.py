"""A pair's game of the moment, which its code (``links.codes``) opens: ``/p/<code>/``
shows it, and every form on that page posts to the game it shows
(``/p/<code>/games/<pk>/…``), so a post never lands in another game however late it
arrives (``links.views``).

The game of the moment is the first of the pair's games that waits for it, the round
robin's first by round, then its play-offs: being played, its result disputed, or its
result awaiting this pair's confirmation (one the other pair, a scorer, a scorer device
or the director entered). Past the last, the last. A game whose round has not begun
(``core.records.guards.round_before``) is shown with a word above it and takes no entry yet.
A night ended early opens the pair's play-off if it has one, else says what the early
end means for the pair.
"""

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from scoring.core.records.guards import is_void, round_before
from scoring.models import Game, PairCode


@dataclass(frozen=True)
class PairGame:
    """The pair's game of the moment (``None``: nothing to play now), and what the page
    says above it: a round still to come, the bye, no schedule yet, the night ended early."""

    game: Game | None
    notice: str = ""


def pair_games(night_id: int, pair: int):
    """The pair's games, the round robin's first by round, then its play-offs."""
    return (
        Game.objects.filter(Q(pair_a=pair) | Q(pair_b=pair), night_id=night_id)
        .select_related("night")
        .order_by("is_playoff", "round", "table", "pk")
    )


def waits_for_this_pair(game: Game, pair: int) -> bool:
    """Whether ``game`` still needs something from ``pair``: it is being played, its result
    is disputed, or its result awaits a confirmation this pair may give (anyone's but the
    pair's own: ``games.confirmation.link_refusal`` has the last word)."""
    if game.finished or is_void(game):
        return False
    if game.winner is None and not game.forfeit:
        return True
    return bool(game.dispute) or game.entered_pair != pair


def pair_game_now(code: PairCode) -> PairGame:
    """What the pair's code opens now."""
    games = list(pair_games(code.night_id, code.pair))
    night = code.night
    if not games:
        return PairGame(None, _("The schedule is not made yet: your first game shows here."))
    if night.ended_early:
        return _after_early_end(games, code.pair)
    game = next((g for g in games if waits_for_this_pair(g, code.pair)), games[-1])
    if game.finished:
        return PairGame(game)
    playing = round_before(game)
    if playing is None:
        return PairGame(game)
    return PairGame(game, _upcoming(game, games, code.pair, playing))


def _after_early_end(games: list[Game], pair: int) -> PairGame:
    playoff = next((g for g in games if g.is_playoff and waits_for_this_pair(g, pair)), None)
    if playoff is not None:
        return PairGame(playoff)
    return PairGame(
        None,
        _(
            "The director ended the night early: the games not finished by then do not "
            "count, and the pairs rank by their share of games won. Your pair has no game "
            "left to play; the standings are on the projector."
        ),
    )


def _upcoming(game: Game, games: list[Game], pair: int, playing: int) -> str:
    other = game.pair_b if pair == game.pair_a else game.pair_a
    notice = _("Round %(round)s: table %(table)s against pair %(other)s.") % {
        "round": game.round,
        "table": game.table,
        "other": other,
    }
    if not any(g.round == playing for g in games):
        notice += " " + _("You have the bye in round %(round)s.") % {"round": playing}
    else:
        notice += " " + _("It starts when round %(round)s is over.") % {"round": playing}
    return notice + " " + _("Its entries open then.")
