"""Who is what in the current club: a director, a scorer, or neither.

A role is one club's (``ClubRole``): a director of one club may be a scorer or nothing at
another. A superuser is the host, a director everywhere. The answer is asked once per
person and club however often a page asks (kept on the user object; the middleware reads
the session's person's role along with the club, so a page pays no query for it).
"""

from scoring.clubs.scopes import current_club
from scoring.models import ClubRole

DIRECTOR, SCORER = ClubRole.Role.DIRECTOR, ClubRole.Role.SCORER


def role_in(user, club) -> str | None:
    """``user``'s role in ``club`` (``None``: no role, or no club)."""
    if club is None or not user.is_authenticated:
        return None
    known = user.__dict__.setdefault("_club_roles", {})
    if club.pk not in known:
        read = getattr(club, "_session_role", None)
        if read is not None and read[0] == user.pk:
            known[club.pk] = read[1]
        else:
            found = ClubRole.objects.filter(user=user, club=club).values_list("role", flat=True)
            known[club.pk] = found.first()
    return known[club.pk]


def forget_roles(user) -> None:
    """After a change of ``user``'s roles: asked again next time."""
    user.__dict__.pop("_club_roles", None)


def is_director(user, club=None) -> bool:
    """A director of ``club`` (the current one by default): sets its nights up, draws,
    schedules, re-opens games, adds its logins. The host is a director everywhere."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return role_in(user, club or current_club()) == DIRECTOR


def is_scorer(user, club=None) -> bool:
    """A scorer of ``club`` (or a director: directors score too): enters and corrects
    hands and results."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return role_in(user, club or current_club()) in (DIRECTOR, SCORER)


def role_give(*, user, club, role: str) -> ClubRole:
    """``user`` becomes ``role`` of ``club`` (a director or a scorer), in place of any
    role they had there."""
    given, _ = ClubRole.objects.update_or_create(user=user, club=club, defaults={"role": role})
    forget_roles(user)
    return given


def role_take(*, user, club) -> None:
    """``user`` has no role in ``club`` any more."""
    ClubRole.objects.filter(user=user, club=club).delete()
    forget_roles(user)
