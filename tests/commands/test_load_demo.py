"""``manage.py load_demo``: the demo logins and a night part-way through, made once."""

import datetime
import io
import re
from pathlib import Path

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import RequestFactory

from scoring.core.records import documents
from scoring.management.commands.load_demo import DEMO_NIGHT
from scoring.models import Game, Member, Night
from scoring.rules.jsonio import load_json

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parents[2] / "fixtures"
KEPT = "(the password printed when it was made)"


def log_in(username: str, password: str):
    """Who the login page would log in (django-axes wants the request it comes with)."""
    return authenticate(
        RequestFactory().post("/accounts/login/"), username=username, password=password
    )


def load_demo(*args) -> str:
    out = io.StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def printed_passwords(output: str) -> dict[str, str]:
    """The logins and passwords as the command printed them."""
    found = re.findall(r"^(?:Director|Scorer): (\w+) / (.+)$", output, flags=re.MULTILINE)
    return dict(found)


@pytest.fixture
def debug(settings):
    settings.DEBUG = True


def test_load_demo_twice_makes_one_demo_night(debug):
    first = load_demo()
    second = load_demo()

    night = Night.objects.get()
    assert night.name == DEMO_NIGHT
    assert (night.variant, night.seats.count(), Member.objects.count()) == ("club11", 12, 12)
    assert night.drawn_at is not None
    for output in (first, second):
        assert output.splitlines()[-1] == f"Demo night: /nights/{night.pk}/"
    assert set(printed_passwords(first)) == {"director", "scorer"}
    assert printed_passwords(second) == {"director": KEPT, "scorer": KEPT}
    assert first.startswith("Loaded the demo night")
    assert "Loaded" not in second


def test_the_demo_night_is_part_way_through(debug):
    load_demo()

    games = Game.objects.filter(night=Night.objects.get())
    assert games.count() == 15
    assert not games.filter(is_playoff=True).exists()
    finished = games.filter(winner__isnull=False)
    assert set(finished.values_list("round", flat=True)) == {1, 2}
    assert finished.count() == 6
    assert finished.filter(from_pegboard=True).exists()
    assert finished.filter(from_pegboard=False, hands__isnull=False).exists()
    open_games = games.filter(round__gte=3)
    assert open_games.count() == 9
    assert not open_games.filter(winner__isnull=False).exists()
    assert not open_games.filter(hands__isnull=False).exists()


def test_the_demo_users_log_in_with_the_passwords_printed_once(debug):
    passwords = printed_passwords(load_demo())
    load_demo()

    director = log_in("director", passwords["director"])
    scorer = log_in("scorer", passwords["scorer"])
    assert (director.is_staff, director.is_superuser) == (True, True)
    assert (scorer.is_staff, scorer.is_superuser) == (False, False)
    assert list(scorer.club_roles.values_list("club__slug", "role")) == [("club", "scorer")]
    assert list(director.club_roles.values_list("club__slug", "role")) == [("club", "director")]
    assert User.objects.count() == 2


def test_the_demo_passwords_are_made_at_random_each_time_a_demo_is_made(debug):
    first = printed_passwords(load_demo())
    User.objects.all().delete()
    second = printed_passwords(load_demo())

    assert first["director"] != second["director"]
    assert first["scorer"] != second["scorer"]
    assert "cinch-director" not in (first["director"], second["director"])
    assert len(second["director"]) >= 12


def test_load_demo_replaces_a_password_the_demo_once_published(debug):
    old = User.objects.create_user("scorer", password="cinch-scorer")

    passwords = printed_passwords(load_demo("--force"))

    assert log_in("scorer", "cinch-scorer") is None
    assert log_in("scorer", passwords["scorer"]) == old


def test_load_demo_keeps_a_password_changed_since(debug):
    load_demo()
    scorer = User.objects.get(username="scorer")
    scorer.set_password("something-else-entirely")
    scorer.save()

    assert printed_passwords(load_demo())["scorer"] == KEPT
    assert log_in("scorer", "something-else-entirely") == scorer


def test_load_demo_refuses_without_debug(settings):
    settings.DEBUG = False

    with pytest.raises(CommandError, match="DEBUG is off"):
        load_demo()

    assert not User.objects.exists()
    assert not Night.objects.exists()


def test_load_demo_runs_without_debug_when_forced(settings):
    settings.DEBUG = False

    output = load_demo("--force")

    assert set(printed_passwords(output)) == {"director", "scorer"}
    assert Night.objects.filter(name=DEMO_NIGHT).count() == 1


@pytest.mark.parametrize("what", ["night", "login", "member"])
def test_load_demo_refuses_a_database_with_data_of_its_own(debug, what):
    if what == "night":
        Night.objects.create(name="Tuesday club", date="2026-11-17")
    elif what == "login":
        User.objects.create_user("treasurer")
    else:
        Member.objects.create(name="Mabel Real")

    with pytest.raises(CommandError, match=f"holds 1 {what}s? that load_demo did not make"):
        load_demo()

    assert not User.objects.filter(username="director").exists()


def test_load_demo_runs_on_a_database_of_its_own_when_forced(debug):
    User.objects.create_user("treasurer")

    passwords = printed_passwords(load_demo("--force"))

    assert log_in("director", passwords["director"]) is not None


def test_the_demo_night_is_the_fixture_file_dated_today(debug):
    load_demo()

    fixture = load_json((FIXTURES / "demo-night.json").read_text(encoding="utf-8"))
    exported = documents.night_file(Night.objects.get())
    assert exported["date"] == datetime.date.today().isoformat()
    assert {key: exported[key] for key in fixture if key != "date"} == {
        key: value for key, value in fixture.items() if key != "date"
    }


def test_the_sample_members_load_and_seat_the_demo_night(debug):
    call_command("loaddata", FIXTURES / "members.json", verbosity=0)
    members = list(Member.objects.all())
    for member in members:
        member.full_clean()  # the names in their normal form, no look-alikes

    load_demo("--force")

    assert Member.objects.count() == len(members) == 16
    seated = set(Night.objects.get().seats.values_list("member__name", flat=True))
    assert seated < {member.name for member in members}
