"""Writes of the room on the night: confirming a round's awaiting results at once, each
as the person confirming saw it on the round's confirmation page."""

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.core.records.guards import lock_open_game
from scoring.games import confirmation
from scoring.models import Game, Night


@dataclass
class RoundConfirmed:
    """What confirming a round did: the games confirmed, and each refusal in words."""

    confirmed: list[Game] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def round_results_confirm(*, night: Night, seen: dict[int, int], user=None) -> RoundConfirmed:
    """Confirm each game of ``seen`` (``{game id: version as shown}``) through the one
    confirmation service; a result changed since it was shown is left for another look,
    and a refusal of one game (its own scorer, a dispute) leaves the others confirmed."""
    done = RoundConfirmed()
    for game in Game.objects.filter(night=night, pk__in=seen).order_by("round", "table", "pk"):
        try:
            done.confirmed.append(_confirm_as_seen(game, seen[game.pk], user))
        except ValidationError as error:
            done.refused.append(f"{game}: {' '.join(error.messages)}")
    return done


@transaction.atomic
def _confirm_as_seen(game: Game, version: int, user) -> Game:
    """Confirm ``game`` if its result is still the one shown (locked while it is checked)."""
    locked = lock_open_game(game)
    if locked.version != version or locked.dispute:
        raise ValidationError(gettext("it changed since the page was shown: look at it again."))
    return confirmation.game_result_confirm(game=locked, user=user)
