"""The club's logins: its directors (staff: the admin, of the club's rows) and scorers,
each a role in the current club (``ClubRole``; a person may have a role in other clubs
too). A director adds them on the people page or with ``manage.py add_person``.

A login made without a password gets a one-time password, shown once: the person logs in
with it and sets their own at ``/accounts/password_change/``.
"""

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy

from scoring.clubs.roles import is_director, role_give, role_take
from scoring.clubs.scopes import current_club
from scoring.models import ClubRole

DIRECTOR, SCORER = "director", "scorer"
ROLES = {DIRECTOR: gettext_lazy("Director"), SCORER: gettext_lazy("Scorer")}


@dataclass(frozen=True)
class NewPerson:
    user: object
    password: str
    generated: bool


def one_time_password() -> str:
    return secrets.token_urlsafe(12)


@transaction.atomic
def person_add(*, name: str, role: str, password: str | None = None) -> NewPerson:
    """A new login ``name`` as a director of the current club (staff: its admin) or a
    scorer of it."""
    User = get_user_model()
    name = name.strip()
    if role not in ROLES:
        raise ValidationError(
            gettext("%(role)s is not a role: director or scorer.") % {"role": repr(role)}
        )
    field = User._meta.get_field(User.USERNAME_FIELD)
    try:
        field.run_validators(name)
    except ValidationError as error:
        raise ValidationError({"name": error.messages}) from None
    if not name:
        raise ValidationError({"name": gettext("Give the person's login name.")})
    if User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": name}).exists():
        raise ValidationError({"name": gettext("%(name)s has a login already.") % {"name": name}})
    generated = password is None
    password = one_time_password() if generated else password
    user = User(**{User.USERNAME_FIELD: name})
    if not generated:
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise ValidationError({"password": error.messages}) from None
    user.set_password(password)
    user.is_staff = role == DIRECTOR
    user.save()
    role_give(user=user, club=current_club(), role=role)
    return NewPerson(user, password, generated)


def is_last_director(user) -> bool:
    """Whether ``user`` is the only director who can still sign in: the club would have
    no one left to run its nights or add a login."""
    club = current_club()
    directors = Q(club_roles__club=club, club_roles__role=ClubRole.Role.DIRECTOR)
    others = get_user_model().objects.filter(directors | Q(is_superuser=True), is_active=True)
    return is_director(user) and user.is_active and not others.exclude(pk=user.pk).exists()


def _not_the_last_director(user) -> None:
    if is_last_director(user):
        raise ValidationError(
            gettext("%(name)s is the last director: add another director first.")
            % {"name": user.get_username()}
        )


@transaction.atomic
def person_disable(user) -> None:
    """The login can no longer sign in (a session it has ends at its next page); its role
    stays, so a director can enable it again."""
    _not_the_last_director(user)
    user.is_active = False
    user.save(update_fields=["is_active"])


@transaction.atomic
def person_enable(user) -> None:
    user.is_active = True
    user.save(update_fields=["is_active"])


@transaction.atomic
def person_remove(user) -> None:
    """The login is gone from the club: it has no role in it and leaves the people page;
    with no role in another club, it cannot sign in and has no password. Its name stays
    on what it entered (the records and their history point at it), so nothing it did
    loses its author."""
    _not_the_last_director(user)
    role_take(user=user, club=current_club())
    if ClubRole.objects.filter(user=user).exists():
        return
    user.is_active = user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
