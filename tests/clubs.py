"""Two clubs on one database, for the tests of what one club sees of another: the home
club (the suite's, ``home_club``) and club ``b`` with its own night, member and season."""

from dataclasses import dataclass

from django.urls import reverse
from django_scopes import scope

from scoring.links.codes import night_codes, spoken_code
from scoring.models import Club, Game, Member, Night, Season
from tests.factories import night_with_schedule


@dataclass
class OtherClub:
    club: Club
    night: Night
    game: Game
    member: Member
    season: Season
    code: str  # a pair's code of its night, as printed


def other_club(slug: str = "b", name: str = "Bayfield Cinch") -> OtherClub:
    club = Club.objects.create(slug=slug, name=name)
    with scope(club=club):
        night = night_with_schedule(2, name="Bayfield night", names=["Bea", "Ben", "Bo", "Bud"])
        game = Game.objects.get(night=night, round=1, table=1)
        member = Member.objects.create(name="Bettina")
        season = Season.objects.create(name="Bayfield winter")
        code = spoken_code(night_codes(night)[1].code)
    return OtherClub(club, night, game, member, season, code)


def at(club: Club, name: str, *args) -> str:
    """The address of page ``name`` of ``club``: ``/c/<slug>/…``."""
    return f"/c/{club.slug}" + reverse(f"scoring:{name}", args=args)
