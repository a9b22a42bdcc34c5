"""Hands and games: entering, correcting and deleting hands, the pegboard result, and
re-opening a finished game.

A hand or result is saved only if the game it belongs to still folds under the rules
core, and the game's totals are stored from the rules core's answer in the same
transaction (``save_game_totals``).
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.core.authors import audited
from scoring.core.documents import hand_data, hand_fields
from scoring.core.errors import (
    ALREADY_SAVED,
    CHANGED_MEANWHILE,
    DELETED_MEANWHILE,
    DISPUTED,
    AlreadyDone,
    AwaitingConfirmation,
    DifferentHandSaved,
    StaleVersion,
    rules_error,
)
from scoring.core.guards import game_open_to, lock_open_game, mark_night_changed
from scoring.models import Game, Hand
from scoring.rules import InvalidInput, check_result, play_game
from scoring.rules.variants import get_variant

SIDE_WORD = "pair"

# The rules core names a result's fields, or one pair's score or Cinches (``score[1]``).
RESULT_FIELDS = ("winner", "score", "cinches", "money")
RESULT_FIELDS += tuple(f"{key}[{side}]" for key in ("score", "cinches") for side in (0, 1))


def author_label(user) -> str:
    """How a result's author is named on the board and in the night file."""
    return user.get_username() if user is not None else ""


def save_game_totals(game: Game, state, *, by: str = "", device: str = "") -> None:
    """Store the rules core's view of ``game`` (``None``: no play) beside its hands.

    A result saved (or changed after its confirmation) on a night that confirms results
    awaits confirmation by someone other than ``by``, and from another device than
    ``device`` (a table link's browser: ``links.services``).
    """
    game.score_a, game.score_b = state.scores if state else (0, 0)
    game.cinches_a, game.cinches_b = state.cinches if state else (0, 0)
    game.winner = state.winner if state else None
    game.money_bid = bool(state and state.money_bid)
    game.version += 1
    if game.winner is not None:
        game.reopened = False
    awaits = game.winner is not None and game.night.confirm_results
    game.confirmed = not awaits
    game.result_entered_by = by if awaits else ""
    game.result_entered_from = device if awaits else ""
    if awaits or game.winner is None:
        game.confirmed_by = ""
        game.dispute = ""
    game.save()
    mark_night_changed(game.night_id)


def _refuse_if_awaiting_for(game: Game, link) -> None:
    """Through a table link, a result awaiting confirmation takes a confirmation or a
    dispute and nothing else: a result posted again (the form is not on the page, but a
    post can be made) would put a disputed result back to awaiting. A scorer or the
    director corrects it on the game page."""
    if link is None or game.winner is None or game.confirmed:
        return
    if game.dispute:
        raise AwaitingConfirmation(DISPUTED)
    raise AwaitingConfirmation(
        gettext(
            "The result awaits confirmation: through a table link it can only be confirmed "
            "or disputed now. A scorer or the director corrects it."
        )
    )


def _refuse_if_closed_to(game: Game, user) -> None:
    if game.forfeit:
        raise ValidationError(
            gettext("%(game)s is a forfeit (a pair withdrew): it takes no hands.") % {"game": game}
        )
    if not game_open_to(game, user):
        raise ValidationError(
            gettext("%(game)s is finished: ask a director to re-open it before changing it.")
            % {"game": game}
        )


def _state_with(game: Game, hands: list[dict], *, fields, position: int | None = None):
    """The game's state with ``hands``; problems of hand ``position`` go beside its fields."""
    try:
        return play_game(get_variant(game.night.variant), game.pairs, hands, word=SIDE_WORD)
    except InvalidInput as invalid:
        prefix = f"hands[{position}]" if position is not None else ""
        raise rules_error(invalid, fields=fields, prefix=prefix) from None


def hands_in_order(game: Game) -> list[Hand]:
    """The game's hands in play order, read under its lock. Ordered by position alone: the
    model's ordering (game, then position) joins the game and the night to order by theirs,
    a heavier read while the lock is held."""
    return list(game.hands.order_by("position"))


