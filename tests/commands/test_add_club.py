"""The host adds a club and its first director (``add_club``); the commands that work on
a club's rows take ``--club`` (the home club by default) and see that club alone."""

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django_scopes import scope

from scoring.clubs.roles import is_director
from scoring.models import Club, ClubRole, Member

pytestmark = pytest.mark.django_db


def run(*args, **options) -> str:
    out = StringIO()
    call_command(*args, stdout=out, **options)
    return out.getvalue()


def test_add_club_makes_the_club_and_its_director_with_a_one_time_password(client):
    said = run("add_club", "bayfield", name="Bayfield Cinch", director="bea", email="b@x.org")

    club = Club.objects.get(slug="bayfield")
    bea = get_user_model().objects.get(username="bea")
    password = re.search(r"One-time password: (\S+)", said)[1]
    assert (club.name, bea.email, bea.is_staff, bea.is_superuser) == (
        "Bayfield Cinch",
        "b@x.org",
        True,
        False,
    )
    assert "/c/bayfield/" in said
    assert is_director(bea, club) and not is_director(bea, Club.objects.get(slug="club"))
    assert bea.check_password(password)
    client.force_login(bea)
    assert client.get("/c/bayfield/nights/new/").status_code == 200
    assert client.get("/c/club/nights/new/").status_code == 403


def test_add_club_gives_an_existing_login_the_new_clubs_direction(director):
    said = run("add_club", "bayfield", name="Bayfield Cinch", director="director")

    assert "One-time password" not in said
    assert set(ClubRole.objects.filter(user=director).values_list("club__slug", "role")) == {
        ("club", "director"),
        ("bayfield", "director"),
    }


@pytest.mark.parametrize(
    ("slug", "said"), [("club", "has the slug 'club' already"), ("no way", "is not a slug")]
)
def test_add_club_refuses_a_taken_or_bad_slug(slug, said):
    with pytest.raises(CommandError, match=said):
        run("add_club", slug, name="Another", director="x")


def test_a_command_works_on_the_club_it_is_given(home_club):
    other = Club.objects.create(slug="b", name="Bayfield Cinch")

    run("add_person", "bea", "--scorer", club="b")
    run("add_person", "ann", "--scorer", club="club")
    with pytest.raises(CommandError, match="several clubs and no HOME_CLUB: name one"):
        run("add_person", "al", "--scorer")

    assert set(ClubRole.objects.values_list("user__username", "club__slug")) == {
        ("bea", "b"),
        ("ann", "club"),
    }
    with scope(club=other):
        assert not Member.objects.exists()


def test_a_command_refuses_a_club_that_is_not_there():
    with pytest.raises(CommandError, match="No club has the slug 'nowhere'"):
        run("add_person", "bea", "--scorer", club="nowhere")
