"""Writes of a table's links and the pairs' codes: the director's revoke of a table's
links, the links raised with a redraw, and the note that a phone was heard.

Confirming, disputing and settling a result are the game's (``games.confirmation``).
"""

from django.db import transaction
from django.utils import timezone
from simple_history.utils import bulk_update_with_history

from scoring.core.records.authors import audited
from scoring.core.records.guards import lock_open_game, mark_night_changed
from scoring.links import codes
from scoring.models import Game


@audited
@transaction.atomic
def game_links_revoke(*, game: Game, user=None) -> Game:
    """Make the table's links stop working, and the codes of its two pairs: the new ones
    are printed or shown again."""
    game = lock_open_game(game)
    game.link_version += 1
    game.save(update_fields=["link_version"])
    codes.pair_codes_renew(night=game.night, pairs=game.pairs)
    mark_night_changed(game.night_id)  # kept sheets print the new links' QR codes
    return game


def revoke_links(games) -> None:
    """Raise the link version of ``games`` (rows the caller holds under its lock), each in
    its history: the draw changed, so the links printed before open them for other
    people. Part of the caller's transaction; the pairs' codes are the caller's to renew
    (``codes.pair_codes_renew``)."""
    games = list(games)
    for game in games:
        game.link_version += 1
    bulk_update_with_history(games, Game, ["link_version"])


def link_heard(game: Game) -> None:
    """Note that the table's phone was heard from now, for the round board: one field
    written whatever the post then does, outside the game's history (not a change)."""
    Game.objects.filter(pk=game.pk).update(link_heard_at=timezone.now())
