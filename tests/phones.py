"""A phone at the table, as the tests drive one: ``Phone`` is Django's test client whose
posts to a phone page (a pair's code, a game link, a scorer device) carry what the page's
forms carry (``links.forms.posted_entry``): a new entry key for each post, and the version
of the game the URL names as the page would show it now. A test that sends the same
entry twice, or an old version, says so (``entry=``, ``seen=``).
"""

import secrets

from django.test import Client
from django.urls import resolve

from scoring.links import codes
from scoring.links.tokens import signed_link
from scoring.models import Game

PHONE_PAGES = {"table-link", "pair-game", "device-game"}


def new_key() -> str:
    return secrets.token_urlsafe(16)


def game_named(path: str) -> int | None:
    """The game a phone page's address names, or None (not a phone page, or no game)."""
    try:
        match = resolve(path.split("?")[0])
    except Exception:  # a 404 address: the post goes as it is
        return None
    name = match.url_name.removesuffix("-result").removesuffix("-confirm")
    name = name.removesuffix("-dispute").removesuffix("-settled")
    if name not in PHONE_PAGES:
        return None
    if "pk" in match.kwargs:
        return int(match.kwargs["pk"])
    try:
        return signed_link(match.kwargs["token"])[0]
    except Exception:  # a forged token: the post goes as it is, to be refused
        return None


def entry_fields(game_id: int | None, *, entry: str | None = None, seen=None) -> dict:
    """What a phone page's form adds to a post for ``game_id``."""
    if seen is None:
        game = Game.objects.filter(pk=game_id).first()
        seen = game.version if game else 1
    return {"entry": entry or new_key(), "seen": str(seen)}


class Phone(Client):
    """A phone: the test client, posting as the phone pages' forms do."""

    def post(self, path, data=None, *args, entry: str | None = None, seen=None, **kwargs):
        game_id = game_named(path)
        if game_id is not None and not isinstance(data, str):
            data = {**entry_fields(game_id, entry=entry, seen=seen), **(data or {})}
        return super().post(path, data, *args, **kwargs)


def code_path(night, pair: int) -> str:
    """The address on ``pair``'s card now (``/p/K7MX4-RQP9T/``)."""
    return codes.code_path(codes.night_codes(night)[pair])


def game_path(night, pair: int, game, part: str = "") -> str:
    """Where the pair's page posts for ``game``: ``/p/<code>/games/<pk>/<part>/``."""
    path = code_path(night, pair) + f"games/{game.pk}/"
    return path + (f"{part}/" if part else "")


def code_url(night, pair: int) -> str:
    """The address on ``pair``'s card now, from ``SITE_URL``."""
    return codes.code_url(codes.night_codes(night)[pair])
