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
"""

from django.db.models import F, QuerySet
from django.db.models.fields.json import KeyTransform

from scoring.core.records import documents
from scoring.models import Game, Night, NightSummary, Seat
from scoring.rules import InvalidInput

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
    """Compute and save the summaries of the nights ``night_ids`` as they are now: for the
    services that settle a night (a read never saves one)."""
    nights = list(Night.objects.filter(pk__in=night_ids))
    NightSummary.objects.bulk_create(
        _computed(nights),
        update_conflicts=True,
        unique_fields=["night"],
        update_fields=SUMMARY_FIELDS,
    )


def kept_parts(*paths: tuple[str, ...]) -> list[dict | None]:
    """Parts of every night's kept standings document: for each night, ``{path: value}``
    for each of ``paths`` (keys into the document, as ``("money", "players")``), or
    ``None`` for a night that cannot be scored.

    For pages that add up many nights: the database hands over only those parts, as
    plain rows (a night's ``games`` list is most of its document, and decoding whole
    documents into models was most of the members page's time). One query when every
    summary is kept; stale ones are computed for this read (``freshen``).
    """
    wanted = {_alias(path): _transform(path) for path in paths}
    rows = list(
        Night.objects.order_by("pk").values(
            "pk", "updated_at", as_of=F("kept_summary__as_of"), **wanted
        )
    )
    stale = [row["pk"] for row in rows if row["as_of"] != row["updated_at"]]
    computed = {}
    if stale:
        for night in nights_with_summaries(Night.objects.filter(pk__in=stale)):
            computed[night.pk] = night.kept_summary.standings
    parts = []
    for row in rows:
        if row["pk"] in computed:
            document = computed[row["pk"]]
            parts.append(None if document is None else {p: _walk(document, p) for p in paths})
        else:
            values = {path: row[_alias(path)] for path in paths}
            parts.append(None if all(value is None for value in values.values()) else values)
    return parts


def _alias(path: tuple[str, ...]) -> str:
    return "part_" + "_".join(path)


def _transform(path: tuple[str, ...]) -> KeyTransform:
    expression = "kept_summary__standings"
    for key in path:
        expression = KeyTransform(key, expression)
    return expression


def _walk(document: dict, path: tuple[str, ...]):
    for key in path:
        document = document[key]
    return document


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
