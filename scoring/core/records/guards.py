"""May this still change? The one place that says it, for the services that refuse a write
and the pages that offer its button:

- *final*: a night marked final (``night_close``) takes no write until a director
  re-opens it (``is_final``): every game write starts with ``lock_open_game``, every night
  write with ``lock_open_night``, a table's with ``refuse_if_final``; they raise
  ``NightFinal``.
- *void*: a night ended early (``night_end_early``) made its games not finished by then
  void; ``lock_open_game`` refuses them (``GameVoid``) until a director re-opens the
  night, so a result entered later never counts (``is_void``).
- *started*: play has started once a game has a hand or a result (``Game.started``); the
  draw and the schedule are fixed from then on (``play_started``).
- *its round under way*: a phone enters a game once its round has begun, that is once
  every game of the rounds before it has its result in (one awaiting confirmation
  counts: a second look holds no room back) (``round_before``).
- *open to this person*: a finished game or table is corrected by a director only,
  or by anyone once re-opened (``open_to``).

A write that changes what a sheet shows ends with ``mark_night_changed``, so a kept PDF is
rendered again.
"""

from django.db.models import Count, Min
from django.utils import timezone
from django.utils.translation import gettext

from scoring.clubs.roles import is_director
from scoring.core.records.errors import GameVoid, NightFinal, PlayStarted
from scoring.models import Game, Night


def is_final(night: Night | None) -> bool:
    """Whether ``night`` (``None``: a table on its own) is final: nothing of it changes."""
    return night is not None and night.is_final


def refuse_if_final(night: Night | None) -> None:
    if is_final(night):
        raise NightFinal(
            gettext(
                "%(night)s is final: a director must re-open the night before anything changes."
            )
            % {"night": night.name}
        )


def is_void(game: Game) -> bool:
    """Whether ``game`` is void: its night was ended early before it was finished (a
    play-off is not: the ties are still played off)."""
    return game.night.ended_early and not game.is_playoff and not game.finished


def void_reason(game: Game) -> str:
    """Why a void game takes no entry, for the pages that show it (``""`` if not void)."""
    if not is_void(game):
        return ""
    return gettext(
        "%(night)s was ended early, before %(game)s was finished: this game does not count. "
        "A director must re-open the night ended early before it is entered."
    ) % {"night": game.night.name, "game": game.label[0].lower() + game.label[1:]}


def refuse_if_void(game: Game) -> None:
    reason = void_reason(game)
    if reason:
        raise GameVoid(reason)


def lock_night(night: Night) -> Night:
    """The night's row, locked for this transaction and read afresh."""
    return Night.objects.select_for_update().get(pk=night.pk)


def lock_open_night(night: Night) -> Night:
    """The night's row, locked and read afresh, refused if it is final now."""
    locked = lock_night(night)
    refuse_if_final(locked)
    return locked


def lock_open_game(game: Game) -> Game:
    """The game and its night, locked and read afresh; every game write starts here, so
    none goes through on a final night, nor into a game void since the night ended early."""
    locked = Game.objects.select_for_update().select_related("night").get(pk=game.pk)
    refuse_if_final(locked.night)
    refuse_if_void(locked)
    return locked


def round_before(game: Game) -> int | None:
    """The earlier round still being played while ``game``'s round has not begun (a game
    there has no result yet), or ``None`` once it has begun. One query; a play-off's
    round is always under way."""
    if game.is_playoff:
        return None
    earlier = Game.objects.filter(
        night_id=game.night_id,
        is_playoff=False,
        round__lt=game.round,
        winner__isnull=True,
        forfeit=False,
    )
    return earlier.aggregate(first=Min("round"))["first"]


def open_to(record, user) -> bool:
    """Whether ``user`` may still change ``record`` (a game or a table): unfinished,
    re-opened, or a director.

    Not a write: pages ask it to offer the correction buttons the services will accept.
    """
    finished = record.finished and not getattr(record, "reopened", False)
    return not finished or (user is not None and is_director(user))


def play_started(games) -> bool:
    """Whether play has started among ``games`` (``Game.started``: a hand or a result)."""
    return any(game.started for game in games)


def refuse_if_play_started(night: Night) -> None:
    """The draw and the schedule change only until a game has started."""
    if play_started(Game.objects.filter(night=night).annotate(hand_count=Count("hands"))):
        raise PlayStarted(gettext("Play has started: the numbers drawn can no longer change."))


def mark_night_changed(night_id: int) -> None:
    """Move the night's ``updated_at``, so printed sheets kept for it are rendered again."""
    Night.objects.filter(pk=night_id).update(updated_at=timezone.now())
