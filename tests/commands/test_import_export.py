"""``manage.py import_night`` and ``export_night``: in-process, and as a club would run them.

The subprocess tests run ``manage.py`` against a SQLite file of their own, migrated once,
and compare ``export_night`` byte for byte with ``python3 -m scoring.rules score``.
"""

import io
import json
import os
import sqlite3
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from scoring.models import Game, Hand, Member, Night, Seat
from scoring.rules.__main__ import main as rules_main
from scoring.rules.jsonio import load_json
from scoring.rules.simulate import random_night

REPOSITORY = Path(__file__).parents[2]
EXAMPLE = REPOSITORY / "tests" / "rules" / "night_format_example.json"


def broken_document() -> dict:
    """A valid night but for a money setting and the last hand of its last game."""
    document = random_night(4, seed=11)
    document["games"][-1]["hands"][-1]["bid"] = 9
    document["money"] = {"unit": "0"}
    return document


def last_hand_place(document) -> str:
    last = len(document["games"]) - 1
    return f"games[{last}].hands[{len(document['games'][last]['hands']) - 1}].bid: "


# --- in-process, through call_command -------------------------------------------------


def command(*args, stdin: str | None = None, monkeypatch=None) -> tuple[str, str]:
    """``(stdout, stderr)`` of the management command, ``stdin`` fed to it if given."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def refused(*args, stdin: str | None = None, monkeypatch=None) -> tuple[CommandError, str]:
    """The command's ``CommandError`` and what it wrote to stderr first."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    err = io.StringIO()
    with pytest.raises(CommandError) as error:
        call_command(*args, stdout=io.StringIO(), stderr=err)
    return error.value, err.getvalue()


def counts() -> list[int]:
    return [model.objects.count() for model in (Night, Game, Hand, Seat, Member)]


@pytest.mark.django_db
@pytest.mark.database
def test_import_night_prints_a_summary_then_the_id():
    out, err = command("import_night", str(EXAMPLE))

    night = Night.objects.get()
    assert out.splitlines() == [
        f"Imported night {night.pk}: Tuesday round robin (8 players, 2 games, 1 play-off)",
        str(night.pk),
    ]
    assert err == ""


@pytest.mark.django_db
@pytest.mark.database
def test_import_night_reads_standard_input(monkeypatch):
    document = random_night(6, seed=3)

    out, _ = command("import_night", "-", stdin=json.dumps(document), monkeypatch=monkeypatch)

    first, last = out.splitlines()
    assert first == f"Imported night {last}: Random night 3 (12 players, 15 games)"
    assert Night.objects.get(pk=int(last)).seats.count() == 12


@pytest.mark.django_db
@pytest.mark.database
def test_import_night_refuses_a_broken_file_and_writes_nothing(tmp_path):
    command("import_night", str(EXAMPLE))
    before = counts()
    document = broken_document()
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")

    error, err = refused("import_night", str(path))

    assert error.returncode == 2
    assert str(error) == "Nothing was imported: 2 problems."
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("money.unit: ")
    assert lines[1].startswith(last_hand_place(document))
    assert counts() == before


@pytest.mark.django_db
@pytest.mark.database
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("{", "-: not a JSON document", id="not-json"),
        pytest.param('{"format": "cinch-night/1", "players": NaN}', "not a JSON", id="nan"),
        pytest.param("[]", "a night must be a JSON object", id="not-an-object"),
        pytest.param(
            '{"format": "cinch-night/1", "format": "cinch-night/1"}',
            '-: not a JSON document: the key "format" is given twice in one object',
            id="a-key-twice",
        ),
    ],
)
def test_import_night_refuses_what_is_not_a_night(monkeypatch, text, expected):
    error, err = refused("import_night", "-", stdin=text, monkeypatch=monkeypatch)

    assert error.returncode == 2
    assert expected in err
    assert counts() == [0, 0, 0, 0, 0]


@pytest.mark.django_db
@pytest.mark.database
def test_import_night_refuses_a_missing_file(tmp_path):
    error, err = refused("import_night", str(tmp_path / "nope.json"))

    assert error.returncode == 2
    assert "nope.json: cannot read the night file" in err


