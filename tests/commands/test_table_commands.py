"""``manage.py import_game`` and ``export_game``: a table in and its board out, as the CLI.

The property: for random games of every table variant and player count, importing the
``cinch-game/1`` file and exporting the table prints byte for byte what ``python3 -m
scoring.rules score`` prints for the same file.
"""

import io
import json
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import TableGame, TableHand
from scoring.rules.__main__ import main
from scoring.rules.jsonio import dump_json
from scoring.rules.simulate import random_table

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).parents[1] / "rules" / "game_format_example.json"
TABLE_GAMES = [("chicago42", 2), ("chicago42", 3), ("razzle", 4), ("razzle", 5), ("razzle", 6)]


def command(*args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def cli_output(path: Path, capsys) -> str:
    assert main(["score", str(path)]) == 0
    return capsys.readouterr().out


def imported(path: Path) -> int:
    out, _ = command("import_game", str(path))
    return int(out.splitlines()[-1])


def test_import_prints_the_new_table_id_alone_on_its_last_line():
    out, err = command("import_game", str(EXAMPLE))

    table = TableGame.objects.get()
    assert out.splitlines()[-1] == str(table.pk)
    assert (
        out.splitlines()[0]
        == f"Imported table {table.pk}: Friday Razzle table (5 players, 2 hands)"
    )
    assert err == ""
    assert table.scores == [-2, 14, 14, 14, 14]


def test_import_reads_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(EXAMPLE.read_text()))

    out, _ = command("import_game", "-")

    assert TableGame.objects.get().pk == int(out.splitlines()[-1])


def test_export_prints_what_the_cli_prints_for_the_same_file(capsys):
    table_id = imported(EXAMPLE)
    expected = cli_output(EXAMPLE, capsys)

    out, _ = command("export_game", str(table_id))

    assert out == expected


def test_the_game_file_comes_back_as_it_went_in(tmp_path, capsys):
    table_id = imported(EXAMPLE)
    out, _ = command("export_game", str(table_id), "--game-file")
    again = tmp_path / "again.json"
    again.write_text(out)

    assert json.loads(out)["hands"] == json.loads(EXAMPLE.read_text())["hands"]
    assert cli_output(again, capsys) == cli_output(EXAMPLE, capsys)


def test_a_refused_file_writes_nothing_and_says_each_problem_on_its_line(tmp_path):
    bad = json.loads(EXAMPLE.read_text())
    bad["hands"][1]["partner"] = 1
    bad["stake"] = 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    err = io.StringIO()

    with pytest.raises(CommandError) as error:
        call_command("import_game", str(path), stdout=io.StringIO(), stderr=err)

    assert error.value.returncode == 2
    assert err.getvalue().splitlines() == [
        'stake: must be a decimal string such as "2.00" (in quotes), not the number 1',
        "hands[1].partner: the partner is the player holding the card the bidder called: "
        "never the bidder (no partner when the bidder plays alone)",
    ]
    assert not TableGame.objects.exists() and not TableHand.objects.exists()


def test_export_of_an_unknown_table_exits_2():
    with pytest.raises(CommandError, match="There is no table 99") as error:
        command("export_game", "99")
    assert error.value.returncode == 2


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(TABLE_GAMES),
    seed=st.integers(0, 100_000),
    stake=st.sampled_from([None, "0.00", "0.25", "1.00", "2.35"]),
    hands_kept=st.integers(0, 400),
)
def test_the_cli_and_export_game_agree_on_random_games(
    tmp_path_factory, capsys, game, seed, stake, hands_kept
):
    variant_id, players = game
    document = random_table(variant_id, players, seed=seed, stake=stake)
    document["hands"] = document["hands"][:hands_kept]  # finished, or still in play
    path = tmp_path_factory.mktemp("game") / "game.json"
    path.write_text(dump_json(document))

    expected = cli_output(path, capsys)
    out, _ = command("export_game", str(imported(path)))

    assert out == expected


@pytest.mark.django_db
def test_export_of_a_table_the_rules_core_refuses_says_why_and_exits_2():
    # One player seated (set up on the site, not through the import): no game to score.
    from scoring.models import Member, TablePlayer

    table = TableGame.objects.create(date="2026-11-17", variant="razzle")
    TablePlayer.objects.create(table=table, number=1, member=Member.objects.create(name="Ann"))
    err = io.StringIO()

    with pytest.raises(CommandError) as error:
        call_command("export_game", str(table.pk), stdout=io.StringIO(), stderr=err)

    assert (str(error.value), error.value.returncode) == (f"Table {table.pk} cannot be scored.", 2)
    assert err.getvalue().startswith("players: ")
