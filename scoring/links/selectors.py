"""Where a game's result stands for the room and the phones: playing, awaiting
confirmation, disputed or confirmed, who may confirm it, and the mark a phone compares to
know its page is out of date.
"""

import zlib

from django.utils.translation import gettext as _

from scoring.models import Game


def confirmation_state(game: Game) -> str:
    """The round board's word for a game's result: playing, awaiting, disputed, confirmed."""
    if game.winner is None and not game.forfeit:
        return "playing"
    if game.confirmed:
        return "confirmed"
    if game.dispute:
        return "disputed"
    return "awaiting"


def awaited_from(game: Game) -> str:
    """Who may confirm an awaiting result, in words (``pair 3`` if a pair entered it)."""
    if game.entered_pair in game.pairs:
        other = game.pair_b if game.entered_pair == game.pair_a else game.pair_a
        return _("pair %(pair)s") % {"pair": other}
    return _("a second scorer, a director or either pair")


def game_news(game: Game) -> dict[str, str]:
    """What a table's phone compares with its page to know the page is out of date
    (``links.views.LinkNews``): the confirmation state, and a mark that moves with every
    change the table sees. ``version`` moves with each hand and result saved, corrected
    or cleared, a re-opening and a forfeit; a confirmation, a dispute or the director's
    word leave it alone, so the state, who confirmed and the dispute count too. (A
    revoked link or a final night refuses the link itself.)"""
    state = confirmation_state(game)
    seen = f"{game.version}|{state}|{game.confirmed_by}|{game.dispute}"
    return {"state": state, "mark": f"{game.version}-{zlib.crc32(seen.encode()):08x}"}


def pair_news(game: Game | None, notice: str) -> dict[str, str]:
    """What a pair's page compares to know it is out of date: which game it shows, that
    game's news, and the word above it (a round begun takes it away)."""
    if game is None:
        return {"state": "none", "mark": f"none-{zlib.crc32(notice.encode()):08x}"}
    news = game_news(game)
    seen = f"{game.pk}|{news['mark']}|{notice}"
    return {"state": news["state"], "mark": f"{game.pk}-{zlib.crc32(seen.encode()):08x}"}