@pytest.mark.django_db
@pytest.mark.database
def test_money_stays_exact_through_the_import(monkeypatch):
    text = EXAMPLE.read_text(encoding="utf-8").replace('"0.10"', '"0.125"')

    out, _ = command("import_night", "-", stdin=text, monkeypatch=monkeypatch)
    exported, _ = command("export_night", "--night-file", out.splitlines()[-1])

    assert Night.objects.get().cinch_fee == Decimal("0.125")
    assert load_json(exported)["money"]["cinch_fee"] == "0.125"


@pytest.mark.django_db
@pytest.mark.database
def test_a_number_with_a_decimal_point_is_not_a_bid(monkeypatch):
    text = EXAMPLE.read_text(encoding="utf-8").replace('"bid": 3,', '"bid": 3.0,')

    error, err = refused("import_night", "-", stdin=text, monkeypatch=monkeypatch)

    assert err.startswith("games[0].hands[0].bid: ")
    assert counts() == [0, 0, 0, 0, 0]


@pytest.mark.django_db
@pytest.mark.database
@pytest.mark.parametrize(
    "document",
    [
        pytest.param(random_night(5, seed=4, rounds_played=3, results_share=0.3), id="club11"),
        pytest.param(random_night(4, seed=22, variant_id="cinch51"), id="cinch51"),
        pytest.param(random_night(3, seed=23, variant_id="chicago42"), id="chicago42"),
    ],
)
def test_export_night_prints_the_rules_cores_standings(monkeypatch, document):
    """What ``python3 -m scoring.rules score`` prints, for each variant (the command
    line's own bytes: ``test_export_is_byte_identical_to_the_rules_cli``)."""
    out, _ = command("import_night", "-", stdin=json.dumps(document), monkeypatch=monkeypatch)

    exported, err = command("export_night", out.splitlines()[-1])

    assert exported == score_command_output(document)
    assert err == ""


