"""Reads of the people page: every active director and scorer."""

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from scoring.core.permissions import SCORERS


def people() -> QuerySet:
    """Every active director and scorer, directors first, by name (the people page)."""
    User = get_user_model()
    staff_or_scorer = Q(is_staff=True) | Q(groups__name=SCORERS)
    return (
        User.objects.filter(staff_or_scorer, is_active=True)
        .distinct()
        .order_by("-is_staff", User.USERNAME_FIELD)
    )
