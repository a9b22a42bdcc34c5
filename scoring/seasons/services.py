"""The writes of a season: a new or changed season from its form."""

from django.db import transaction

from scoring.models import Season


@transaction.atomic
def season_save(*, form, user=None) -> Season:
    """A new or changed season from a valid ``SeasonForm``."""
    season = form.save(commit=False)
    if season.pk is None:
        season.created_by = user
    season.save()
    form.save_m2m()
    return season
