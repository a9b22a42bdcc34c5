"""A night file's attendance into the database: house players, withdrawals, forfeits,
confirmation, substitutes and a night ended early (rules.md, "When the night does not go
to plan").

Called by ``services.night_import`` once the rules core has read the whole file, so
everything here is already valid; the stored totals of a forfeit (its winner) are the
rules core's.
"""

from scoring.core.records.members import members_by_key
from scoring.models import Game, Night, Seat, Substitute
from scoring.rules.names import name_key

HOUSE = "House"  # the stand-in house player's name, when no member volunteers


def import_attendance(night: Night, parsed) -> None:
    """House players, withdrawals and the night's early end of an imported night
    (``parsed``: the rules core's ``Night``); the games' own parts come through
    :func:`import_game_attendance`."""
    if parsed.house:
        Seat.objects.filter(night=night, number__in=parsed.house).update(house=True)
    if parsed.withdrawn:
        night.withdrawn = [
            {"pair": pair, "from_round": from_round}
            for pair, from_round in parsed.withdrawn.items()
        ]
        night.save(update_fields=["withdrawn"])
    if parsed.ended_early:
        night.ended_early = True
        night.save(update_fields=["ended_early"])


def import_game_attendance(game: Game, parsed) -> None:
    """A forfeit's winner, a game's confirmation and its substitutes, as the file gives them."""
    game.forfeit = parsed.forfeited_by is not None
    if parsed.forfeit:
        game.winner = parsed.outcome().winner
    game.confirmed = parsed.confirmed
    game.confirmed_by = parsed.confirmed_by or ""
    game.save(update_fields=["forfeit", "winner", "confirmed", "confirmed_by"])
    members = members_by_key() if parsed.sat else {}
    for number, name in parsed.sat:
        Substitute.objects.create(
            game=game, number=number, name=name, member=members.get(_key(name))
        )


def _key(name: str) -> str | None:
    try:
        return name_key(name)
    except ValueError:
        return None