def score_command_output(document: dict) -> str:
    """What the rules core's command line prints for ``document``, run in this process."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert rules_cli(["score", "-"], stdin=json.dumps(document)) == 0
    return out.getvalue()


def rules_cli(argv: list[str], stdin: str) -> int:
    previous, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        return rules_main(argv)
    finally:
        sys.stdin = previous


@pytest.mark.django_db
@pytest.mark.database
def test_export_night_file_prints_the_night_as_entered(monkeypatch):
    document = load_json(EXAMPLE.read_text(encoding="utf-8"))
    out, _ = command("import_night", str(EXAMPLE))

    exported, _ = command("export_night", out.splitlines()[-1], "--night-file")

    assert exported.endswith("}\n")
    assert load_json(exported) == document


@pytest.mark.django_db
@pytest.mark.database
def test_export_night_refuses_an_unknown_id():
    error, _ = refused("export_night", "404")

    assert error.returncode == 2
    assert str(error) == "There is no night 404."


@pytest.mark.django_db
@pytest.mark.database
def test_export_night_refuses_a_night_that_cannot_be_scored():
    # Set up on the site with an odd player count: the rules core cannot score it.
    night = Night.objects.create(name="Odd", date="2026-11-17")
    for number, name in enumerate(["A", "B", "C", "D", "E"], start=1):
        Seat.objects.create(night=night, number=number, member=Member.objects.create(name=name))

    error, err = refused("export_night", str(night.pk))

    assert error.returncode == 2
    assert err.startswith("players: ")
    assert command("export_night", str(night.pk), "--night-file")[0].startswith("{")


@pytest.mark.django_db
@pytest.mark.database
def test_export_night_exports_a_night_stored_with_one_person_twice(monkeypatch):
    """An early version let "Ann" and "ann" play one night (players 1 and 3); today's rules
    refuse the night file for it, and the standings still export, names as stored."""
    document = random_night(4, seed=5, results_share=0.3)
    out, _ = command("import_night", "-", stdin=json.dumps(document), monkeypatch=monkeypatch)
    night_id = out.splitlines()[-1]
    before, _ = command("export_night", night_id)
    # As the early version stored them: two members whose names differ only by case.
    with connection.cursor() as cursor:
        for number, name in ((1, "Ann"), (3, "ann")):
            cursor.execute(
                "UPDATE scoring_member SET name = %s WHERE id = (SELECT member_id FROM "
                "scoring_seat WHERE night_id = %s AND number = %s)",
                [name, night_id, number],
            )

    exported, err = command("export_night", night_id)
    night_file, file_err = command("export_night", night_id, "--night-file")

    renamed = {document["players"][0]: "Ann", document["players"][2]: "ann"}
    expected = load_json(before)
    for row in expected["standings"]:
        row["players"] = [renamed.get(name, name) for name in row["players"]]
    for player in expected["money"]["players"]:
        player["name"] = renamed.get(player["name"], player["name"])
    assert load_json(exported) == expected  # the same figures, the names as stored
    assert exported.endswith("}\n")
    mend = f"Night {night_id} to mend: The night: player 3: ann is already player 1"
    assert err.startswith(mend) and file_err.startswith(mend)
    assert load_json(night_file)["players"][:3] == ["Ann", document["players"][1], "ann"]
    # The file as stored: the rules core refuses it, in the words of the mend.
    refused_file = io.StringIO()
    with redirect_stderr(refused_file):
        assert rules_cli(["score", "-"], stdin=night_file) == 2
    assert "players[2]: ann is already player 1" in refused_file.getvalue()


# --- as a club runs them: manage.py in a subprocess on a SQLite file ---------------------
# On a file of their own whatever the suite's database: once (tests/conftest.py). A fresh
# interpreter and a migrate for each: make test-slow (CI runs it); the commands themselves
# are tried in-process above.


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("db") / "club.sqlite3"
    result = manage(path, "migrate", "--noinput")
    assert result.returncode == 0, result.stderr
    return path


def environment(database: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return environ | {
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "cinch_club.settings.test",
    }


def manage(database: Path, *args, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPOSITORY,
        env=environment(database),
        input=stdin,
        capture_output=True,
        check=False,
    )


def rules_score(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scoring.rules", "score", str(path)],
        cwd=REPOSITORY,
        capture_output=True,
        check=False,
    )


def rows(database: Path) -> list[int]:
    with sqlite3.connect(database) as connection:
        return [
            connection.execute(f"SELECT COUNT(*) FROM scoring_{table}").fetchone()[0]
            for table in ("night", "game", "hand", "seat", "member")
        ]


def imported_id(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, result.stderr.decode()
    last = result.stdout.decode().splitlines()[-1]
    assert last.isdigit()
    return last


@pytest.mark.slow
def test_export_is_byte_identical_to_the_rules_cli(database):
    """The two programs a club runs agree to the byte on the night-format example (each
    variant in-process: ``test_export_night_prints_the_rules_cores_standings``)."""
    night_id = imported_id(manage(database, "import_night", str(EXAMPLE)))
    exported = manage(database, "export_night", night_id)

    expected = rules_score(EXAMPLE)
    assert expected.returncode == 0, expected.stderr
    assert exported.returncode == 0, exported.stderr
    assert exported.stdout == expected.stdout
    assert exported.stderr == b""


@pytest.mark.slow
def test_import_from_stdin_then_export_the_night_file(database, tmp_path):
    names = ["Zoë", "Åsa", "Björn", "Dorothée"]
    document = random_night(2, seed=5) | {"players": names}
    text = json.dumps(document, ensure_ascii=False).encode()

    night_id = imported_id(manage(database, "import_night", "-", stdin=text))
    night_file = manage(database, "export_night", "--night-file", night_id)

    assert night_file.returncode == 0, night_file.stderr
    path = tmp_path / "exported.json"
    path.write_bytes(night_file.stdout)
    assert load_json(night_file.stdout.decode())["players"] == names
    assert manage(database, "export_night", night_id).stdout == rules_score(path).stdout


@pytest.mark.slow
def test_a_broken_file_exits_2_and_leaves_the_database_unchanged(database, tmp_path):
    imported_id(manage(database, "import_night", str(EXAMPLE)))
    before = rows(database)
    document = broken_document()
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")

    result = manage(database, "import_night", str(path))

    assert result.returncode == 2
    assert result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert lines[0].startswith("money.unit: ")
    assert lines[1].startswith(last_hand_place(document))
    assert lines[2] == "CommandError: Nothing was imported: 2 problems."
    assert rows(database) == before
    assert rules_score(path).returncode == 2


@pytest.mark.slow
def test_export_of_an_unknown_night_exits_2(database):
    result = manage(database, "export_night", "999999")

    assert (result.returncode, result.stdout) == (2, b"")
    assert b"There is no night 999999." in result.stderr
