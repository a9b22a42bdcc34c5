"""Small factories for per-test data (factory_boy), and whole nights built by the services.

``night_with_schedule(pairs)`` goes the way a director does: ``services.night_create``,
``night_draw`` (with a seeded chance, so tests are repeatable) and ``night_schedule``.
"""

import datetime
import random

import factory
from django.contrib.auth.models import Group, User

from scoring import services
from scoring.models import Member, Night
from scoring.permissions import SCORERS


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Player {n + 1}")


class NightFactory(factory.django.DjangoModelFactory):
    """A night with no players yet (``night_with_schedule`` seats them)."""

    class Meta:
        model = Night

    name = factory.Sequence(lambda n: f"Club night {n + 1}")
    date = datetime.date(2026, 11, 17)
    variant = "club11"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n + 1}")
    password = factory.django.Password("password")


class DirectorFactory(UserFactory):
    username = "director"
    is_staff = True


class ScorerFactory(UserFactory):
    class Meta:
        skip_postgeneration_save = True

    username = "scorer"

    @factory.post_generation
    def scorers_group(self, create, extracted, **kwargs):
        if create:
            self.groups.add(Group.objects.get_or_create(name=SCORERS)[0])


def player_names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(1, count + 1)]


def night_with_schedule(pairs: int, *, variant: str = "club11", draw: bool = True, **settings):
    """A night of ``pairs`` pairs, its numbers drawn and its pattern table's games made."""
    night = services.night_create(
        name=settings.pop("name", f"{pairs}-pair night"),
        date=settings.pop("date", datetime.date(2026, 11, 17)),
        variant=variant,
        player_names=player_names(2 * pairs),
        **settings,
    )
    if draw:
        services.night_draw(night=night, chance=random.Random(pairs))
        services.night_schedule(night=night)
    return night
