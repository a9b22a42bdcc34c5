"""Hands and games: a game's hands on the one hand path (``GameHands`` for
``hands.writes``), the pegboard result, and re-opening a finished game.

A hand or result is saved only if the game it belongs to still folds under the rules
core, and the game's totals are stored from the rules core's answer in the same
transaction (``save_game_totals``).
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.core.records.authors import Author, audited
from scoring.core.records.documents import hand_data, hand_fields
from scoring.core.records.errors import (
    DISPUTED,
    AlreadyDone,
    AwaitingConfirmation,
    Refused,
    rules_error,
)
from scoring.core.records.guards import lock_open_game, mark_night_changed, open_to, round_before
from scoring.games import entries
from scoring.games.entries import moved_on
from scoring.hands import writes
from scoring.hands.writes import hand_error_fields
from scoring.models import Game, Hand
from scoring.rules import InvalidInput, check_result, play_game

SIDE_WORD = "pair"
NOBODY = Author()

# The rules core names a result's fields, or one pair's score or Cinches (``score[1]``).
RESULT_FIELDS = ("winner", "score", "cinches", "money")
RESULT_FIELDS += tuple(f"{key}[{side}]" for key in ("score", "cinches") for side in (0, 1))


def save_game_totals(game: Game, state, *, author: Author = NOBODY) -> None:
    """Store the rules core's view of ``game`` (``None``: no play) beside its hands.

    A result saved (or changed after its confirmation) on a night that confirms results
    awaits confirmation by someone other than its ``author`` (``links.services``).
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
    if not awaits:
        author = NOBODY
    game.result_entered_by = author.label
    game.entered_pair = author.pair
    game.entered_device_id = author.device_id
    game.entered_user_id = author.user_id
    game.result_entered_from = author.browser
    game.result_entered_at = timezone.now() if awaits else None
    game.confirmed_at = timezone.now() if game.winner is not None and not awaits else None
    if awaits or game.winner is None:
        game.confirmed_by = ""
        game.dispute = ""
    game.save()
    mark_night_changed(game.night_id)


def _refuse_if_awaiting_for(game: Game, link) -> None:
    """Through a table link, a result awaiting confirmation takes a confirmation or a
    dispute and nothing else (through a scorer device, a confirmation): a result posted
    again (the form is not on the page, but a post can be made) would put a disputed
    result back to awaiting. A scorer or the director corrects it on the game page."""
    if link is None or game.winner is None or game.confirmed:
        return
    if game.dispute:
        raise AwaitingConfirmation(DISPUTED)
    if link.scorer:
        raise AwaitingConfirmation(
            gettext(
                "The result awaits confirmation: a scorer device can only confirm it now. "
                "A scorer or the director corrects it on the laptop."
            )
        )
    raise AwaitingConfirmation(
        gettext(
            "The result awaits confirmation: through a table link it can only be confirmed "
            "or disputed now. A scorer or the director corrects it."
        )
    )


def _refuse_phone(game: Game, link) -> None:
    """What a phone (``link``: a pair's code, a game link or a scorer device) may not enter
    that a scorer on the laptop may: a finished game (the laptop corrects it), and a game
    whose round has not begun."""
    if link is None:
        return
    if game.finished and not game.reopened:
        raise Refused(moved_on(game))
    playing = round_before(game)
    if playing is not None:
        raise Refused(
            gettext(
                "%(game)s has not begun: round %(round)s is still being played. "
                "Its entries open when it is over."
            )
            % {"game": game.label, "round": playing}
        )


def _refuse_if_closed_to(game: Game, user) -> None:
    if game.forfeit:
        raise ValidationError(
            gettext("%(game)s is a forfeit (a pair withdrew): it takes no hands.") % {"game": game}
        )
    if not open_to(game, user):
        raise ValidationError(
            gettext("%(game)s is finished: ask a director to re-open it before changing it.")
            % {"game": game}
        )


def _state_with(game: Game, variant, hands: list[dict], *, position: int | None = None):
    """The game's state with ``hands``; problems of hand ``position`` go beside its fields."""
    try:
        return play_game(variant, game.pairs, hands, word=SIDE_WORD)
    except InvalidInput as invalid:
        prefix = f"hands[{position}]" if position is not None else ""
        raise rules_error(invalid, fields=hand_error_fields(variant), prefix=prefix) from None


