"""Writes of a table's own links: revoking them, and confirming or disputing a result.

A result entered on a night that confirms results awaits a second person
(``games.services.save_game_totals``): the other pair through its link, or, for a scorer's
entry, a second scorer, a director or either pair; never whoever entered it, nor the
browser that entered it (``link_refusal``). A dispute is settled by a scorer or a
director, never through a link. Each write is in the game's history with its author: the
account, or ``confirmed_by`` / ``dispute`` naming the link.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from simple_history.utils import bulk_update_with_history

from scoring.core.authors import audited, label_words
from scoring.core.errors import DISPUTED, AlreadyDone
from scoring.core.guards import lock_open_game, mark_night_changed
from scoring.games.services import author_label
from scoring.models import Game

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


def revoke_links(games) -> None:
    """Raise the link version of ``games`` (rows the caller holds under its lock), each in
    its history: the draw changed, so the links printed before open them for other
    people. Part of the caller's transaction."""
    games = list(games)
    for game in games:
        game.link_version += 1
    bulk_update_with_history(games, Game, ["link_version"])


def link_heard(game: Game) -> None:
    """Note that the table's phone was heard from now, for the round board: one field
    written whatever the post then does, outside the game's history (not a change)."""
    Game.objects.filter(pk=game.pk).update(link_heard_at=timezone.now())


def hand_disputed(game: Game, number: int) -> None:
    """A phone kept hand ``number`` and the site holds another one there: the round board
    shows the game as disputed until the pair settles it (``hand_settled``)."""
    Game.objects.filter(pk=game.pk).update(disputed_hand=number)


def hand_settled(game: Game) -> None:
    """The pair dropped its phone's hand: the saved one stands (corrected by the director
    if it was wrong)."""
    Game.objects.filter(pk=game.pk).update(disputed_hand=None)


def link_refusal(game: Game, link, *, disputing: bool = False) -> str:
    """Why ``link`` (a ``TableLink`` as used from its browser) may not confirm or dispute
    ``game``'s result now, in words; "" if it may. The one check of it: the link's page
    offers the buttons when it is "", the services refuse otherwise.

    A dispute is a scorer's or a director's to settle (the pair that disputed may say
    more): a scorer device (``links.scorers``) settles it by confirming, and disputes
    nothing. The pair or scorer device that entered the result does not confirm it, nor
    does the account that entered it (signed in on the browser the link is opened in),
    nor the browser that entered it through another link.
    """
    scorer = link.scorer
    if scorer and disputing:
        return gettext("A scorer does not dispute a result: a director corrects it.")
    if game.dispute and not disputing and not scorer:
        return str(DISPUTED)
    if scorer and link.label == game.result_entered_by:
        return gettext("This scorer device entered the result: someone else must confirm it.")
    if link.label == game.result_entered_by:
        if disputing:
            return gettext("The pair that entered the result cannot dispute it.")
        return gettext(
            "The result must be confirmed by someone other than who entered it: "
            "the other pair, through its own link."
        )
    if link.account and link.account == game.result_entered_by:
        return gettext("You entered this result: someone else must confirm it.")
    if link.device and link.device == game.result_entered_from:
        if scorer:
            return gettext("This phone entered the result: someone else must confirm it.")
        return gettext(
            "This phone entered the result through the other pair's link: the other pair "
            "confirms it on a phone of its own, or a scorer does."
        )
    return ""


def _awaiting(game: Game) -> None:
    if game.winner is None:
        raise ValidationError(gettext("%(game)s has no result to confirm yet.") % {"game": game})
    if game.confirmed:
        raise AlreadyDone(
            gettext("%(game)s: the result was confirmed already by %(by)s.")
            % {"game": game, "by": label_words(game.confirmed_by)}
        )


def _refuse(reason: str) -> None:
    if reason:
        raise ValidationError(reason)


@audited
@transaction.atomic
def game_result_confirm(*, game: Game, user=None, link=None) -> Game:
    """Confirm the result awaiting confirmation, by ``link`` (a ``TableLink``) or ``user``."""
    game = lock_open_game(game)
    _awaiting(game)
    by = link.label if link is not None else author_label(user)
    if link is not None:
        _refuse(link_refusal(game, link))
    elif by == game.result_entered_by:
        raise ValidationError(
            gettext("The result must be confirmed by someone other than who entered it.")
        )
    game.confirmed = True
    game.confirmed_by = by
    game.dispute = ""
    game.save(update_fields=["confirmed", "confirmed_by", "dispute"])
    mark_night_changed(game.night_id)
    return game


@audited
@transaction.atomic
def game_result_dispute(*, game: Game, reason: str, link, user=None) -> Game:
    """The other pair says, through its ``link``, that the entered result is wrong; a
    scorer or a director settles it."""
    game = lock_open_game(game)
    _awaiting(game)
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError(
            {"reason": gettext("Say in a few words what is wrong with the result.")}
        )
    _refuse(link_refusal(game, link, disputing=True))
    game.dispute = f"{link.label}: {reason}"[:DISPUTE_LENGTH]
    game.save(update_fields=["dispute"])
    return game
