"""Each night's standings kept in the database, so pages of many nights read them at once.

The members page, the season pages and the nights list show figures of many nights; the
rules core scores a night in about a millisecond, so scoring every night on every request
makes those pages slower with every week the club plays. Instead each night's
``cinch-standings/1`` document (``results.selectors.night_standings``, the rules core's answer)
is kept in a ``NightSummary`` row with the night's ``updated_at`` it was computed from.
Every service that changes a night moves ``updated_at``, so a row whose ``as_of`` differs
is stale.

A read never writes: a stale or missing summary is computed for the page and not saved
(two queries however many nights are stale). The round board and the projector reload
every few seconds while phones save hands, and tonight's night changes with every hand: a
summary saved on read would be written again on almost every reload, each write queued
behind the hands' (SQLite has one writer). Scoring the whole night again in every hand's
save would slow every save for pages that are read far less often. So summaries are kept
by the services that settle a night (``keep``: marked final, imported whole), after which
it rarely changes; a night still in play is computed on each read, a few milliseconds.

With each summary its players' figures are kept as ``MemberNight`` rows (the rules core's
``player_nights`` of the document), written in the same transaction with the same
``as_of``: the members page adds them up in SQL, so its time does not grow with the years
of nights the club has played; the nights whose summary is stale are added from their
documents computed for the read (``stale_member_nights``).
"""

from django.db import transaction
from django.db.models import F, Q, QuerySet

from scoring.core.records import documents
from scoring.models import Game, MemberNight, Night, NightSummary, Seat
from scoring.rules import InvalidInput
from scoring.rules.night.documents import player_nights

SUMMARY_FIELDS = ["as_of", "players", "standings", "problems"]


def nights_with_summaries(
    nights: QuerySet[Night] | None = None, known: NightSummary | None = None
) -> list[Night]:
    """``nights`` (every night by default) with a fresh ``kept_summary`` each: one query
    when every summary is kept, two more when any is stale (computed, not saved)."""
    nights = list(
        (nights if nights is not None else Night.objects.all()).select_related("kept_summary")
    )
    freshen(nights, known)
    return nights


def freshen(nights: list[Night], known: NightSummary | None = None) -> None:
    """Give ``nights`` (read with their ``kept_summary``) that are missing or stale a
    summary computed now, not saved: no query when none is, two when any is. ``known``
    is a summary the page has computed already (``NightResults.kept_summary``)."""
    for night in nights:
        if known is not None and night.pk == known.night_id and not _fresh(night):
            night.kept_summary = known
    stale = [night for night in nights if not _fresh(night)]
    if stale:
        for night, summary in zip(stale, _computed(stale), strict=True):
            night.kept_summary = summary


def keep(night_ids: list[int]) -> None:
    """Compute and save the summaries of the nights ``night_ids`` as they are now, and
    their players' ``MemberNight`` rows with them: for the services that settle a night
    (a read never saves one)."""
    nights = list(Night.objects.filter(pk__in=night_ids))
    scored = _scored(nights)
    with transaction.atomic():
        NightSummary.objects.bulk_create(
            [summary for summary, _ in scored],
            update_conflicts=True,
            unique_fields=["night"],
            update_fields=SUMMARY_FIELDS,
        )
        MemberNight.objects.filter(night__in=nights).delete()
        MemberNight.objects.bulk_create(
            row for summary, members in scored for row in member_nights(summary, members)
        )


def stale_member_nights() -> tuple[list[MemberNight], list[MemberNight]]:
    """For the nights whose summary is missing or stale: the rows kept for them before
    they changed (to take out of the kept sums) and their rows from their summaries
    computed now, not saved (to add). One query when no night is stale, four when any is."""
    stale = Night.objects.alias(as_of=F("kept_summary__as_of")).filter(
        Q(as_of__isnull=True) | ~Q(as_of=F("updated_at"))
    )
    nights = list(stale)
    if not nights:
        return [], []
    kept = list(MemberNight.objects.filter(night__in=nights))
    computed = [
        row for summary, members in _scored(nights) for row in member_nights(summary, members)
    ]
    return kept, computed


def member_nights(summary: NightSummary, members: dict[int, int]) -> list[MemberNight]:
    """The players' rows of a night's summary (unsaved), each the member seated at its
    number (``members``) with the figures the rules core's document gives: none for a
    night that cannot be scored or has no game finished."""
    if summary.standings is None:
        return []
    return [
        MemberNight(
            night_id=summary.night_id,
            member_id=members[player.number],
            number=player.number,
            as_of=summary.as_of,
            games_won=player.games_won,
            cinches=player.cinches,
            paid=player.paid,
            won=player.won,
        )
        for player in player_nights(summary.standings)
    ]


def _fresh(night: Night) -> bool:
    try:
        summary = night.kept_summary
    except NightSummary.DoesNotExist:
        return False
    return summary.as_of == night.updated_at


def _computed(nights: list[Night]) -> list[NightSummary]:
    """The summaries of ``nights`` from their stored rows: two queries for all of them."""
    return [summary for summary, _ in _scored(nights)]


def _scored(nights: list[Night]) -> list[tuple[NightSummary, dict[int, int]]]:
    """Each of ``nights``' summary with its members by number, from the stored rows: two
    queries for all of them."""
    seats: dict[int, list[Seat]] = {night.pk: [] for night in nights}
    for seat in Seat.objects.filter(night__in=nights).select_related("member").order_by("number"):
        seats[seat.night_id].append(seat)
    games: dict[int, list[Game]] = {night.pk: [] for night in nights}
    for game in Game.objects.filter(night__in=nights).order_by(
        "is_playoff", "round", "table", "id"
    ):
        games[game.night_id].append(game)
    return [
        (
            _summary(night, seats[night.pk], games[night.pk]),
            {seat.number: seat.member_id for seat in seats[night.pk]},
        )
        for night in nights
    ]


def _summary(night: Night, seats: list[Seat], games: list[Game]) -> NightSummary:
    summary = NightSummary(
        night=night, as_of=night.updated_at, players=[seat.member.name for seat in seats]
    )
    try:
        summary.standings = documents.standings(night, seats, games)
    except InvalidInput as invalid:
        summary.problems = [str(problem) for problem in invalid.problems]
    return summary