def hands_in_order(game: Game) -> list[Hand]:
    """The game's hands in play order, read under its lock. Ordered by position alone: the
    model's ordering (game, then position) joins the game and the night to order by theirs,
    a heavier read while the lock is held."""
    return list(game.hands.order_by("position"))


class GameHands(writes.Hands):
    """A night game's hands for the one hand path (``hands.writes``)."""

    model = Hand
    owner_field = "game"

    @classmethod
    def lock(cls, game: Game) -> "GameHands":
        game = lock_open_game(game)
        return cls(game, hands_in_order(game), game.night.rules_variant)

    def data(self, hand: Hand) -> dict:
        return hand_data(hand)

    def fields(self, data: dict) -> dict:
        return hand_fields(data, self.variant.card_keys)

    def fold(self, entered: list[dict], position: int | None):
        """``None`` for a game left without hands: no play."""
        return (
            _state_with(self.owner, self.variant, entered, position=position) if entered else None
        )

    def refuse_closed(self, user) -> None:
        _refuse_if_closed_to(self.owner, user)

    def claim(self, link) -> None:
        entries.claim(self.owner, link.entry if link else None, entries.Kind.HAND)

    def refuse_new(self, user, link) -> None:
        game = self.owner
        _refuse_phone(game, link)
        _refuse_if_awaiting_for(game, link)
        _refuse_if_closed_to(game, user)
        if game.from_pegboard:
            raise ValidationError(
                gettext("%(game)s was typed from the pegboard: it takes no hands.") % {"game": game}
            )

    def store(self, state, user, link=None) -> None:
        save_game_totals(self.owner, state, author=_author(user, link))


def hand_record(*, game: Game, data: dict, user=None, number: int | None = None, link=None) -> Hand:
    """Append a hand to ``game`` (``hands.writes.record``). ``link``: the table link it
    came through when no account entered it (a ``TableLink``)."""
    return writes.record(GameHands, game, data=data, user=user, number=number, link=link)


def hand_correct(*, hand: Hand, data: dict, version: int, user=None) -> Hand:
    return writes.correct(GameHands, hand, data=data, version=version, user=user)


def hand_delete(*, hand: Hand, user=None) -> None:
    writes.delete(GameHands, hand, user=user)


def _author(user, link) -> Author:
    """Who entered a result: the phone's code or device (``link.author``), or the login."""
    return link.author if link is not None else Author.of_user(user)


@audited
@transaction.atomic
def game_result_record(
    *, game: Game, result: dict, user=None, version: int | None = None, link=None
) -> Game:
    """The final result typed from the pegboard, for a game entered without hands.

    ``version`` is the game's when the form was opened: a pegboard result stored since
    is this post again if it holds the same result (``AlreadyDone``), else one the form
    never showed (refused). ``link``: the phone it came through, when no account typed it.
    """
    game = lock_open_game(game)
    entries.claim(game, link.entry if link else None, entries.Kind.RESULT)
    if version is not None and version != game.version and game.from_pegboard:
        if _holds(game, _checked_result(game, result)):
            raise AlreadyDone(
                gettext("The result was already saved: won by pair %(pair)s.")
                % {"pair": game.winner}
            )
        raise Refused(moved_on(game))
    _refuse_phone(game, link)
    _refuse_if_awaiting_for(game, link)
    _refuse_if_closed_to(game, user)
    if game.hands.exists():
        raise ValidationError(
            gettext("%(game)s already has hands entered: correct those instead of typing a result.")
            % {"game": game}
        )
    state = _checked_result(game, result)
    game.from_pegboard = True
    save_game_totals(game, state, author=_author(user, link))
    return game


def _checked_result(game: Game, result: dict):
    """The rules core's state for a pegboard ``result``; its problems beside the fields."""
    try:
        return check_result(game.night.rules_variant, game.pairs, result, word=SIDE_WORD)
    except InvalidInput as invalid:
        raise rules_error(invalid, fields=RESULT_FIELDS) from None


def _holds(game: Game, state) -> bool:
    """Whether ``game`` holds exactly the pegboard result ``state``: the same post again."""
    stored = ((game.score_a, game.score_b), (game.cinches_a, game.cinches_b), game.winner)
    return stored == (tuple(state.scores), tuple(state.cinches), state.winner) and (
        game.money_bid == bool(state.money_bid)
    )


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
        _state_with(game, game.night.rules_variant, [hand_data(hand) for hand in hands])
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
    state = _state_with(game, game.night.rules_variant, hands) if hands else None
    save_game_totals(game, state, author=Author.of_user(user))
    return game
