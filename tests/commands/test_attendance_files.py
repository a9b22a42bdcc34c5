"""Night files with house players, substitutes, withdrawn pairs and unconfirmed games go
through ``import_night`` and come back out of ``export_night`` as the rules CLI has them."""

import json

import pytest

from scoring.models import Game, Night, Seat, Substitute
from scoring.rules import score_night
from scoring.rules.jsonio import dump_json, load_json
from scoring.rules.simulate import random_night
from tests.commands.test_import_export import command


def attendance_night() -> dict:
    """Five pairs: player 10 a house player, pair 3 gone from round 3, pair 2 from round
    4 (so their round-4-or-later game is void), a substitute, an unconfirmed game."""
    document = random_night(5, seed=31, results_share=0.3)
    document["players"][9] = {"name": document["players"][9], "house": True}
    document["withdrawn"] = [{"pair": 3, "from_round": 3}, {"pair": 2, "from_round": 4}]
    gone = {3: 3, 2: 4}
    for game in document["games"]:
        if any(game["round"] >= gone.get(pair, 99) for pair in game["pairs"]):
            game.pop("hands", None)
            game.pop("result", None)
    played = [game for game in document["games"] if "hands" in game or "result" in game]
    played[0]["sat"] = {str(2 * played[0]["pairs"][0]): "Zed"}
    played[1]["confirmed"] = False
    played[2]["confirmed_by"] = "Hal"
    return document


@pytest.mark.django_db
def test_an_attendance_night_exports_as_the_rules_cli_scores_it(monkeypatch):
    document = attendance_night()
    out, _ = command("import_night", "-", stdin=json.dumps(document), monkeypatch=monkeypatch)
    night_id = out.splitlines()[-1]

    exported, err = command("export_night", night_id)
    night_file, _ = command("export_night", night_id, "--night-file")

    assert err == ""
    assert exported == dump_json(score_night(document))
    exported_file, original = load_json(night_file), load_json(json.dumps(document))
    for key in ("players", "games", "withdrawn"):
        assert exported_file[key] == original[key], key


@pytest.mark.django_db
def test_the_import_stores_who_sat_who_left_and_the_forfeits(monkeypatch):
    document = attendance_night()
    out, _ = command("import_night", "-", stdin=json.dumps(document), monkeypatch=monkeypatch)
    night = Night.objects.get(pk=out.splitlines()[-1])

    assert night.withdrawn == document["withdrawn"]
    assert list(Seat.objects.filter(night=night, house=True).values_list("number", flat=True)) == [
        10
    ]
    substitute = Substitute.objects.get(game__night=night)
    assert substitute.name == "Zed"
    forfeits = Game.objects.filter(night=night, forfeit=True)
    void = [game for game in forfeits if game.void]
    assert [game.pairs for game in void] == [(2, 3)] or [game.pairs for game in void] == [(3, 2)]
    assert all(game.finished for game in forfeits)
    assert all(game.winner not in (2, 3) for game in forfeits if not game.void)
    assert Game.objects.filter(night=night, confirmed=False).get().finished is False


@pytest.mark.django_db
def test_a_night_ended_early_goes_through_import_and_export(monkeypatch):
    """``ended_early`` comes back out of the night file and the standings, as the CLI has it."""
    document = random_night(4, seed=7, rounds_played=2)
    document["ended_early"] = True
    out, _ = command("import_night", "-", stdin=json.dumps(document), monkeypatch=monkeypatch)
    night_id = out.splitlines()[-1]

    exported, _ = command("export_night", night_id)
    night_file, _ = command("export_night", night_id, "--night-file")

    assert Night.objects.get(pk=night_id).ended_early
    assert exported == dump_json(score_night(document))
    assert load_json(exported)["ended_early"] is True
    assert load_json(exported)["void_games"]
    assert load_json(night_file)["ended_early"] is True
