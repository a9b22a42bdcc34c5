"""Three clubs on one database at once, each given the same nights and single games
(``tests.documents``, the documents the one-club import checks read) and one night and
one game of its own: each club's standings, ladder and boards, as its pages show them,
are the rules core's for its own documents, and no club's page lists another's.
"""

import datetime
from dataclasses import dataclass, field

import pytest
from django_scopes import scope
from pytest_django.asserts import assertContains, assertNotContains

from scoring.clubs.scopes import home_club
from scoring.core.records.seasons import season_nights
from scoring.models import Club, Night, Season, TableGame
from scoring.nights import services as nights_services
from scoring.rules import score_night
from scoring.rules.jsonio import dump_json
from scoring.rules.ladder import SEASON_FORMAT, ladder_document
from scoring.rules.simulate import random_night, random_table
from scoring.rules.table import score_table
from scoring.tablegames import services as tablegames_services
from tests import documents
from tests.clubs import at

pytestmark = pytest.mark.django_db

OTHERS = [("bayfield", "Bayfield Cinch"), ("lakeside", "Lakeside Cinch")]


@dataclass
class Loaded:
    """A club and what it was given: each night and table with the document it came from."""

    club: Club
    nights: list[tuple[dict, Night]] = field(default_factory=list)
    tables: list[tuple[dict, TableGame]] = field(default_factory=list)
    season: Season | None = None

    @property
    def own(self) -> str:
        """The name its own night, season and game's players carry."""
        return self.club.slug.capitalize()


def own_night(place: int, name: str) -> dict:
    document = random_night(3 + place, seed=50 + place, rounds_played=2 + place)
    players = [f"{name} {number}" for number in range(1, len(document["players"]) + 1)]
    return document | {"name": f"{name} night", "players": players, "date": "2026-10-06"}


def own_table(place: int, name: str) -> dict:
    document = random_table("chicago42", 2 + place, seed=60 + place)
    players = [f"{name} player {number}" for number in range(1, len(document["players"]) + 1)]
    return document | {"name": f"{name} table", "players": players}


def shared(params) -> list[dict]:
    return [param.values[0] for param in params]


def build() -> list[Loaded]:
    """The home club and two more, each with the shared documents and its own: built
    once for the module (``module_built``)."""
    clubs = [home_club()] + [Club.objects.create(slug=slug, name=name) for slug, name in OTHERS]
    loaded = []
    for place, club in enumerate(clubs):
        one = Loaded(club)
        with scope(club=club):
            for document in [*shared(documents.nights()), own_night(place, one.own)]:
                one.nights.append((document, nights_services.night_import(document=document)))
            for document in [*shared(documents.tables()), own_table(place, one.own)]:
                one.tables.append((document, tablegames_services.table_import(document=document)))
            one.season = Season.objects.create(
                name=f"{one.own} season",
                first_date=datetime.date(2000, 1, 1),
                last_date=datetime.date(2099, 12, 31),
            )
        loaded.append(one)
    return loaded


@pytest.fixture
def three(module_built, db) -> list[Loaded]:
    return module_built


def test_each_clubs_standings_are_the_rules_cores_of_its_own_nights(client, three):
    for one in three:
        for document, night in one.nights:
            response = client.get(at(one.club, "night-standings-json", night.pk))

            assert response.content.decode().strip() == dump_json(score_night(document)).strip()


def test_each_clubs_ladder_is_the_rules_cores_over_its_own_nights(client, three):
    for one in three:
        with scope(club=one.club):
            order = [night.pk for night in season_nights(one.season)]
        given = {night.pk: document for document, night in one.nights}
        season = {"format": SEASON_FORMAT, "name": one.season.name, "nights": []}
        season["nights"] = [given[pk] for pk in order]

        response = client.get(at(one.club, "season-detail", one.season.pk))

        assert sorted(order) == sorted(given)
        assert response.context["ladder"].document == ladder_document(season)


def test_each_clubs_boards_are_the_rules_cores_of_its_own_games(client, three):
    for one in three:
        for document, table in one.tables:
            board = client.get(at(one.club, "table-detail", table.pk)).context["board"]

            expected = score_table(document)
            assert [row.score for row in board.players] == expected["score"]
            assert [row.cinches for row in board.players] == expected["cinches"]
            assert board.finished == expected["finished"]
            winners = [document["players"][number - 1] for number in expected["winners"]]
            assert board.winners == winners


@pytest.mark.parametrize(
    ("page", "what"),
    [
        ("home", "night"),
        ("member-list", "1"),
        ("season-list", "season"),
        ("table-list", "player 1"),
    ],
)
def test_no_clubs_page_lists_anothers(client, three, page, what):
    for one in three:
        response = client.get(at(one.club, page))

        assertContains(response, f"{one.own} {what}")
        for other in three:
            if other is not one:
                assertNotContains(response, f"{other.own} {what}")
