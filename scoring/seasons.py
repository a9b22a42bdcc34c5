"""Seasons: the nights a season takes, its ladder, its file and its printed sheet.

The ladder is the rules core's (``scoring.rules.ladder``) and nothing else: the pages
hand it each night's kept standings (``kept_summaries``), so a season page does not score
its nights again; ``season_document`` builds the ``cinch-season/1`` document from the
nights' files, which is what ``export_season`` gives the CLI's ``ladder``, and the two
agree because ``ladder_document`` is ``ladder`` after scoring each night.

A season takes the nights dated from its first to its last date and any nights picked
one by one; they count in date order. A night the rules core cannot score is listed as
such and counts for nobody on the page (``export_season`` names its problems).
"""

from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q, QuerySet

from scoring import kept_sheets
from scoring.core import kept_summaries
from scoring.models import Night, Season
from scoring.nights import selectors as nights_selectors
from scoring.rules.ladder import SEASON_FORMAT, ladder, night_points
from scoring.rules.names import name_key
from scoring.sheets import Part

LADDER_TEMPLATE = "print/season_ladder.html"


def season_nights(season: Season) -> QuerySet[Night]:
    """The season's nights in the order they count: by date, then as made."""
    taken = Q(pk__in=season.picked.values("pk"))
    if season.first_date and season.last_date:
        taken |= Q(date__gte=season.first_date, date__lte=season.last_date)
    return Night.objects.filter(taken).order_by("date", "pk")


def night_season(night: Night) -> Season | None:
    """The newest season ``night`` counts in (its dates, or picked), if any: the one the
    projector shows between rounds."""
    counts = Q(picked=night) | Q(first_date__lte=night.date, last_date__gte=night.date)
    return Season.objects.filter(counts).order_by("-first_date", "-id").first()


@transaction.atomic
def season_save(*, form, user=None) -> Season:
    """A new or changed season from a valid ``SeasonForm``."""
    season = form.save(commit=False)
    if season.pk is None:
        season.created_by = user
    season.save()
    form.save_m2m()
    return season


def season_document(season: Season) -> dict:
    """The ``cinch-season/1`` document: the nights' files, every hand as entered."""
    document = {"format": SEASON_FORMAT, "name": season.name}
    if season.best is not None:
        document["best"] = season.best
    document["nights"] = [nights_selectors.night_file(night) for night in season_nights(season)]
    return document


@dataclass
class SeasonLadder:
    """The ``cinch-ladder/1`` document of the season's scored nights, with each player's
    points night by night (``grid``) and the nights that cannot be scored."""

    season: Season
    nights: list[Night]
    document: dict
    grid: dict[str, dict[int, int]] = field(default_factory=dict)
    unscored: list[Night] = field(default_factory=list)

    @property
    def rows(self) -> list[dict]:
        """The ladder's rows, each with ``night_<id>`` points (``None``: not played)."""
        rows = []
        for row in self.document["ladder"]:
            points = self.grid.get(name_key(row["player"]), {})
            rows.append({**row, **{f"night_{n.pk}": points.get(n.pk) for n in self.nights}})
        return rows


def season_ladder(season: Season) -> SeasonLadder:
    """The season's ladder from its nights' kept standings: one query for the nights
    when their summaries are kept, whatever their number."""
    nights = kept_summaries.nights_with_summaries(season_nights(season))
    scored, grid, unscored = [], {}, []
    for night in nights:
        summary = night.kept_summary
        if summary.standings is None:
            unscored.append(night)
            continue
        night_doc = {"players": summary.players}
        scored.append((night_doc, summary.standings))
        for player, points in night_points(night_doc, summary.standings):
            grid.setdefault(name_key(player), {})[night.pk] = points
    document = ladder(season.name, season.best, scored)
    return SeasonLadder(season, nights, document, grid, unscored)


def ladder_sheet_job(season: Season, paper: str) -> kept_sheets.Job:
    """The printed ladder as a ``kept_sheets`` job: kept under the digest of its HTML."""
    context = {
        "club_name": settings.CLUB_NAME,
        "season": season,
        "ladder": season_ladder(season),
    }
    return kept_sheets.Job.of([Part(LADDER_TEMPLATE, context, 1)], paper)


def ladder_sheet_pdf(season: Season, paper: str) -> bytes:
    """The ladder sheet as PDF, kept or rendered now (a page or a few: no waiting)."""
    job = ladder_sheet_job(season, paper)
    pdf = cache.get(job.key)
    if pdf is None:
        pdf = job.render()
        cache.set(job.key, pdf, kept_sheets.KEEP_SECONDS)
    return pdf
