"""The rules CLI: its problems follow LANGUAGE/LANG, English by default; JSON never translated.

A problem keeps its document path (`games[0].hands[1].bid`): the path is the file's, not words.
"""

import json

import pytest

from scoring.rules.__main__ import main
from scoring.rules.simulate import random_night

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def bad_night(tmp_path):
    document = random_night(2, seed=1)
    document["games"][0]["hands"][1] = {"bidder": 1, "bid": 3.5, "high": 1, "low": 1}
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.fixture
def environment(monkeypatch):
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_english_by_default(environment, capsys, tmp_path):
    environment.setenv("LANG", "C.UTF-8")
    assert main(["score", bad_night(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        "games[0].hands[1].bid: bid 3.5 is not a whole number: "
        "Club Cinch to 11 bids are 2 to 4, or money\n"
    )


def test_french_when_the_environment_asks(environment, capsys, tmp_path):
    environment.setenv("LANG", "fr_CA.UTF-8")
    assert main(["score", bad_night(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        "games[0].hands[1].bid : enchère 3.5 : pas un nombre entier ; "
        "les enchères du Cinch du club en 11 vont de 2 à 4, ou money\n"
    )


def test_the_json_document_stays_english(environment, capsys):
    environment.setenv("LANGUAGE", "fr")
    assert main(["schedule", "4"]) == 0
    assert '"format": "cinch-schedule/1"' in capsys.readouterr().out


def test_a_night_level_problem_in_french_and_the_clis_own_words(environment, capsys, tmp_path):
    document = random_night(4, seed=1)
    document["games"][2] |= {"round": 1, "table": 3}  # pair 1 seated twice in round 1
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    environment.setenv("LANGUAGE", "fr")

    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "games[2].pairs : la paire 1 joue deux fois au tour 1",
        "games[2].pairs : la paire 3 joue deux fois au tour 1",
    ]
    assert main(["schedule", "one"]) == 2
    assert capsys.readouterr().err == "pairs : 'one' : pas un nombre entier\n"


def test_the_scored_document_is_the_same_in_french(environment, capsys, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(random_night(4, seed=1)), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    english = capsys.readouterr().out
    environment.setenv("LANGUAGE", "fr")
    assert main(["score", str(path)]) == 0
    assert capsys.readouterr().out == english


def test_a_file_that_is_not_json_is_said_in_french(environment, capsys, tmp_path):
    path = tmp_path / "night.json"
    path.write_text('{"bid": 3, "bid": 14}', encoding="utf-8")
    environment.setenv("LANGUAGE", "fr")

    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err == (
        f'{path} : pas un document JSON : la clé "bid" est donnée deux fois dans un même '
        "objet : donnez chaque clé une fois\n"
    )
