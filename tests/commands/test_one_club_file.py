"""``export_club --club`` and ``import_club --club``/``--as`` in-process: one club's file
comes back into a site whose ids are taken by another club, the same byte for byte, and
what cannot be done is refused naming the club. (Across engines, a club moved into a
hosted site and out: ``tests/reliability/test_club_moved_out_and_back.py``.)"""

import json

import pytest
from django.core.management import call_command
from django_scopes import scope

from scoring.models import Club, ClubRole, Game, Member, Night, Season
from tests.clubs import other_club
from tests.commands.test_import_export import command, refused
from tests.factories import UserFactory, night_with_schedule, play_out

# SQLite alone: the ids from the site's series on PostgreSQL (nextval) are proven by the
# club moved between processes (test_club_moved_out_and_back), on both engines.
pytestmark = pytest.mark.django_db


def test_a_club_file_comes_back_beside_another_club_the_same(tmp_path, home_club):
    b = other_club()
    with scope(club=b.club):
        play_out(b.night)
    first, again = tmp_path / "b.json", tmp_path / "again.json"
    command("export_club", "--club", "b", str(first))
    call_command("flush", interactive=False, verbosity=0)
    home = Club.objects.create(slug="club", name="Home")
    with scope(club=home):
        night_with_schedule(3, name="Home night")  # takes the ids b's rows had

    out, _ = command("import_club", str(first))
    command("export_club", "--club", "b", str(again))

    assert out.startswith(f"Imported club b from {first}:")
    assert again.read_bytes() == first.read_bytes()
    moved = Club.objects.get(slug="b")
    with scope(club=moved):
        assert Night.objects.get().name == "Bayfield night"
        assert Member.objects.filter(name="Bettina").exists()
        assert Season.objects.get().name == "Bayfield winter"
        assert Game.objects.exclude(winner=None).count() == 1
    with scope(club=home):
        assert list(Night.objects.values_list("name", flat=True)) == ["Home night"]


def test_the_file_holds_the_club_its_settings_and_its_people_by_username(tmp_path, director):
    Club.objects.filter(slug="club").update(currency_sign="£", public_pages="standings")
    command("export_club", "--club", "club", str(tmp_path / "club.json"))

    document = json.loads((tmp_path / "club.json").read_text())

    assert document["format"] == "cinch-one-club/1"
    assert (document["club"]["currency_sign"], document["club"]["public_pages"]) == (
        "£",
        "standings",
    )
    assert document["roles"] == [{"role": "director", "username": director.username}]
    assert [account["username"] for account in document["accounts"]] == [director.username]
    assert "is_superuser" not in document["accounts"][0]


def test_a_club_that_holds_rows_is_refused_naming_it(tmp_path, home_club):
    b = other_club()
    command("export_club", "--club", home_club.slug, str(tmp_path / "club.json"))

    error, _ = refused("import_club", str(tmp_path / "club.json"), "--as", "b")

    assert error.returncode == 2
    assert str(error).startswith("Club b (Bayfield Cinch) is not empty (members: 5, nights: 1, ")
    assert "name another with --as SLUG" in str(error)
    with scope(club=b.club):
        assert Night.objects.count() == 1


def test_an_empty_club_takes_the_file_and_a_login_of_the_site_keeps_its_password(
    tmp_path, home_club, director
):
    night_with_schedule(2, name="Moving night")
    command("export_club", "--club", home_club.slug, str(tmp_path / "club.json"))
    call_command("flush", interactive=False, verbosity=0)
    empty = Club.objects.create(slug="empty", name="Empty")
    ours = UserFactory(username=director.username)
    ClubRole.objects.create(user=ours, club=empty, role="scorer")

    out, _ = command("import_club", str(tmp_path / "club.json"), "--club", "empty")

    with scope(club=empty):
        assert Night.objects.get().name == "Moving night"
    assert f"keep their passwords: {director.username}" in out
    ours.refresh_from_db()
    assert ours.password != director.password
    # Its role in the file (the club's director) is its role here now.
    assert ClubRole.objects.get(club=empty).role == "director"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(("--as", "no good"), "--club: 'no good' is not a slug", id="not-a-slug"),
    ],
)
def test_import_club_refuses_what_is_not_a_slug(tmp_path, home_club, args, message):
    command("export_club", "--club", home_club.slug, str(tmp_path / "club.json"))

    error, _ = refused("import_club", str(tmp_path / "club.json"), *args)

    assert str(error).startswith(message)


def test_export_club_names_the_clubs_when_none_has_the_slug(tmp_path, home_club):
    error, _ = refused("export_club", "--club", "nowhere", str(tmp_path / "x.json"))

    assert error.returncode == 2
    assert str(error) == "No club has the slug 'nowhere' (the clubs: club)."
    assert not (tmp_path / "x.json").exists()


def test_a_whole_database_file_is_not_taken_as_a_club(tmp_path, home_club):
    command("export_club", str(tmp_path / "all.json"))

    error, _ = refused("import_club", str(tmp_path / "all.json"), "--club", "b")

    assert "holds a whole database, not one club" in str(error)


def test_backup_db_says_a_clubs_backup_is_its_club_file(tmp_path, home_club):
    error, _ = refused("backup_db", "--club", "b", str(tmp_path / "b.sqlite3"))

    assert error.returncode == 2
    assert "manage.py export_club --club b FILE" in str(error)
