"""Confirming, disputing and settling a game's result: the second person's part.

A result entered on a night that confirms results awaits someone other than its author
(``games.services.save_game_totals``): one entered through a pair's code or game link,
the other pair (or a scorer, a scorer device or the director); one typed by a scorer, a
scorer device or the director, either pair or another signed-in person or device. Never
its author (``core.records.authors.entered_by``: the pair, the device, the login, as
stored), nor the browser that entered it through another code (``link_refusal``). A
dispute is the pair's, and settled by a scorer or a director; a hand a phone kept beside
another saved at its number is settled by the pair whose phone kept it, or by the staff.

A post from a phone names its game and carries its entry (``games.entries``): claimed
first, so a resend is "done" and never lands anywhere else; a confirmation or a dispute
of a result changed since the phone was shown it is refused. Each write is in the game's
history with its author. ``link``: the phone's ``TableLink`` (``links.tokens``).
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.core.records.authors import Author, audited, entered_by, label_words, user_label
from scoring.core.records.errors import DISPUTED, AlreadyDone
from scoring.core.records.guards import lock_open_game, mark_night_changed
from scoring.games import entries
from scoring.games.entries import moved_on
from scoring.models import Game

DISPUTE_LENGTH = 200
Kind = entries.Kind


def hand_disputed(game: Game, number: int, link) -> None:
    """A phone kept hand ``number`` and the site holds another one there: the round board
    shows the game as disputed until the pair whose phone kept it settles it
    (``hand_settled``), or a scorer or the director does."""
    Game.objects.filter(pk=game.pk).update(disputed_hand=number, disputed_by_pair=link.pair)


@transaction.atomic
def hand_settled(*, game: Game, link) -> Game:
    """The pair dropped its phone's hand: the saved one stands (corrected by the director
    if it was wrong). Only the pair that kept it, or a scorer device, settles it."""
    game = lock_open_game(game)
    entries.claim(game, link.entry, Kind.SETTLED)
    if game.disputed_hand is None:
        raise AlreadyDone(gettext("Nothing is left to settle on this game."))
    if not link.scorer and link.pair != game.disputed_by_pair:
        raise ValidationError(
            gettext(
                "Pair %(pair)s's phone kept the disputed hand: that pair, a scorer or the "
                "director settles it."
            )
            % {"pair": game.disputed_by_pair}
        )
    Game.objects.filter(pk=game.pk).update(disputed_hand=None, disputed_by_pair=None)
    return game


def link_refusal(game: Game, link, *, disputing: bool = False) -> str:
    """Why ``link`` (a ``TableLink`` or a scorer device's, as used from its browser) may
    not confirm or dispute ``game``'s result now, in words; "" if it may. The one check of
    it: the link's page offers the buttons when it is "", the services refuse otherwise.

    A dispute is a scorer's or a director's to settle (the pair that disputed may say
    more): a scorer device settles it by confirming, and disputes nothing.
    """
    scorer = link.scorer
    if scorer and disputing:
        return gettext("A scorer does not dispute a result: a director corrects it.")
    if game.dispute and not disputing and not scorer:
        return str(DISPUTED)
    if entered_by(game, link.author):
        if scorer:
            return gettext("This scorer device entered the result: someone else must confirm it.")
        if disputing:
            return gettext("The pair that entered the result cannot dispute it.")
        return gettext(
            "The result must be confirmed by someone other than who entered it: "
            "the other pair, through its own code."
        )
    if link.account is not None and entered_by(game, Author.of_user(link.account)):
        return gettext("You entered this result: someone else must confirm it.")
    if link.device and link.device == game.result_entered_from:
        if scorer:
            return gettext("This phone entered the result: someone else must confirm it.")
        return gettext(
            "This phone entered the result through another code: the other pair "
            "confirms it on a phone of its own, or a scorer does."
        )
    return ""


def _awaiting(game: Game, entry) -> None:
    """Refuse unless ``game``'s result awaits confirmation as the phone was shown it."""
    if game.confirmed and game.winner is not None:
        if entry is None or entry.seen == game.version:
            raise AlreadyDone(
                gettext("%(game)s: the result was confirmed already by %(by)s.")
                % {"game": game, "by": label_words(game.confirmed_by)}
            )
        raise ValidationError(moved_on(game))
    if game.winner is None:
        raise ValidationError(gettext("%(game)s has no result to confirm yet.") % {"game": game})
    if entry is not None and entry.seen != game.version:
        raise ValidationError(moved_on(game))


def _refuse(reason: str) -> None:
    if reason:
        raise ValidationError(reason)


@audited
@transaction.atomic
def game_result_confirm(*, game: Game, user=None, link=None) -> Game:
    """Confirm the result awaiting confirmation, by ``link`` (a phone) or ``user``."""
    game = lock_open_game(game)
    entry = link.entry if link is not None else None
    entries.claim(game, entry, Kind.CONFIRM)
    _awaiting(game, entry)
    if link is not None:
        _refuse(link_refusal(game, link))
        by = link.label
    elif entered_by(game, Author.of_user(user)):
        raise ValidationError(
            gettext("The result must be confirmed by someone other than who entered it.")
        )
    else:
        by = user_label(user)
    game.confirmed = True
    game.confirmed_by = by
    game.confirmed_at = timezone.now()
    game.dispute = ""
    game.save(update_fields=["confirmed", "confirmed_by", "confirmed_at", "dispute"])
    mark_night_changed(game.night_id)
    return game


@audited
@transaction.atomic
def game_result_dispute(*, game: Game, reason: str, link, user=None) -> Game:
    """A pair says, through its code or link, that the entered result is wrong; a scorer
    or a director settles it."""
    game = lock_open_game(game)
    entries.claim(game, link.entry, Kind.DISPUTE)
    if game.confirmed and game.winner is not None:
        raise ValidationError(moved_on(game))
    _awaiting(game, link.entry)
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError(
            {"reason": gettext("Say in a few words what is wrong with the result.")}
        )
    _refuse(link_refusal(game, link, disputing=True))
    game.dispute = f"{link.label}: {reason}"[:DISPUTE_LENGTH]
    game.save(update_fields=["dispute"])
    return game