def _hand_form_fields(game: Game) -> tuple[str, ...]:
    variant = get_variant(game.night.variant)
    return ("passed", "bidder", "bid", "revoke", "points", "cards", *variant.card_keys)


@audited
@transaction.atomic
def hand_record(*, game: Game, data: dict, user=None, number: int | None = None, link=None) -> Hand:
    """Append a hand to ``game`` if the rules core accepts it; store the new totals.

    ``number`` is the hand's number in the game when its form was opened: if the game
    already holds that many hands the same hand was posted twice (``AlreadyDone``), or
    another one was saved at that number meanwhile (``DifferentHandSaved``). ``link`` is
    the table link it came through when no account entered it (a ``TableLink``). The hand
    comes back with its ``number`` in the game as saved, whoever saved others meanwhile.
    """
    game = lock_open_game(game)
    hands = hands_in_order(game)
    card_keys = get_variant(game.night.variant).card_keys
    _refuse_repeated_hand(number, hands, data)
    _refuse_if_awaiting_for(game, link)
    _refuse_if_closed_to(game, user)
    if game.from_pegboard:
        raise ValidationError(
            gettext("%(game)s was typed from the pegboard: it takes no hands.") % {"game": game}
        )
    entered = [hand_data(hand) for hand in hands]
    fields = _hand_form_fields(game)
    state = _state_with(game, [*entered, data], fields=fields, position=len(entered))
    position = max((h.position for h in hands), default=0) + 1  # the locked game's hands
    hand = Hand.objects.create(
        game=game, position=position, entered_by=user, **hand_fields(data, card_keys)
    )
    save_game_totals(game, state, **_author(user, link))
    hand.number = len(hands) + 1  # its number in the game, for the "Hand N saved" note
    return hand


def _author(user, link) -> dict:
    """``save_game_totals``' ``by`` and ``device``: the link and its browser, or the account."""
    if link is not None:
        return {"by": link.label, "device": link.device}
    return {"by": author_label(user)}


def _given(hand: dict) -> dict:
    """A hand as the rules core reads it, without what was not given."""
    return {key: value for key, value in hand.items() if value is not None}


def _refuse_repeated_hand(number: int | None, hands: list[Hand], posted: dict) -> None:
    """``number`` is the hand the form was opened for, ``hands`` those there now and
    ``posted`` the new one: the same hand posted twice is done already; another one saved
    at that number meanwhile (two phones at once) is shown, and this one not saved."""
    count = len(hands)
    if number is None or number == count + 1:
        return
    if number <= count:
        kept = hands[number - 1]
        if _given(hand_data(kept)) != _given(posted):
            raise DifferentHandSaved(number, kept)
        raise AlreadyDone(ALREADY_SAVED % {"number": number})
    raise ValidationError(
        gettext(
            "A hand was deleted meanwhile: this would be hand %(would)s, not %(number)s. "
            "Nothing was saved; check the board and enter it again."
        )
        % {"would": count + 1, "number": number}
    )


def _hand_as_stored(hand: Hand, hands: list[Hand]) -> Hand:
    """``hand`` as the locked game holds it now; ``StaleVersion`` if it was deleted."""
    stored = next((h for h in hands if h.pk == hand.pk), None)
    if stored is None:
        raise StaleVersion(DELETED_MEANWHILE)
    return stored


@audited
@transaction.atomic
def hand_correct(*, hand: Hand, data: dict, version: int, user=None) -> Hand:
    """Replace a hand's entry, if nobody changed it meanwhile and the game still folds."""
    game = lock_open_game(hand.game)
    _refuse_if_closed_to(game, user)
    hands = hands_in_order(game)
    current = _hand_as_stored(hand, hands)
    if current.version != version:
        raise StaleVersion(CHANGED_MEANWHILE % {"number": hands.index(current) + 1})
    index = hands.index(current)
    entered = [hand_data(h) for h in hands]
    entered[index] = data
    state = _state_with(game, entered, fields=_hand_form_fields(game), position=index)
    for name, value in hand_fields(data, get_variant(game.night.variant).card_keys).items():
        setattr(current, name, value)
    current.version += 1
    current.entered_by = user
    current.save()
    save_game_totals(game, state, by=author_label(user))
    return current


