"""Corrections after the fact: closing a re-opened game again, and a director's restore of
a hand or a pegboard result from the audit trail.

Writes like ``games.services`` (one transaction each, the author kept in the history): a
restore goes through the same checks as typing it again: the game is locked, a final
night refuses it, and the rules core folds the game with the restored hand or result; a
restore that no longer fits says why and changes nothing.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.core.records.authors import Author, audited
from scoring.core.records.documents import hand_data, hand_fields, result_data
from scoring.core.records.guards import lock_open_game
from scoring.games import services
from scoring.models import Game, Hand
from scoring.rules.variants import get_variant


@audited
@transaction.atomic
def game_done_correcting(*, game: Game, user=None) -> Game:
    """Close a re-opened game again, its result as the corrections left it."""
    game = lock_open_game(game)
    if not game.reopened:
        raise ValidationError(
            gettext("%(game)s is not re-opened: there is nothing to close.") % {"game": game}
        )
    if not game.finished:
        raise ValidationError(
            gettext("%(game)s has no winner now: enter or correct its hands until a pair wins.")
            % {"game": game}
        )
    game.reopened = False
    game.version += 1
    game.save()
    return game


def restorable(record) -> bool:
    """Whether a history record is something a director can put back: any hand as it was,
    or a game's pegboard result."""
    if isinstance(record, Hand.history.model):
        return True
    return bool(record.from_pegboard and record.winner is not None)


@audited
@transaction.atomic
def hand_restore(*, record, user=None) -> Hand:
    """Put a hand back as ``record`` (a ``Hand`` history row) has it: correct the hand if
    it is still there, or put a deleted one back in its place."""
    game = lock_open_game(Game(pk=record.game_id))
    services._refuse_if_closed_to(game, user)
    if game.from_pegboard:
        raise ValidationError(
            gettext("%(game)s has a pegboard result now: clear it before putting hands back.")
            % {"game": game}
        )
    hands = services.hands_in_order(game)
    data = hand_data(record)
    current = next((hand for hand in hands if hand.pk == record.id), None)
    if current is not None:
        return services.hand_correct(hand=current, data=data, version=current.version, user=user)
    if any(hand.position == record.position for hand in hands):
        raise ValidationError(
            gettext(
                "Another hand was entered in its place since it was deleted: "
                "correct that hand instead."
            )
        )
    entered = [(hand.position, hand_data(hand)) for hand in hands]
    entered.append((record.position, data))
    entered.sort(key=lambda pair: pair[0])
    index = [position for position, _ in entered].index(record.position)
    variant = game.night.rules_variant
    state = services._state_with(game, variant, [hand for _, hand in entered], position=index)
    restored = Hand.objects.create(
        id=record.id,
        game=game,
        position=record.position,
        entered_by=user,
        **hand_fields(data, get_variant(game.night.variant).card_keys),
    )
    services.save_game_totals(game, state, author=Author.of_user(user))
    return restored


@audited
@transaction.atomic
def result_restore(*, record, user=None) -> Game:
    """Put back the pegboard result ``record`` (a ``Game`` history row) has, replacing
    the one typed since; refused when the game has hands now."""
    if not restorable(record):
        raise ValidationError(gettext("That change holds no pegboard result to put back."))
    game = lock_open_game(Game(pk=record.id))
    if game.hands.exists():
        raise ValidationError(
            gettext("%(game)s has hands entered now: a pegboard result cannot stand beside them.")
            % {"game": game}
        )
    if game.from_pegboard:
        services.game_result_clear(game=game, user=user)
    return services.game_result_record(game=game, result=result_data(record), user=user)
