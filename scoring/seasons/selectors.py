"""Reads of a season: the nights it takes and the night's season for the projector (kept
in ``core.records.seasons``, as the draw reads them too), its
``cinch-season/1`` file and its ladder (the rules core's, over the nights' kept
standings, so a season page does not score its nights again).
"""

from dataclasses import dataclass, field

from scoring.core.records import documents, kept_summaries
from scoring.core.records.ladders import ladder_nights
from scoring.core.records.seasons import night_season, season_nights
from scoring.models import Night, NightSummary, Season
from scoring.rules import ladder as ladder_rules
from scoring.rules.ladder import SEASON_FORMAT, ladder
from scoring.rules.names import name_key
from scoring.words.names import name_order

__all__ = ["SeasonLadder", "night_season", "season_document", "season_ladder", "season_nights"]


def season_document(season: Season) -> dict:
    """The ``cinch-season/1`` document: the nights' files, every hand as entered."""
    document = {"format": SEASON_FORMAT, "name": season.name}
    if season.best is not None:
        document["best"] = season.best
    document["nights"] = [documents.night_file(night) for night in season_nights(season)]
    return document


@dataclass
class SeasonLadder:
    """The ``cinch-ladder/1`` document of the season's scored nights, with each player's
    points night by night (``grid``), the nights that cannot be scored, and those that
    count while their payout is not final (``provisional``: a director has not closed
    them, so their points may still change)."""

    season: Season
    nights: list[Night]
    document: dict
    grid: dict[str, dict[int, int]] = field(default_factory=dict)
    unscored: list[Night] = field(default_factory=list)
    provisional: set[int] = field(default_factory=set)

    @property
    def any_dropped(self) -> bool:
        """Whether ``best`` leaves out a night of anyone's (the legend says what it means)."""
        best = self.document["best"]
        return any(ladder_rules.dropped(row["points"], best) for row in self.document["ladder"])

    @property
    def rows(self) -> list[dict]:
        """The ladder's rows, each with ``night_<id>`` points (``None``: not played) and
        ``dropped_nights``, the ids of the nights the rules core's ``best`` leaves out."""
        rows, best = [], self.document["best"]
        for row in self.document["ladder"]:
            points = self.grid.get(name_key(row["player"]), {})
            played = list(points)  # the nights played, in the order of the row's points
            left_out = ladder_rules.dropped(row["points"], best)
            rows.append(
                {
                    **row,
                    **{f"night_{n.pk}": points.get(n.pk) for n in self.nights},
                    "dropped_nights": {played[at] for at in left_out},
                }
            )
        return rows


def season_ladder(season: Season, known: NightSummary | None = None) -> SeasonLadder:
    """The season's ladder from its nights' kept standings: one query for the nights
    when their summaries are kept, whatever their number; ``known``: a night's summary
    the page has computed already (the projector's night)."""
    nights = kept_summaries.nights_with_summaries(season_nights(season), known)
    read = ladder_nights(nights)
    document = ladder(season.name, season.best, read.scored, name_order)
    return SeasonLadder(season, nights, document, read.grid, read.unscored, read.provisional)
