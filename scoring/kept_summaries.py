"""Each night's standings kept in the database, computed again only when the night changed.

The members page, the season pages and the nights list show figures of many nights; the
rules core scores a night in about a millisecond, so scoring every night on every request
makes those pages slower with every week the club plays. Instead each night's
``cinch-standings/1`` document (``selectors.night_standings``, the rules core's answer)
is kept in a ``NightSummary`` row with the night's ``updated_at`` it was computed from.
Every service that changes a night moves ``updated_at``, so a row whose ``as_of`` differs
is stale: it is computed again on its next read, in a fixed number of queries however
many nights are stale, and a page reading fresh rows runs one query for all its nights.
"""

from django.db.models import QuerySet

from scoring import documents
from scoring.models import Game, Night, NightSummary, Seat
from scoring.rules import InvalidInput

SUMMARY_FIELDS = ["as_of", "players", "standings", "problems"]


def nights_with_summaries(nights: QuerySet[Night] | None = None) -> list[Night]:
    """``nights`` (every night by default) with a fresh ``kept_summary`` each: one query
    when every summary is kept, three more when any is stale."""
    nights = list(
        (nights if nights is not None else Night.objects.all()).select_related("kept_summary")
    )
    stale = [night for night in nights if not _fresh(night)]
    if stale:
        summaries = _computed(stale)
        NightSummary.objects.bulk_create(
            summaries,
            update_conflicts=True,
            unique_fields=["night"],
            update_fields=SUMMARY_FIELDS,
        )
        for night, summary in zip(stale, summaries, strict=True):
            night.kept_summary = summary
    return nights


def _fresh(night: Night) -> bool:
    try:
        summary = night.kept_summary
    except NightSummary.DoesNotExist:
        return False
    return summary.as_of == night.updated_at


def _computed(nights: list[Night]) -> list[NightSummary]:
    """The summaries of ``nights`` from their stored rows: two queries for all of them."""
    seats: dict[int, list[Seat]] = {night.pk: [] for night in nights}
    for seat in Seat.objects.filter(night__in=nights).select_related("member").order_by("number"):
        seats[seat.night_id].append(seat)
    games: dict[int, list[Game]] = {night.pk: [] for night in nights}
    for game in Game.objects.filter(night__in=nights).order_by(
        "is_playoff", "round", "table", "id"
    ):
        games[game.night_id].append(game)
    return [_summary(night, seats[night.pk], games[night.pk]) for night in nights]


def _summary(night: Night, seats: list[Seat], games: list[Game]) -> NightSummary:
    summary = NightSummary(
        night=night, as_of=night.updated_at, players=[seat.member.name for seat in seats]
    )
    try:
        summary.standings = documents.standings(night, seats, games)
    except InvalidInput as invalid:
        summary.problems = [str(problem) for problem in invalid.problems]
    return summary
