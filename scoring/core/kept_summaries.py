"""Each night's standings kept in the database, computed again only when the night changed.

The members page, the season pages and the nights list show figures of many nights; the
rules core scores a night in about a millisecond, so scoring every night on every request
makes those pages slower with every week the club plays. Instead each night's
``cinch-standings/1`` document (``results.selectors.night_standings``, the rules core's answer)
is kept in a ``NightSummary`` row with the night's ``updated_at`` it was computed from.
Every service that changes a night moves ``updated_at``, so a row whose ``as_of`` differs
is stale: it is computed again on its next read, in a fixed number of queries however
many nights are stale, and a page reading fresh rows runs one query for all its nights.
"""

from django.db.models import F, QuerySet
from django.db.models.fields.json import KeyTransform

from scoring.core import documents
from scoring.models import Game, Night, NightSummary, Seat
from scoring.rules import InvalidInput

SUMMARY_FIELDS = ["as_of", "players", "standings", "problems"]


def nights_with_summaries(nights: QuerySet[Night] | None = None) -> list[Night]:
    """``nights`` (every night by default) with a fresh ``kept_summary`` each: one query
    when every summary is kept, three more when any is stale."""
    nights = list(
        (nights if nights is not None else Night.objects.all()).select_related("kept_summary")
    )
    freshen(nights)
    return nights


def freshen(nights: list[Night]) -> None:
    """Compute again the summaries of ``nights`` (read with their ``kept_summary``) that
    are missing or stale: no query when none is, three when any is."""
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


def kept_parts(*paths: tuple[str, ...]) -> list[dict | None]:
    """Parts of every night's kept standings document: for each night, ``{path: value}``
    for each of ``paths`` (keys into the document, as ``("money", "players")``), or
    ``None`` for a night that cannot be scored.

    For pages that add up many nights: the database hands over only those parts, as
    plain rows (a night's ``games`` list is most of its document, and decoding whole
    documents into models was most of the members page's time). One query when every
    summary is kept; stale ones are computed again first.
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
