"""How a code's address without ``/c/`` finds its club (``clubs.codes``): a pair's code
names its night (``/p/``), a game link its game (``/t/``), a scorer device its row
(``/d/``); the night names the club. Run across clubs (the middleware's one place)."""

from scoring.clubs.codes import club_finder
from scoring.links.codes import typed_code
from scoring.links.scorers import signed_device
from scoring.links.tokens import LinkRefused, signed_link
from scoring.models import Game, PairCode, ScorerDevice


@club_finder("p")
def pair_code_club(text: str):
    code = typed_code(text)
    return PairCode.objects.filter(code=code).values("night__club") if code else None


@club_finder("t")
def game_link_club(token: str):
    try:
        game_pk = signed_link(token)[0]
    except LinkRefused:
        return None
    return Game.objects.filter(pk=game_pk).values("night__club")


@club_finder("d")
def device_club(token: str):
    try:
        device_pk = signed_device(token)
    except LinkRefused:
        return None
    return ScorerDevice.objects.filter(pk=device_pk).values("night__club")
