"""Every kind of rules-core problem said in French on the import page: a hand's card, a
game's points, a night-level rule; the English of the same problems is unchanged, and no
French refusal joins values with the English "v"."""

import ast
import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from scoring.models import Night
from scoring.rules import InvalidInput
from scoring.rules.hand import read_hand
from scoring.rules.night.reading import read_night
from scoring.rules.simulate import random_night
from scoring.rules.variants import all_variants
from scoring.words.problems import shown, spoken

RULES_CORE = Path(__file__).resolve().parents[2] / "scoring" / "rules"

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def import_errors(client, document, **headers):
    upload = SimpleUploadedFile("night.json", json.dumps(document).encode())
    response = client.post(reverse("scoring:night-import"), {"file": upload}, **headers)
    assert not Night.objects.exists()
    return response.context["form"].errors["file"]


@pytest.fixture
def director_client(client_as, director):
    return client_as(director)


def test_a_card_credited_to_a_pair_not_playing(director_client):
    document = random_night(4, seed=1)
    document["games"][0]["hands"][1]["high"] = 3

    assert import_errors(director_client, document, **FRENCH) == [
        "partie 1, main 2, le Haut : paire 3 : pas dans cette partie (paires 1 et 2)"
    ]
    assert import_errors(director_client, document) == [
        "game 1, hand 2, high: pair 3 is not in this game (pairs 1 and 2)"
    ]


def test_points_no_split_of_the_cards_makes(director_client):
    document = random_night(4, seed=1)
    document["games"][0]["hands"][0]["points"] = [3, 3]

    assert import_errors(director_client, document, **FRENCH) == [
        "partie 1, main 1, points : 3 à 3 est impossible au Cinch du club en 11 : "
        "aucun partage des "
        "cartes qui comptent (le Haut 1, le Bas 1, le Valet 1, la Partie 1) ne le donne"
    ]


@pytest.mark.parametrize(
    ("variant", "side_count"),
    [(v, count) for v in all_variants() for count in v.side_counts],
    ids=lambda value: getattr(value, "id", str(value)),
)
def test_no_french_refusal_of_points_says_v(variant, side_count):
    count = variant.totals_count(side_count)
    hand = {"bidder": 1, "bid": variant.bids.start, "points": [99] * count}
    with pytest.raises(InvalidInput) as refused:
        read_hand(variant, range(1, side_count + 1), hand)
    with translation.override("fr"):
        said = [spoken(problem) for problem in refused.value.problems]
    assert said and all(" v " not in message for message in said), said
    if count == 2:
        assert any("99 à 99 est impossible" in message for message in said), said


def _english_outside_the_catalogue(path: Path):
    """The string constants of a module that no ``gettext_noop`` hands to the catalogue
    (docstrings left out: no one reads them on a page)."""
    tree = ast.parse(path.read_text())
    marked = {
        id(node.args[0])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "gettext_noop"
        and node.args
    } | {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in marked
    ]


def test_the_rules_core_joins_no_words_with_an_english_v():
    """A " v " between values written in the code would stay English in every language:
    the rules core says it with a catalogue's wording (``hand.points_words``)."""
    found = [
        f"{path.relative_to(RULES_CORE)}:{node.lineno}"
        for path in sorted(RULES_CORE.rglob("*.py"))
        for node in _english_outside_the_catalogue(path)
        if " v " in node.value
    ]
    assert found == []


def test_a_pair_playing_twice_in_a_round(director_client):
    document = random_night(4, seed=1)
    document["games"][2] |= {"round": 1, "table": 3}  # pairs 1 and 3, already seated in round 1

    errors = import_errors(director_client, document, **FRENCH)

    assert "partie 3, paires : la paire 1 joue deux fois au tour 1" in errors
    assert "game 3, pairs: pair 1 plays twice in round 1" in import_errors(
        director_client, document
    )


def test_a_money_amount_with_a_decimal_comma_in_french(director_client):
    document = random_night(4, seed=1) | {"money": {"loss_fee": "0.12345"}}

    assert import_errors(director_client, document, **FRENCH) == [
        'argent, frais de défaite : "0.12345" a plus de 4 décimales'
    ]


def test_the_rules_core_keeps_its_english_and_its_code():
    document = random_night(4, seed=1)
    document["games"][2] |= {"round": 1, "table": 3}
    with pytest.raises(InvalidInput) as refused:
        read_night(document)
    said = {problem.message: problem.words.code for problem in refused.value.problems}
    assert said["pair 1 plays twice in round 1"] == "pair {pair} plays twice in round {round}"


@pytest.mark.parametrize(("language", "written"), [("fr", "3,5"), ("en", "3.5")])
def test_a_number_in_a_problem_is_written_as_the_page_language_writes_it(language, written):
    with translation.override(language):
        assert shown(Decimal("3.5")) == shown(3.5) == written
        assert shown(True) == "true"  # a JSON value, not a number
