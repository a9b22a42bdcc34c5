"""The host's writes of a league: a new league and the clubs that join it."""

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.clubs.services import new_slug
from scoring.models import Club, League


@transaction.atomic
def league_add(
    *,
    slug: str,
    name: str,
    clubs: list[str],
    first_date: datetime.date | None = None,
    last_date: datetime.date | None = None,
    best: int | None = None,
) -> League:
    """League ``slug`` named ``name`` of the clubs whose slugs are ``clubs``; its nights
    from ``first_date`` to ``last_date`` (either ``None``: no bound), each player's
    ``best`` nights counted (``None``: all)."""
    new_slug(League, slug, "A league")
    if not name.strip():
        raise ValidationError({"name": "Give the league's name."})
    joining = list(Club.objects.filter(slug__in=clubs))
    unknown = sorted(set(clubs) - {club.slug for club in joining})
    if unknown:
        known = ", ".join(Club.objects.values_list("slug", flat=True)) or "none"
        raise ValidationError(
            {"clubs": f"No club has the slug {', '.join(unknown)} (the clubs: {known})."}
        )
    if first_date and last_date and first_date > last_date:
        raise ValidationError({"last_date": "The last date comes before the first."})
    if best is not None and best < 1:
        raise ValidationError({"best": "best must be a whole number of nights, 1 or more."})
    league = League.objects.create(
        slug=slug, name=name.strip(), first_date=first_date, last_date=last_date, best=best
    )
    league.clubs.set(joining)
    return league
