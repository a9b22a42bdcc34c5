"""The host's writes: a new club, and its first director."""

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction

from scoring.clubs.roles import DIRECTOR, role_give
from scoring.models import Club


@dataclass(frozen=True)
class NewClub:
    club: Club
    director: object
    password: str | None  # a one-time password when the director's login is new


def new_slug(model, slug: str, what: str) -> None:
    """That ``slug`` may address a new ``model`` row (a club, a league): a slug, not
    taken; else a ``ValidationError`` on ``slug`` naming ``what``."""
    try:
        validate_slug(slug)
    except ValidationError:
        raise ValidationError(
            {"slug": f"{slug!r} is not a slug: letters, digits, - and _ only."}
        ) from None
    if model.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": f"{what} has the slug {slug!r} already."})


@transaction.atomic
def club_add(*, slug: str, name: str, director: str, email: str = "") -> NewClub:
    """Club ``slug`` named ``name``, with ``director`` (a login, made if new with a
    one-time password) as its director and staff (its admin)."""
    new_slug(Club, slug, "A club")
    if not name.strip():
        raise ValidationError({"name": "Give the club's name."})
    club = Club.objects.create(slug=slug, name=name.strip())
    User = get_user_model()
    user = User.objects.filter(**{User.USERNAME_FIELD: director}).first()
    password = None
    if user is None:
        password = secrets.token_urlsafe(12)
        user = User(**{User.USERNAME_FIELD: director}, email=email)
        user.set_password(password)
    user.is_staff = True
    user.save()
    role_give(user=user, club=club, role=DIRECTOR)
    return NewClub(club, user, password)
