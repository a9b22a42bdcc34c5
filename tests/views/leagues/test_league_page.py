"""A league's page (``/l/<slug>/``, outside every club): the nights of its clubs side by
side, each a link under its club's address, and the league ladder, which is the rules
core's season ladder over the same nights' files; a player of the same name in two clubs
is one player; a club that shows nothing to the public shows no night there; the queries
do not grow with the nights nor the clubs."""

import datetime
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django_scopes import scope, scopes_disabled
from pytest_django.asserts import assertContains, assertNotContains

from scoring.core.records import documents, kept_summaries
from scoring.leagues.services import league_add
from scoring.models import Club, League, Night
from scoring.results import services as results_services
from scoring.rules.ladder import SEASON_FORMAT, ladder_document
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}
# "Ann Smith" plays for two clubs: one player of the league ladder.
NAMES = {
    "a": ["Ann Smith", "Al Ames", "Ada Ash", "Abe Amos", "Aly Ayr", "Art Ahn"],
    "b": ["Bea Bell", "ann smith", "Bo Baum", "Bud Bly", "Bix Bain", "Bram Boyd"],
    "c": ["Cy Cole", "Cal Cobb", "Cora Cain", "Cid Cho", "Cass Coe", "Cleo Cruz"],
}


def page(league="ontario") -> str:
    return reverse("scoring:league-detail", args=[league])


def club_nights(club: Club, count: int, *, start=datetime.date(2026, 11, 3), final=False):
    """``count`` nights of three pairs in ``club``, a week apart, every game played."""
    made = []
    with scope(club=club):
        for week in range(count):
            night = night_with_schedule(
                3,
                name=f"{club.name} night {week + 1}",
                date=start + datetime.timedelta(weeks=week),
                names=NAMES.get(club.slug),
            )
            play_out(night, upsets=[(2, 3)] if week % 2 else [])
            if final:
                results_services.night_close(night=night)
            made.append(night)
    return made


@pytest.fixture
def clubs(home_club):
    home_club.slug, home_club.name = "a", "Arden Cinch"
    home_club.save()
    return {
        "a": home_club,
        "b": Club.objects.create(slug="b", name="Bayfield Cinch"),
        "c": Club.objects.create(slug="c", name="Carleton Cinch"),
    }


@pytest.fixture
def league(clubs):
    for club in clubs.values():
        club_nights(club, 2)
    return league_add(slug="ontario", name="Ontario league", clubs=["a", "b"])


def season_of(nights: list[Night], name: str, best=None) -> dict:
    """The ``cinch-season/1`` document of ``nights``, every hand as entered."""
    document = {"format": SEASON_FORMAT, "name": name, "nights": []}
    if best is not None:
        document["best"] = best
    with scopes_disabled():
        document["nights"] = [documents.night_file(night) for night in nights]
    return document


def league_nights(*clubs: Club) -> list[Night]:
    with scopes_disabled():
        return list(Night.objects.filter(club__in=clubs).order_by("date", "pk"))


def test_the_league_ladder_is_the_rules_cores_season_ladder_of_its_nights(client, league, clubs):
    response = client.get(page())

    expected = ladder_document(season_of(league_nights(clubs["a"], clubs["b"]), league.name))
    assert response.context["read"].document == expected
    assert expected["nights_counted"] == 4
    shown = [(row["player"], row["counted"]) for row in response.context["ladder_table"].data]
    assert shown == [(row["player"], row["counted"]) for row in expected["ladder"]]


def test_best_and_the_dates_are_the_leagues(client, clubs):
    for club in clubs.values():
        club_nights(club, 3)
    league_add(
        slug="ontario",
        name="Ontario league",
        clubs=["a", "c"],
        first_date=datetime.date(2026, 11, 10),
        best=1,
    )

    response = client.get(page())

    nights = [n for n in league_nights(clubs["a"], clubs["c"]) if n.date.day >= 10]
    assert response.context["read"].document == ladder_document(
        season_of(nights, "Ontario league", best=1)
    )
    assert len(response.context["table"].rows) == 4


def test_a_player_of_two_clubs_is_one_player_with_both_clubs(client, league):
    rows = client.get(page()).context["read"].rows

    ann = [row for row in rows if row["player"].casefold() == "ann smith"]
    assert len(ann) == 1
    assert ann[0]["nights"] == 4
    assert ann[0]["clubs"] == ["Arden Cinch", "Bayfield Cinch"]
    assert next(row for row in rows if row["player"] == "Bea Bell")["clubs"] == ["Bayfield Cinch"]


def test_the_nights_of_every_club_newest_first_each_under_its_clubs_address(client, league):
    response = client.get(page())

    rows = [row.record for row in response.context["table"].rows]
    assert [(n.date.day, n.club.slug) for n in rows] == [(10, "b"), (10, "a"), (3, "b"), (3, "a")]
    night = rows[0]
    address = f"/c/b/nights/{night.pk}/"
    assertContains(response, f'href="{address}"')
    assertContains(response, "3 of 3 games finished")
    assertContains(client.get(address), night.name)


