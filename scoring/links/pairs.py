"""A pair's one code for the whole night: ``/p/<token>/``, printed on the pair's card at
the draw, opens the pair's game of the moment through the game links' own pages.

The token signs the night, the pair, the draw's time and the sum of the pair's games'
``link_version``: a redraw (a new ``drawn_at``), or the director revoking the links of
any table the pair sits at (``links.services``), turns every printed code of that pair
off, as it does the game links. ``/p/<token>/`` sends the phone on to ``/t/<token>/``,
where ``links.tokens.open_link`` takes it as the pair's link to ``pair_game_now``: the
hands, the pegboard result, confirming and disputing are the game link's, and after
each post the page comes back to the same address, which then opens the next game.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.models import Game, Night
from scoring.rules import live

PAIR_SALT = "scoring.pair-link"


@dataclass(frozen=True)
class PairGame:
    """The pair's game of the moment, and what the page says above it when it is a round
    still to come: its round, table and opponent, and the bye in the round being played."""

    game: Game
    notice: str = ""


def _drawn(night: Night) -> int:
    return int(night.drawn_at.timestamp()) if night.drawn_at else 0


def _versions(games) -> int:
    return sum(game.link_version for game in games)


def pair_games(night_id: int, pair: int):
    """The pair's games, the round robin's first by round, then its play-offs."""
    return (
        Game.objects.filter(Q(pair_a=pair) | Q(pair_b=pair), night_id=night_id)
        .select_related("night")
        .order_by("is_playoff", "round", "table", "pk")
    )


def _signed(night: Night, pair: int, versions: int) -> str:
    value = f"{night.pk}.{pair}.{_drawn(night)}.{versions}"
    return signing.Signer(salt=PAIR_SALT).sign(value)


def pair_tokens(night: Night) -> dict[int, str]:
    """Every scheduled pair's token, its games' versions read in one query."""
    versions: dict[int, int] = defaultdict(int)
    rows = Game.objects.filter(night=night).values_list("pair_a", "pair_b", "link_version")
    for pair_a, pair_b, version in rows:
        versions[pair_a] += version
        versions[pair_b] += version
    return {pair: _signed(night, pair, total) for pair, total in sorted(versions.items())}


def pair_token(night: Night, pair: int) -> str:
    return pair_tokens(night)[pair]


def pair_link_path(night: Night, pair: int) -> str:
    return reverse("scoring:pair-link", args=[pair_token(night, pair)])


def _url(token: str) -> str:
    return settings.SITE_URL.rstrip("/") + reverse("scoring:pair-link", args=[token])


def pair_link_url(night: Night, pair: int) -> str:
    """The code printed on the pair's card, from ``settings.SITE_URL``."""
    return _url(pair_token(night, pair))


def pair_link_urls(night: Night) -> dict[int, str]:
    """Every scheduled pair's code (the pair cards of a big night)."""
    return {pair: _url(token) for pair, token in pair_tokens(night).items()}


def signed_pair(token: str) -> tuple[int, int, int, int] | None:
    """The night, pair, draw time and version sum ``token`` signs as a pair link, or None
    if it is not one this site signed."""
    try:
        value = signing.Signer(salt=PAIR_SALT).unsign(token)
        night_id, pair, drawn, versions = (int(part) for part in value.split("."))
    except (signing.BadSignature, ValueError):
        return None
    return night_id, pair, drawn, versions


def waits_for_this_pair(game: Game, pair: int) -> bool:
    """Whether ``game`` still needs something from ``pair``: it is being played, its result
    is disputed, or the other pair's link entered it for ``pair`` to confirm."""
    if game.finished:
        return False
    if game.winner is None and not game.forfeit:
        return True
    other = game.pair_b if pair == game.pair_a else game.pair_a
    return bool(game.dispute) or game.result_entered_by == f"pair {other} (table link)"


def pair_game_now(night_id: int, pair: int, drawn: int, versions: int) -> PairGame | None:
    """The pair's game of the moment for a pair link, or None when the link is not good
    now (redrawn, revoked, or the night has no game for the pair)."""
    games = list(pair_games(night_id, pair))
    if not games or _drawn(games[0].night) != drawn or _versions(games) != versions:
        return None
    game = next((g for g in games if waits_for_this_pair(g, pair)), games[-1])
    if game.is_playoff or game.finished:
        return PairGame(game)
    # Only the earlier rounds' open games can make this one wait: a few rows, not the night.
    earlier_open = Game.objects.filter(
        Game.unfinished(), night_id=night_id, is_playoff=False, round__lt=game.round
    )
    playing = live.current_round(earlier_open.only(*_ROUND_FIELDS))
    if playing is None or game.round <= playing:
        return PairGame(game)
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
    return PairGame(game, notice)


_ROUND_FIELDS = ("round", "is_playoff", "forfeit", "winner", "confirmed")
