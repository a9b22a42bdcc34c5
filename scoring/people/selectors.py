"""Reads of the people page: every director and scorer of the club, disabled ones too."""

from django.contrib.auth import get_user_model

from scoring.clubs.scopes import current_club
from scoring.models import ClubRole
from scoring.words.names import by_name


def people() -> list:
    """Every director and scorer of the current club (a disabled one too: it may be
    enabled again), directors first, by name (the people page). A removed login has no
    role here, so it is not here."""
    User = get_user_model()
    roles = ClubRole.objects.filter(club=current_club())
    role_of = dict(roles.values_list("user_id", "role"))
    found = by_name(User.objects.filter(pk__in=role_of), User.get_username)
    for person in found:
        person.club_role = role_of[person.pk]
    return sorted(found, key=lambda person: person.club_role != ClubRole.Role.DIRECTOR)
