"""Writes of a table's own links: revoking them, and confirming or disputing a result.

A result entered on a night that confirms results awaits a second person
(``games.save_game_totals``): the other pair through its link, or, for a scorer's
entry, a second scorer, a director or either pair; never whoever entered it. Each
write is in the game's history with its author: the account, or ``confirmed_by`` /
``dispute`` naming the link.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.models import Game
from scoring.services.authors import audited
from scoring.services.errors import AlreadyDone
from scoring.services.games import author_label
from scoring.services.guards import lock_open_game, mark_night_changed

DISPUTE_LENGTH = 200


@audited
@transaction.atomic
def game_links_revoke(*, game: Game, user=None) -> Game:
    """Make the table's links stop working; the new ones are printed or shown again."""
    game = lock_open_game(game)
    game.link_version += 1
    game.save(update_fields=["link_version"])
    mark_night_changed(game.night_id)  # kept sheets print the new links' QR codes
    return game


def _awaiting(game: Game) -> None:
    if game.winner is None:
        raise ValidationError(gettext("%(game)s has no result to confirm yet.") % {"game": game})
    if game.confirmed:
        raise AlreadyDone(
            gettext("%(game)s: the result was confirmed already by %(by)s.")
            % {"game": game, "by": game.confirmed_by}
        )


@audited
@transaction.atomic
def game_result_confirm(*, game: Game, user=None, link=None) -> Game:
    """Confirm the result awaiting confirmation, by ``link`` (a ``TableLink``) or ``user``."""
    game = lock_open_game(game)
    _awaiting(game)
    by = link.label if link is not None else author_label(user)
    if by == game.result_entered_by:
        raise ValidationError(
            gettext(
                "The result must be confirmed by someone other than who entered it: "
                "the other pair, through its own link."
            )
            if link
            else gettext("The result must be confirmed by someone other than who entered it.")
        )
    game.confirmed = True
    game.confirmed_by = by
    game.dispute = ""
    game.save(update_fields=["confirmed", "confirmed_by", "dispute"])
    mark_night_changed(game.night_id)
    return game


@audited
@transaction.atomic
def game_result_dispute(*, game: Game, reason: str, link=None, user=None) -> Game:
    """The other pair says the entered result is wrong; a director settles it."""
    game = lock_open_game(game)
    _awaiting(game)
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError(
            {"reason": gettext("Say in a few words what is wrong with the result.")}
        )
    by = link.label if link is not None else author_label(user)
    if by == game.result_entered_by:
        raise ValidationError(gettext("The pair that entered the result cannot dispute it."))
    game.dispute = f"{by}: {reason}"[:DISPUTE_LENGTH]
    game.save(update_fields=["dispute"])
    return game
