"""Small factories for per-test data (factory_boy), and whole nights built by the services.

``night_with_schedule(pairs)`` goes the way a director does: ``nights.services.night_create``,
``night_draw`` (with a seeded chance, so tests are repeatable) and ``night_schedule``.
"""

import datetime
import random

import factory
from django.contrib.auth.models import User

from scoring.clubs.roles import DIRECTOR, SCORER, role_give
from scoring.clubs.scopes import current_club, home_club_made
from scoring.games import services as games_services
from scoring.models import Game, Member, Night
from scoring.nights import services as nights_services


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


def give_role(user, role: str, club=None) -> None:
    """``user`` becomes ``role`` of ``club``: the active scope's, else the home club."""
    role_give(user=user, club=club or current_club() or home_club_made(), role=role)


class DirectorFactory(UserFactory):
    """A director of the current club (``club=`` another), and staff: its admin."""

    class Meta:
        skip_postgeneration_save = True

    username = "director"
    is_staff = True

    @factory.post_generation
    def club(self, create, extracted, **kwargs):
        if create:
            give_role(self, DIRECTOR, extracted)


class ScorerFactory(UserFactory):
    """A scorer of the current club (``club=`` another)."""

    class Meta:
        skip_postgeneration_save = True

    username = "scorer"

    @factory.post_generation
    def club(self, create, extracted, **kwargs):
        if create:
            give_role(self, SCORER, extracted)


def player_names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(1, count + 1)]


# A French-Canadian club's names, as long as they come: what a page must show whole.
FIRST_NAMES = ["Monique", "Jean-François", "Marie-Ève", "Réjean", "Geneviève", "Pierre-Luc"]
FIRST_NAMES += ["Ghislaine", "Jean-Sébastien", "Marie-Christine", "Gaétan", "Françoise"]
LAST_NAMES = ["Bergeron", "Tremblay", "Charbonneau", "Bellefeuille", "Desrochers"]
LAST_NAMES += ["Lamoureux", "Beauchemin", "Gagnon-Lachance", "St-Pierre"]


def club_names(count: int, *, start: int = 0) -> list[str]:
    """``count`` different full names (from the ``start``-th): every first name with
    every last name, so no two players of a night share one."""
    names = [f"{first} {last}" for last in LAST_NAMES for first in FIRST_NAMES]
    assert start + count <= len(names), "not that many names"
    return names[start : start + count]


def night_with_schedule(
    pairs: int, *, variant: str = "club11", draw: bool = True, names=None, **settings
):
    """A night of ``pairs`` pairs, its numbers drawn and its pattern table's games made;
    its players ``names`` (``Player 1``, ``Player 2``… unless given)."""
    night = nights_services.night_create(
        name=settings.pop("name", f"{pairs}-pair night"),
        date=settings.pop("date", datetime.date(2026, 11, 17)),
        variant=variant,
        player_names=names or player_names(2 * pairs),
        **settings,
    )
    if draw:
        nights_services.night_draw(night=night, chance=random.Random(pairs))
        nights_services.night_schedule(night=night)
    return night


def play_out(night, *, upsets=(), losing_scores=None, loser_cinches=None, leave=()):
    """Finish the night's scheduled games from the pegboard, as a director would type them.

    In each game the lower-numbered pair wins 11 to 5 with no Cinches, unless the game's
    two pairs are in ``upsets`` (then the higher-numbered pair wins). ``losing_scores`` and
    ``loser_cinches`` give the loser's score and Cinches for some games (keyed by their two
    pairs); the games whose pairs are in ``leave`` stay unplayed.
    """
    upsets = {frozenset(pairs) for pairs in upsets}
    leave = {frozenset(pairs) for pairs in leave}
    losing_scores = {frozenset(k): v for k, v in (losing_scores or {}).items()}
    loser_cinches = {frozenset(k): v for k, v in (loser_cinches or {}).items()}
    for game in Game.objects.filter(night=night, is_playoff=False).order_by("round", "table"):
        meeting = frozenset(game.pairs)
        if meeting in leave:
            continue
        winner = max(game.pairs) if meeting in upsets else min(game.pairs)
        loser = {"score": losing_scores.get(meeting, 5), "cinches": loser_cinches.get(meeting, 0)}
        won = {"score": 11, "cinches": 0}
        sides = [won, loser] if winner == game.pair_a else [loser, won]
        result = {
            "winner": winner,
            "score": [side["score"] for side in sides],
            "cinches": [side["cinches"] for side in sides],
        }
        games_services.game_result_record(game=game, result=result)


def win_playoff(night, pairs, winner: int):
    """Finish the waiting play-off between ``pairs`` from the pegboard, won by ``winner``."""
    game = Game.objects.get(
        night=night, is_playoff=True, winner=None, pair_a__in=pairs, pair_b__in=pairs
    )
    score = [11, 4] if winner == game.pair_a else [4, 11]
    return games_services.game_result_record(
        game=game, result={"winner": winner, "score": score, "cinches": [0, 0]}
    )


# The new-night form as a director fills it in with the defaults; tests override a field.
NEW_NIGHT_FORM = {
    "name": "Tuesday club",
    "date": "2026-11-17",
    "variant": "club11",
    "tiebreak": "playoff",
    "entry_fee": "2.00",
    "loss_fee": "0.25",
    "cinch_fee": "0.10",
    "booby_prize": "4.00",
    "split": "50 / 30 / 20",
    "unit": "0.01",
}
