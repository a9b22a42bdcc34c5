"""Which nights a season takes, and the season of a night: what the season's ladder and
projector read, and what the draw of a night looks back on for new partners.
"""

from django.db.models import Q, QuerySet

from scoring.models import Night, Season


def season_nights(season: Season) -> QuerySet[Night]:
    """The season's nights in the order they count: by date, then as made."""
    taken = Q(pk__in=season.picked.values("pk"))
    if season.first_date and season.last_date:
        taken |= Q(date__gte=season.first_date, date__lte=season.last_date)
    return Night.objects.filter(taken).order_by("date", "pk")


def night_season(night: Night) -> Season | None:
    """The newest season ``night`` counts in (its dates, or picked), if any: the one the
    projector shows between rounds and the draw looks back on."""
    counts = Q(picked=night) | Q(first_date__lte=night.date, last_date__gte=night.date)
    return Season.objects.filter(counts).order_by("-first_date", "-id").first()


def earlier_nights(season: Season, night: Night) -> QuerySet[Night]:
    """The nights of ``season`` before ``night`` in its order (dated before it, or made
    before it on its day) whose numbers were drawn: those whose pairs were partners."""
    before = Q(date__lt=night.date) | Q(date=night.date, pk__lt=night.pk)
    return season_nights(season).filter(before, drawn_at__isnull=False)
