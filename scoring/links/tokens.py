"""A table's own entry links: one signed link per game and pair, no account needed.

The link is ``/t/<token>/`` where the token signs ``game.pair.link_version`` with the
site's secret (``django.core.signing``): no guessable id, and a director revokes a
table's links by raising the game's ``link_version`` (``links.services``). A link is good
for its game alone and until the night is final.
"""

from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.core.records.authors import Author
from scoring.core.records.guards import is_final, is_void, void_reason
from scoring.core.ui.qr import qr_print_image
from scoring.games.entries import PostedEntry
from scoring.models import Game

SALT = "scoring.table-link"


class LinkRefused(Exception):
    """A tampered, revoked or expired link, or one whose game is gone."""

    night = None  # the link's night when it is over for the link (``NightOver``)


class LinkForged(LinkRefused):
    """A token this site never signed: a guess, or a link typed or changed by hand. The
    others (revoked, final, gone) were genuine links once: a phone left on an old page."""


class NightOver(LinkRefused):
    """A genuine link whose night is over for its game: final, or ended early before the
    game was finished (void). No other link opens it, so the refusal names no one to ask:
    it says the night has ended and where its standings are (``refusals.refused_page``)."""

    def __init__(self, reason: str, night):
        super().__init__(reason)
        self.night = night


def refuse_void_link(game: Game) -> None:
    """``NightOver`` if ``game`` is void: its night was ended early before it was finished,
    said in the words of every other way into the game (``core.records.guards``)."""
    if is_void(game):
        raise NightOver(void_reason(game), game.night)


@dataclass(frozen=True)
class TableLink:
    """A pair's way into a game (its code's or the game's link), as used from one
    browser: ``account`` is the login signed in on that browser (``None`` if none),
    ``device`` its device id (``links.devices``, "" before its first write through a
    link), ``entry`` what the post says of itself (``games.entries``). The services take
    ``author`` as who enters, and refuse a confirmation from the pair, the login or the
    browser that entered the result (``games.confirmation.link_refusal``)."""

    game: Game
    pair: int
    account: object = None
    device: str = ""
    notice: str = ""  # a pair's code's word above a game still to come (``links.pairs``)
    entry: PostedEntry | None = None
    scorer = False  # a pair's part; a scorer device's link has a scorer's (``links.scorers``)
    scorer_device = None

    @property
    def other_pair(self) -> int:
        return self.game.pair_b if self.pair == self.game.pair_a else self.game.pair_a

    @property
    def label(self) -> str:
        """How the link is named in the audit trail and the night file."""
        return f"pair {self.pair} (table link)"

    @property
    def author(self) -> Author:
        return Author(label=self.label, pair=self.pair, browser=self.device)


def link_token(game: Game, pair: int) -> str:
    return signing.Signer(salt=SALT).sign(f"{game.pk}.{pair}.{game.link_version}")


def link_path(game: Game, pair: int) -> str:
    return reverse("scoring:table-link", args=[link_token(game, pair)])


def link_url(game: Game, pair: int) -> str:
    """The link as a phone opens it, from ``settings.SITE_URL`` (printed sheets, the command)."""
    return settings.SITE_URL.rstrip("/") + link_path(game, pair)


def link_qr(game: Game, pair: int) -> str:
    """The pair's link as a QR code for a printed table card, which holds one a pair."""
    return qr_print_image(link_url(game, pair))


def game_links(game: Game) -> list[tuple[int, str]]:
    """``(pair, path)`` for both pairs of ``game``."""
    return [(pair, link_path(game, pair)) for pair in game.pairs]


def signed_link(token: str) -> tuple[int, int, int]:
    """What ``token`` names: a game's link's game, pair and link version; ``LinkForged``
    unless this site signed it (no query: a signature is checked with the secret alone)."""
    try:
        value = signing.Signer(salt=SALT).unsign(token)
        game_id, pair, version = (int(part) for part in value.split("."))
    except (signing.BadSignature, ValueError):
        raise LinkForged(_("This link is not valid.")) from None
    return game_id, pair, version


def open_link(token: str, games: QuerySet | None = None) -> TableLink:
    """The game and pair ``token`` opens; ``LinkRefused`` unless it is good now.

    The game is read from ``games`` (its night joined; by default nothing more), so a page
    that shows the hands reads the game once."""
    game_id, pair, version = signed_link(token)
    games = Game.objects.select_related("night") if games is None else games
    try:
        game = games.get(pk=game_id)  # not first(), which orders by the games' 5 columns
    except Game.DoesNotExist:
        game = None
    if game is None or pair not in game.pairs:
        raise LinkRefused(_("This link's game no longer exists."))
    if version != game.link_version:
        raise LinkRefused(_("This link was revoked by the director: ask for the new one."))
    if is_final(game.night):
        raise NightOver(_("The night is final: its table links no longer work."), game.night)
    refuse_void_link(game)
    return TableLink(game, pair)
