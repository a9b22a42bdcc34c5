"""The season's printed ladder, kept under the digest of what it shows, as every printed
sheet's render is (``core.printing.jobs``); a page or a few, rendered when asked."""

from django.core.cache import cache
from django.utils import translation

from scoring.core.printing.jobs import KEEP_SECONDS, Job
from scoring.core.printing.parts import Part, sheet_language
from scoring.models import Season, club_setting
from scoring.seasons.selectors import season_ladder

LADDER_TEMPLATE = "scoring/seasons/ladder_sheet.html"


def ladder_sheet_job(season: Season, paper: str, language=None) -> Job:
    """The printed ladder as a render's job, in ``language`` if the site has it,
    else the club's (``sheet_language``): kept under the digest of its HTML."""
    with translation.override(sheet_language(None, language)):
        ladder = season_ladder(season)  # players level listed as the sheet's language sorts
        context = {
            "club_name": club_setting("CLUB_NAME"),
            "season": season,
            "ladder": ladder,
            # Each player's points in the nights' order (numbered as the sheet lists them),
            # "—" for a night not played, and whether ``best`` leaves it out: a checker
            # reads which night each number is.
            "rows_points": [
                (
                    row,
                    [
                        (row[f"night_{night.pk}"], night.pk in row["dropped_nights"])
                        for night in ladder.nights
                    ],
                )
                for row in ladder.rows
            ],
        }
        return Job.of([Part(LADDER_TEMPLATE, context, 1)], paper)


def ladder_sheet_pdf(season: Season, paper: str, language=None) -> bytes:
    """The ladder sheet as PDF, kept or rendered now (a page or a few: no waiting)."""
    job = ladder_sheet_job(season, paper, language)
    pdf = cache.get(job.key)
    if pdf is None:
        pdf = job.render()
        cache.set(job.key, pdf, KEEP_SECONDS)
    return pdf
