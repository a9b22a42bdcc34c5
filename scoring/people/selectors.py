"""Reads of the people page: every director and scorer, disabled ones too."""

from django.contrib.auth import get_user_model
from django.db.models import Q

from scoring.core.http.permissions import SCORERS
from scoring.words.names import by_name


def people() -> list:
    """Every director and scorer (a disabled one too: it may be enabled again), directors
    first, by name (the people page). A removed login has no role, so it is not here."""
    User = get_user_model()
    staff_or_scorer = Q(is_staff=True) | Q(groups__name=SCORERS)
    found = by_name(User.objects.filter(staff_or_scorer).distinct(), User.get_username)
    return sorted(found, key=lambda person: not person.is_staff)