def test_a_club_that_has_not_joined_is_not_listed(client, league):
    response = client.get(page())

    assertNotContains(response, "Carleton")
    assertNotContains(response, "Cy Cole")
    assert all(n.club.slug != "c" for n in response.context["read"].counted)


def test_a_club_that_shows_nothing_to_the_public_shows_no_night_there(
    client, client_as, director, league, clubs
):
    clubs["b"].public_pages = "none"
    clubs["b"].save()

    public = client.get(page())
    logged_in = client_as(director).get(page())

    assertNotContains(public, "Bayfield Cinch night")
    assertNotContains(public, "Bea Bell")
    assertContains(public, "Arden Cinch night 1")
    assertContains(public, "One club shows its nights only to those logged in")
    assert public.context["read"].document["nights_counted"] == 2
    assertContains(logged_in, "Bayfield Cinch night 1")
    assertContains(logged_in, "Bea Bell")
    assert logged_in.context["read"].document["nights_counted"] == 4


def test_no_money_is_shown(client, clubs):
    club_nights(clubs["a"], 1, final=True)
    league_add(slug="ontario", name="Ontario league", clubs=["a"])

    response = client.get(page())

    assertContains(response, "Final")
    assertNotContains(response, "$")


def test_the_ladders_file_is_its_cinch_ladder_document(client, league, clubs):
    response = client.get(reverse("scoring:league-json", args=["ontario"]))

    assert response["Content-Type"] == "application/json"
    expected = ladder_document(season_of(league_nights(clubs["a"], clubs["b"]), league.name))
    assert json.loads(response.content) == expected


def test_the_page_in_french(client, league):
    response = client.get(page(), **FRENCH)

    assertContains(response, '<html lang="fr"')
    assertContains(response, "10 novembre 2026")
    assertContains(response, "<h2>Soirées</h2>", html=False)
    assertContains(response, "Chaque soirée compte.")
    assertContains(response, "Points comptés")


@pytest.mark.parametrize("league_name", ["nowhere"])
def test_no_league_of_that_address_is_not_found(client, league, league_name):
    assert client.get(page(league_name)).status_code == 404


def test_a_league_under_a_clubs_address_is_its_own(client, league):
    response = client.get("/c/b" + page() + "?page=2")

    assert response.status_code == 302
    assert response["Location"] == page() + "?page=2"


def test_the_page_serves_a_site_of_several_clubs_without_a_home_club(client, league, settings):
    settings.HOME_CLUB = ""

    response = client.get(page())

    assertContains(response, "Ontario league")
    assertContains(response, "Bayfield Cinch night 1")


@pytest.mark.parametrize("nights", [2, 6])
@pytest.mark.parametrize("joined", [2, 3])
def test_the_queries_do_not_grow_with_the_nights_nor_the_clubs(
    client, clubs, django_assert_num_queries, nights, joined
):
    """The league, its clubs, the nights' page and its count, the counted nights with
    their kept summaries (two more when any is stale: tested here kept)."""
    made = [night for club in clubs.values() for night in club_nights(club, nights)]
    with scopes_disabled():
        kept_summaries.keep([night.pk for night in made])
    league_add(slug="ontario", name="Ontario league", clubs=["a", "b", "c"][:joined])

    with django_assert_num_queries(5):
        response = client.get(page())

    assert len(response.context["read"].counted) == nights * joined


def test_add_league_adds_the_league_of_the_clubs_named(clubs, capsys):
    call_command("add_league", "ontario", "--name", "Ontario league", "--club", "a", "--club", "c")

    league = League.objects.get(slug="ontario")
    assert sorted(league.clubs.values_list("slug", flat=True)) == ["a", "c"]
    assert "/l/ontario/" in capsys.readouterr().out


@pytest.mark.parametrize(
    "arguments, said",
    [
        (["--club", "zz"], "No club has the slug zz"),
        (["--club", "a", "--first", "2026-12-01", "--last", "2026-11-01"], "last date"),
        (["--best", "0"], "best must be a whole number"),
    ],
)
def test_add_league_refuses_what_it_cannot_make_saying_why(clubs, arguments, said):
    with pytest.raises(CommandError, match=said):
        call_command("add_league", "ontario", "--name", "Ontario league", *arguments)

    assert not League.objects.exists()


def test_add_league_refuses_a_slug_taken(league):
    with pytest.raises(CommandError, match="has the slug 'ontario' already"):
        call_command("add_league", "ontario", "--name", "Again")


def test_the_host_manages_leagues_in_the_admin_a_clubs_director_does_not(
    client_as, director, league, django_user_model
):
    host = django_user_model.objects.create_superuser("host", "host@example.org", "x")
    change = reverse("admin:scoring_league_change", args=[league.pk])

    assertContains(client_as(host).get(change), "Ontario league")
    assert client_as(director).get(change).status_code in (302, 403)
