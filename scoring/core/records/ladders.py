"""The nights a ladder counts, read from their kept standings: what the season ladder and
the league ladder both hand the rules core's ``ladder``, so neither scores a night again
and the two can never read a night differently.
"""

from dataclasses import dataclass, field

from scoring.models import Night
from scoring.rules.ladder import night_points
from scoring.rules.names import name_key


@dataclass
class LadderNights:
    """``scored``: each scored night's ``(night_doc, standings)`` in ladder order, for
    ``rules.ladder.ladder``; ``grid``: each player's (by ``name_key``) points night by
    night id; ``unscored``: the nights that cannot be scored; ``provisional``: the ids of
    the nights that count while their payout is not final."""

    scored: list[tuple[dict, dict]] = field(default_factory=list)
    grid: dict[str, dict[int, int]] = field(default_factory=dict)
    unscored: list[Night] = field(default_factory=list)
    provisional: set[int] = field(default_factory=set)


def ladder_nights(nights: list[Night]) -> LadderNights:
    """``nights`` (read with a fresh ``kept_summary`` each, in the ladder's order) as the
    rules core's ladder takes them: no query."""
    read = LadderNights()
    for night in nights:
        summary = night.kept_summary
        if summary.standings is None:
            read.unscored.append(night)
            continue
        night_doc = {"players": summary.players}
        read.scored.append((night_doc, summary.standings))
        points = night_points(night_doc, summary.standings)
        for player, earned in points:
            read.grid.setdefault(name_key(player), {})[night.pk] = earned
        if points and not night.is_final:
            read.provisional.add(night.pk)
    return read
