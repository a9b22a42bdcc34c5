"""The whole database's commands run in-process: ``export_club`` and ``import_club``
move a club into an empty database and out again unchanged, ``check_nights`` names what
today's rules refuse, ``hall_check`` and ``remove_demo`` keep the demo off the hall.
(The same commands across engines and as separate processes: ``test_move_club``,
``test_make_hall``, ``test_upgrade``.)"""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from scoring.models import Game, Member, Night
from tests.commands.test_import_export import command, refused
from tests.commands.test_load_demo import load_demo
from tests.factories import DirectorFactory, night_with_schedule, play_out

pytestmark = pytest.mark.django_db


def everything_out() -> None:
    """The database emptied of every row, as a new machine's migrated one is."""
    call_command("flush", interactive=False, verbosity=0)


def test_a_club_exported_and_imported_into_an_empty_database_exports_the_same(tmp_path):
    night = night_with_schedule(4, name="Club night")
    play_out(night)
    DirectorFactory(username="boss")
    first, again = tmp_path / "club.json", tmp_path / "again.json"
    command("export_club", str(first))
    everything_out()

    out, _ = command("import_club", str(first))
    command("export_club", str(again))

    assert out.startswith(f"Imported the club from {first}:")
    assert Night.objects.get().name == "Club night"
    assert json.loads(again.read_text())["rows"] == json.loads(first.read_text())["rows"]


def test_import_club_refuses_a_database_that_is_not_empty(tmp_path):
    night_with_schedule(2)
    command("export_club", str(tmp_path / "club.json"))

    error, _ = refused("import_club", str(tmp_path / "club.json"))

    assert "This database is not empty" in str(error) and error.returncode == 2


def test_import_club_refuses_what_is_not_a_club_file(tmp_path):
    other = tmp_path / "night.json"
    other.write_text(json.dumps({"format": "cinch-night/1"}))
    everything_out()

    error, _ = refused("import_club", str(other))

    assert "is not an export_club file (cinch-club/1, cinch-one-club/1)" in str(error)


def test_import_club_refuses_a_file_of_other_migrations(tmp_path):
    night_with_schedule(2)
    path = tmp_path / "club.json"
    command("export_club", str(path))
    document = json.loads(path.read_text())
    document["migrations"].append("scoring.9999_of_a_newer_version")
    path.write_text(json.dumps(document))
    everything_out()

    error, _ = refused("import_club", str(path))

    assert "comes from a database at other migrations than this one" in str(error)
    assert "only in the file: scoring.9999_of_a_newer_version" in str(error)


def test_export_club_writes_a_new_file_only(tmp_path):
    path = tmp_path / "club.json"
    path.write_text("kept")

    error, _ = refused("export_club", str(path))

    assert path.read_text() == "kept" and error.returncode == 2


def check_nights() -> tuple[str, int]:
    """What ``check_nights`` prints, and its exit status."""
    out = io.StringIO()
    try:
        call_command("check_nights", stdout=out)
    except CommandError as error:
        return out.getvalue(), error.returncode
    return out.getvalue(), 0


def test_check_nights_names_a_night_todays_rules_refuse():
    good, kept = night_with_schedule(2, name="Good"), night_with_schedule(2, name="Kept")
    game = Game.objects.get(night=kept)
    # As an early version stored it: a pegboard result past any target.
    Game.objects.filter(pk=game.pk).update(
        from_pegboard=True, score_a=110, score_b=3, winner=game.pair_a
    )

    out, status = check_nights()

    assert status == 1
    assert f"Night {kept.pk}, {kept}:" in out and f"Night {good.pk}," not in out
    assert "110" in out


def test_check_nights_says_so_when_no_night_needs_mending():
    night_with_schedule(2)

    out, status = check_nights()

    assert (out, status) == ("None of 1 night to mend.\n", 0)


def test_the_hall_refuses_the_demo_until_it_is_removed():
    load_demo("--force")
    Member.objects.create(name="Someone of the club")

    error, _ = refused("hall_check")
    removed, _ = command("remove_demo")
    checked, _ = command("hall_check")
    again, _ = command("remove_demo")

    assert "still holds the demo" in str(error) and "make remove-demo" in str(error)
    assert removed.startswith("Removed ") and "the night 'Demo night'" in removed
    assert checked == "No demo in the database.\n"
    assert again == "No demo in this database.\n"
    assert Member.objects.filter(name="Someone of the club").exists()
