"""The club's logins: directors (staff, and the admin) and scorers (the ``Scorers``
group). A director adds them on the people page or with ``manage.py add_person``.

A login made without a password gets a one-time password, shown once: the person logs in
with it and sets their own at ``/accounts/password_change/``.
"""

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from scoring.core.http.permissions import SCORERS

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
    """A new login ``name`` as a director (staff, superuser for the admin) or a scorer."""
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
    user.is_staff = user.is_superuser = role == DIRECTOR
    user.save()
    if role == SCORER:
        user.groups.add(Group.objects.get_or_create(name=SCORERS)[0])
    return NewPerson(user, password, generated)


def is_last_director(user) -> bool:
    """Whether ``user`` is the only director who can still sign in: the club would have
    no one left to run its nights or add a login."""
    others = get_user_model().objects.filter(is_staff=True, is_active=True).exclude(pk=user.pk)
    return user.is_staff and user.is_active and not others.exists()


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
    """The login is gone from the club: it cannot sign in, has no role and no password,
    and leaves the people page. Its name stays on what it entered (the records and
    their history point at it), so nothing it did loses its author."""
    _not_the_last_director(user)
    user.is_active = user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
