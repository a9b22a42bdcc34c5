"""Reads of the people page: every director and scorer of the club, disabled ones too."""

from django.contrib.auth import get_user_model
from django.db.models import F, QuerySet

from scoring.clubs.scopes import current_club
from scoring.models import ClubRole
from scoring.words.names import by_name


def club_people() -> QuerySet:
    """The logins with a role in the current club: the only ones its directors may
    change (another club's scorer is not theirs to disable or remove)."""
    return get_user_model().objects.filter(club_roles__club=current_club())


def people() -> list:
    """Every director and scorer of the current club (a disabled one too: it may be
    enabled again), directors first, by name (the people page). A removed login has no
    role here, so it is not here."""
    User = get_user_model()
    with_role = club_people()
    found = by_name(with_role.annotate(club_role=F("club_roles__role")), User.get_username)
    return sorted(found, key=lambda person: person.club_role != ClubRole.Role.DIRECTOR)
