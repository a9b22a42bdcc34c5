"""Reads of a league: its clubs, the nights of those the reader may see, its ladder.

``league_read`` is the one read of the site that spans clubs: it lifts the clubs' scope
(``scopes_disabled``) for the league's own clubs' nights alone, and leaves out every
night of a club whose ``PUBLIC_PAGES`` does not let the reader see its nights. The
ladder is the rules core's (``rules.ladder.ladder``) over the nights' kept standings,
read as the season ladder reads them (``core.records.ladders``); a player is one player
of the league by name (``name_key``) whichever of its clubs they played for.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django_scopes import scopes_disabled

from scoring.core.records import kept_summaries
from scoring.core.records.ladders import ladder_nights
from scoring.models import Club, League, Night
from scoring.nights.selectors import nights_list
from scoring.rules.ladder import ladder
from scoring.rules.names import name_key
from scoring.words.names import name_order


@dataclass
class LeagueRead:
    """What a reader sees of ``league``: ``clubs`` that joined it (by name), those of them
    whose nights are ``hidden`` from this reader, the listed ``nights`` (newest first, not
    archived, each with its ``club``: a queryset, paginated by the page), and the ladder:
    its ``cinch-ladder/1`` ``document`` over the ``counted`` nights (in ladder order, an
    archived night included, as a season counts it), the nights ``unscored``, those
    ``provisional``, and each player's clubs by ``name_key`` (``player_clubs``)."""

    league: League
    clubs: list[Club]
    hidden: list[Club]
    nights: QuerySet[Night]
    counted: list[Night]
    document: dict
    unscored: list[Night] = field(default_factory=list)
    provisional: set[int] = field(default_factory=set)
    player_clubs: dict[str, list[str]] = field(default_factory=dict)

    @property
    def rows(self) -> list[dict]:
        """The ladder's rows, each with the names of the clubs the player played for."""
        return [
            {**row, "clubs": self.player_clubs.get(name_key(row["player"]), [])}
            for row in self.document["ladder"]
        ]


def league_nights(league: League, clubs: list[Club]) -> Q:
    """The nights of ``clubs`` in ``league``'s dates (either bound empty: none that side)."""
    taken = Q(club__in=clubs)
    if league.first_date:
        taken &= Q(date__gte=league.first_date)
    if league.last_date:
        taken &= Q(date__lte=league.last_date)
    return taken


def league_read(league: League, *, sees: Callable[[Club], bool]) -> LeagueRead:
    """``league`` as a reader sees it, ``sees(club)`` saying whether they may read that
    club's nights. Queries: the clubs, the counted nights with their summaries (two more
    when any is stale), and the listed nights' page: as many for 2 nights as for 200,
    for 2 clubs as for 20."""
    clubs = list(league.clubs.order_by("name", "pk"))
    shown = [club for club in clubs if sees(club)]
    with scopes_disabled():
        taken = league_nights(league, shown)
        listed = nights_list().filter(taken).select_related("club").order_by("-date", "-pk")
        counted = kept_summaries.nights_with_summaries(
            Night.objects.filter(taken).select_related("club").order_by("date", "pk")
        )
    read = ladder_nights(counted)
    clubs_of = {night.pk: night.club.name for night in counted}
    player_clubs = {
        player: sorted({clubs_of[night] for night in points}, key=name_order)
        for player, points in read.grid.items()
    }
    return LeagueRead(
        league=league,
        clubs=clubs,
        hidden=[club for club in clubs if club not in shown],
        nights=listed,
        counted=counted,
        document=ladder(league.name, league.best, read.scored, name_order),
        unscored=read.unscored,
        provisional=read.provisional,
        player_clubs=player_clubs,
    )
