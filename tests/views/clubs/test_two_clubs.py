"""Two clubs on one database: a director of one never reads nor writes the other's rows
through the first club's addresses, and has only the role the other gives them there.

The other club's pages under ``/c/<home>/`` answer 404 (its rows are not in the home
club's scope: no page can find them), its lists leave them out; under its own
``/c/<slug>/`` a director of the home club is the public, or what the other club made
them (a scorer: enters hands, does not set the night up).
"""

import pytest
from django_scopes import scope
from pytest_django.asserts import assertContains, assertNotContains

from scoring.clubs.roles import SCORER, role_give
from scoring.games import services as games_services
from scoring.mail import tokens as mail_tokens
from scoring.models import Game, Hand, Member
from tests.clubs import at, other_club
from tests.factories import ScorerFactory

pytestmark = pytest.mark.django_db

HAND = {"bidder": 1, "bid": 2, "high": 1, "low": 1, "position": 1, "jack": "", "game": ""}


@pytest.fixture
def b():
    return other_club()


def test_the_home_clubs_lists_leave_the_other_clubs_rows_out(client_as, director, home_club, b):
    client = client_as(director)

    nights = client.get(at(home_club, "home"))
    members = client.get(at(home_club, "member-list"))
    seasons = client.get(at(home_club, "season-list"))

    assertNotContains(nights, "Bayfield night")
    assertNotContains(members, "Bettina")
    assertNotContains(members, "Bea")
    assertNotContains(seasons, "Bayfield winter")


@pytest.mark.parametrize(
    "page", ["night-detail", "night-standings", "night-pot", "night-edit", "night-draw"]
)
def test_the_other_clubs_night_pages_are_not_found_under_the_home_club(
    client_as, director, home_club, b, page
):
    response = client_as(director).get(at(home_club, page, b.night.pk))

    assert response.status_code == 404


def test_the_other_clubs_season_and_game_are_not_found_under_the_home_club(
    client_as, director, home_club, b
):
    client = client_as(director)

    assert client.get(at(home_club, "season-detail", b.season.pk)).status_code == 404
    assert client.get(at(home_club, "game-detail", b.game.pk)).status_code == 404


def test_a_hand_posted_to_the_other_clubs_game_under_the_home_club_saves_nothing(
    client_as, director, home_club, b
):
    response = client_as(director).post(at(home_club, "game-detail", b.game.pk), HAND)

    assert response.status_code == 404
    assert not Hand.objects.with_scopes_disabled().filter(game=b.game).exists()


def test_the_other_clubs_pair_code_opens_nothing_under_the_home_club(client, home_club, b):
    response = client.get(f"/c/{home_club.slug}/p/{b.code}/")

    assert response.status_code != 200
    assertNotContains(response, "Bea", status_code=response.status_code)


def test_the_other_clubs_pair_code_opens_its_page_without_a_club_in_the_address(client, b):
    response = client.get(f"/p/{b.code}/")

    assertContains(response, "Bea")
    # Its links are the other club's addresses.
    assertContains(response, f"/c/{b.club.slug}/")


def test_a_director_of_the_home_club_is_no_director_of_the_other(client_as, director, b):
    client = client_as(director)

    assert client.get(at(b.club, "night-detail", b.night.pk)).status_code == 200  # public
    assert client.get(at(b.club, "night-edit", b.night.pk)).status_code == 403
    assert client.post(at(b.club, "game-detail", b.game.pk), HAND).status_code == 403
    assert client.get(at(b.club, "people")).status_code == 403


def test_a_director_of_one_club_and_scorer_of_another_enters_hands_there_and_no_more(
    client_as, director, b
):
    role_give(user=director, club=b.club, role=SCORER)
    client = client_as(director)

    saved = client.post(at(b.club, "game-detail", b.game.pk), HAND)

    assert saved.status_code == 302
    assert saved["Location"].startswith(f"/c/{b.club.slug}/games/{b.game.pk}/")
    assert Hand.objects.with_scopes_disabled().filter(game=b.game).count() == 1
    assert client.get(at(b.club, "night-edit", b.night.pk)).status_code == 403
    assert client.post(at(b.club, "night-schedule", b.night.pk)).status_code == 403


@pytest.mark.parametrize("change", ["person-disable", "person-enable", "person-remove"])
def test_a_director_changes_no_login_of_the_other_club(client_as, director, home_club, b, change):
    """The other club's scorer is not on the home club's people page, nor is theirs to
    disable, enable or remove: not found, and the login stays as it was."""
    theirs = ScorerFactory(username="bayfield-scorer", club=b.club)
    client = client_as(director)

    asked = client.get(at(home_club, change, theirs.pk))
    posted = client.post(at(home_club, change, theirs.pk))

    assert asked.status_code in (404, 405) and posted.status_code == 404
    theirs.refresh_from_db()
    assert theirs.is_active and theirs.has_usable_password()
    assert theirs.club_roles.get().club == b.club


def test_a_director_restores_nothing_from_the_other_clubs_history(
    client_as, director, home_club, b
):
    """The history has no scope of its own: a record of the other club's game is not
    found under the home club's address, and the other game stays as it is."""
    with scope(club=b.club):
        hand = games_services.hand_record(
            game=b.game, data={"bidder": 1, "bid": 2, "high": 1, "low": 1}
        )
        games_services.hand_delete(hand=hand)
        hand_record = Hand.history.filter(id=hand.pk).earliest("history_date")
        game_record = Game.history.filter(id=b.game.pk).latest("history_date")
    client = client_as(director)

    hand_restored = client.post(at(home_club, "hand-restore", hand_record.history_id))
    result_restored = client.post(at(home_club, "result-restore", game_record.history_id))

    assert hand_restored.status_code == 404 and result_restored.status_code == 404
    assert not Hand.objects.with_scopes_disabled().filter(game=b.game).exists()


@pytest.mark.parametrize("link", ["mail-yes", "mail-stop"])
def test_the_other_clubs_mail_link_is_not_found_under_the_home_club(client, home_club, b, link):
    """A member's e-mail link under another club's address: no such member there, and
    the page shows nothing of theirs, not even the address the link carries."""
    with scope(club=b.club):
        Member.objects.filter(pk=b.member.pk).update(email="bettina@example.org")
    make = {"mail-yes": mail_tokens.yes_token, "mail-stop": mail_tokens.stop_token}[link]
    url = at(home_club, link, make(b.member.pk, "bettina@example.org"))

    asked = client.get(url)
    posted = client.post(url)

    assertContains(asked, "This link is not one of the club", status_code=404)
    assertNotContains(asked, "bettina", status_code=404)
    assert posted.status_code == 404
    with scope(club=b.club):
        assert Member.objects.get(pk=b.member.pk).mail_since is None


def test_each_clubs_pages_carry_its_name(client, home_club, b):
    assertContains(
        client.get(at(b.club, "home")),
        '<a class="site-name" href="/c/b/">Bayfield Cinch</a>',
        html=False,
    )
    assertContains(client.get(at(b.club, "home")), "<h1>Bayfield Cinch</h1>", html=False)
    home = client.get(at(home_club, "home"))
    assertContains(home, f">{home_club.name}</a>")
    assertNotContains(home, "Bayfield Cinch")