@audited
@transaction.atomic
def hand_delete(*, hand: Hand, user=None) -> None:
    """Remove a hand, if the game's remaining hands still fold."""
    game = lock_open_game(hand.game)
    _refuse_if_closed_to(game, user)
    hands = hands_in_order(game)
    # The row as stored now, not the caller's copy, so its history shows what was deleted.
    stored = _hand_as_stored(hand, hands)
    remaining = [h for h in hands if h is not stored]
    state = _state_with(game, [hand_data(h) for h in remaining], fields=())
    stored.delete()
    save_game_totals(game, state if remaining else None, by=author_label(user))


@audited
@transaction.atomic
def game_result_record(
    *, game: Game, result: dict, user=None, version: int | None = None, link=None
) -> Game:
    """The final result typed from the pegboard, for a game entered without hands.

    ``version`` is the game's when the form was opened: a pegboard result stored since
    means the same result was posted twice (``AlreadyDone``). ``link``: the table link
    it came through, when no account typed it.
    """
    game = lock_open_game(game)
    if version is not None and version != game.version and game.from_pegboard:
        raise AlreadyDone(
            gettext("The result was already saved: won by pair %(pair)s.") % {"pair": game.winner}
        )
    _refuse_if_awaiting_for(game, link)
    _refuse_if_closed_to(game, user)
    if game.hands.exists():
        raise ValidationError(
            gettext("%(game)s already has hands entered: correct those instead of typing a result.")
            % {"game": game}
        )
    try:
        state = check_result(get_variant(game.night.variant), game.pairs, result, word=SIDE_WORD)
    except InvalidInput as invalid:
        raise rules_error(invalid, fields=RESULT_FIELDS) from None
    game.from_pegboard = True
    save_game_totals(game, state, **_author(user, link))
    return game


@audited
@transaction.atomic
def game_reopen(*, game: Game, user=None) -> Game:
    """Let scorers correct a finished game again (directors only; recorded in history)."""
    game = lock_open_game(game)
    if not game.finished:
        raise ValidationError(
            gettext("%(game)s is not finished: it is open already.") % {"game": game}
        )
    game.reopened = True
    game.version += 1
    game.save()
    return game


@audited
@transaction.atomic
def game_result_clear(*, game: Game, user=None) -> Game:
    """Remove a pegboard result so the game can be typed again."""
    game = lock_open_game(game)
    _refuse_if_closed_to(game, user)
    if not game.from_pegboard:
        # Clearing would zero the totals of a game whose hands still stand.
        raise ValidationError(
            gettext("%(game)s has no pegboard result: correct its hands instead.") % {"game": game}
        )
    game.from_pegboard = False
    save_game_totals(game, None)
    return game


def hands_problems(game: Game, hands: list[Hand]) -> ValidationError | None:
    """Why ``hands`` (rows, in order, saved or not) would not fold for ``game``, if they
    would not: the check the admin makes before it saves a hand."""
    try:
        _state_with(game, [hand_data(hand) for hand in hands], fields=())
    except ValidationError as error:
        return error
    return None


@audited
@transaction.atomic
def game_totals_refold(*, game: Game, user=None) -> Game:
    """Store ``game``'s totals from its hands as they are now: after a repair in the admin,
    which edits hands around the other services."""
    game = lock_open_game(game)
    if game.from_pegboard:
        return game
    hands = [hand_data(hand) for hand in hands_in_order(game)]
    state = _state_with(game, hands, fields=()) if hands else None
    save_game_totals(game, state, by=author_label(user))
    return game
