"""What every write checks first, and what it marks after; and whether a game is still
open to a person (``game_open_to``), which pages ask to offer the buttons the services
will accept.

A night marked final (``night_close``) takes no write until a director re-opens it: every
game write starts with ``lock_open_game`` and every night write with ``lock_open_night``,
which refuse it with ``NightFinal``. A write that changes what a sheet shows ends with
``mark_night_changed``, so a kept PDF is rendered again.
"""

from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext

from scoring.core.errors import NightFinal, PlayStarted
from scoring.models import Game, Night


def refuse_if_final(night: Night) -> None:
    if night.is_final:
        raise NightFinal(
            gettext(
                "%(night)s is final: a director must re-open the night before anything changes."
            )
            % {"night": night.name}
        )


def lock_open_night(night: Night) -> Night:
    """The night's row, locked for this transaction and read afresh: is it final now?"""
    locked = Night.objects.select_for_update().get(pk=night.pk)
    refuse_if_final(locked)
    return locked


def lock_open_game(game: Game) -> Game:
    """The game and its night, locked and read afresh; every game write starts here, so
    none goes through on a final night."""
    locked = Game.objects.select_for_update().select_related("night").get(pk=game.pk)
    refuse_if_final(locked.night)
    return locked


def game_open_to(game: Game, user) -> bool:
    """Whether ``user`` may still change ``game``: unfinished, re-opened, or a director.

    Not a write: pages ask it to offer the correction buttons the services will accept.
    """
    return not game.finished or game.reopened or getattr(user, "is_staff", False)


def refuse_if_play_started(night: Night) -> None:
    """The draw and the schedule change only until a game has started (``Game.started``)."""
    games = Game.objects.filter(night=night).annotate(hand_count=Count("hands"))
    if any(game.started for game in games):
        raise PlayStarted(gettext("Play has started: the numbers drawn can no longer change."))


def mark_night_changed(night_id: int) -> None:
    """Move the night's ``updated_at``, so printed sheets kept for it are rendered again."""
    Night.objects.filter(pk=night_id).update(updated_at=timezone.now())
