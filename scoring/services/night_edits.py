"""A night's settings after it is made: edit them until the night is final, delete a night
no game of which has finished, or archive one that has (hidden from the lists of nights,
kept in the members' season). One transaction each; the history keeps every change."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.core.authors import audited
from scoring.core.guards import lock_open_night
from scoring.core.problem_words import name_refused
from scoring.models import Game, Night
from scoring.rules.names import normal_name

EDITABLE = (
    "name",
    "date",
    "entry_fee",
    "loss_fee",
    "cinch_fee",
    "booby_prize",
    "split",
    "unit",
    "paper",
    "confirm_results",
    "language",
)


@audited
@transaction.atomic
def night_edit(*, night: Night, user=None, **changes) -> Night:
    """Change the night's name, date, fees, prize split or paper; refused once it is
    final (``NightFinal``). The pot and the payout follow the new fees."""
    night = lock_open_night(night)
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ValidationError(
            gettext("These cannot be edited here: %(fields)s.")
            % {"fields": ", ".join(sorted(unknown))}
        )
    if "name" in changes:
        try:
            changes["name"] = normal_name(changes["name"])
        except ValueError as error:
            raise ValidationError({"name": name_refused(error)}) from None
    for name, value in changes.items():
        setattr(night, name, value)
    night.save()
    if not night.confirm_results:
        _count_awaiting_results(night, user)
    return night


def _count_awaiting_results(night: Night, user) -> None:
    """Confirmation turned off: the results awaiting it count now, the director's word
    standing in for the second person's (in each game's history)."""
    by = f"{user.get_username() if user else 'the director'}: confirmation turned off"
    for game in Game.objects.filter(night=night, confirmed=False, winner__isnull=False):
        game.confirmed, game.confirmed_by, game.dispute = True, by[:100], ""
        game.save(update_fields=["confirmed", "confirmed_by", "dispute"])


def has_finished_game(night: Night) -> bool:
    return Game.objects.filter(night=night, winner__isnull=False).exists()


@audited
@transaction.atomic
def night_delete(*, night: Night, user=None) -> None:
    """Delete a night set up by mistake: only while no game of it has finished (a night
    that was played is archived instead, so the season keeps it)."""
    night = lock_open_night(night)
    if has_finished_game(night):
        raise ValidationError(
            gettext("%(night)s has finished games: archive it instead, so the season keeps them.")
            % {"night": night.name}
        )
    night.delete()


@audited
@transaction.atomic
def night_archive(*, night: Night, archived: bool = True, user=None) -> Night:
    """Hide a night from the lists (``archived``), or show it again."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    night.archived = archived
    night.save(update_fields=["archived", "updated_at"])
    return night
