"""Importing a ``cinch-night/1`` document: all of it or nothing, and back out unchanged."""

import copy
import json

import pytest
from django.core.exceptions import ValidationError

from scoring.core.records import documents
from scoring.models import Game, Hand, Member, Night, Seat
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.rules import score_night
from scoring.rules.jsonio import dump_json, load_json
from scoring.rules.simulate import random_night
from tests import documents as documents_to_import

pytestmark = pytest.mark.django_db
example = documents_to_import.example


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in (Night, Game, Hand, Seat, Member)}


def test_the_night_format_example_imports():
    night = nights_services.night_import(document=example())

    assert (night.name, night.date.isoformat(), night.variant) == (
        "Tuesday round robin",
        "2026-11-17",
        "club11",
    )
    assert night.drawn_at is not None
    assert counts() == {"Night": 1, "Game": 3, "Hand": 3, "Seat": 8, "Member": 8}
    playoff = night.games.get(is_playoff=True)
    assert (playoff.pairs, playoff.winner, playoff.round) == ((2, 4), 4, None)
    pegboard = night.games.get(round=1, table=2)
    assert (pegboard.from_pegboard, pegboard.score_a, pegboard.cinches_b) == (True, 11, 2)
    assert results_selectors.night_standings(night) == score_night(example())


@pytest.mark.parametrize(
    ("variant", "seed", "rounds_played"),
    [
        ("club11", 1, None),
        ("club11", 2, 2),
        ("cinch51", 3, None),
        ("chicago42", 4, 3),
    ],
    ids=["club11-finished", "club11-part-way", "cinch51", "chicago42-part-way"],
)
def test_a_random_night_imports_and_scores_as_the_rules_core(variant, seed, rounds_played):
    document = random_night(
        6, seed=seed, variant_id=variant, rounds_played=rounds_played, results_share=0.3
    )
    hands = sum(len(game.get("hands", [])) for game in document["games"])

    night = nights_services.night_import(document=document)

    assert counts() == {"Night": 1, "Game": 15, "Hand": hands, "Seat": 12, "Member": 12}
    assert dump_json(results_selectors.night_standings(night)) == dump_json(score_night(document))


def export(night: Night) -> tuple[str, str]:
    """The night file and the standings, as printed."""
    return dump_json(documents.night_file(night)), dump_json(
        results_selectors.night_standings(night)
    )


@pytest.mark.parametrize("document", documents_to_import.nights())
def test_import_export_import_export_is_the_same(document):
    first_file, first_standings = export(nights_services.night_import(document=document))

    again = nights_services.night_import(document=load_json(first_file))

    assert export(again) == (first_file, first_standings)
    assert json.loads(first_file)["games"] == json.loads(dump_json(document))["games"]
    assert first_standings == dump_json(score_night(document))


def test_defaults_fill_what_the_document_leaves_out():
    document = {"format": "cinch-night/1", "variant": "club11", "players": ["A", "B", "C", "D"]}

    night = nights_services.night_import(document=document)

    exported = documents.night_file(night)
    assert exported["name"] == "Imported night"
    assert exported["tiebreak"] == "playoff"
    assert exported["money"] == {
        "entry_fee": "2.00",
        "loss_fee": "0.25",
        "cinch_fee": "0.10",
        "booby_prize": "4.00",
        "split": ["0.50", "0.30", "0.20"],
        "unit": "0.01",
    }
    assert (exported["games"], exported["playoffs"]) == ([], [])


def test_a_problem_in_the_last_game_imports_nothing():
    nights_services.night_import(document=example())
    document = random_night(6, seed=5)
    document["players"][0] = "Ann"  # an existing member, not created twice
    document["games"][-1]["hands"][-1]["bid"] = 9
    before = counts()

    with pytest.raises(ValidationError) as refused:
        nights_services.night_import(document=document)

    place = f"games[14].hands[{len(document['games'][-1]['hands']) - 1}].bid: "
    assert [message for message in refused.value.messages if message.startswith(place)]
    assert counts() == before


def test_every_problem_is_listed_with_its_place():
    document = copy.deepcopy(example())
    document["games"][0]["hands"][0]["bid"] = 7
    document["games"][1]["result"]["score"] = [9, 7]
    document["money"]["entry_fee"] = 2

    with pytest.raises(ValidationError) as refused:
        nights_services.night_import(document=document)

    places = sorted(message.split(":")[0] for message in refused.value.messages)
    assert places == ["games[0].hands[0].bid", "games[1].result.score", "money.entry_fee"]
    assert counts() == {"Night": 0, "Game": 0, "Hand": 0, "Seat": 0, "Member": 0}


def test_duplicate_player_names_are_refused_with_the_place():
    document = example() | {"players": ["Ann", "Bob", "Cy", "Di", "Ed", "Ann", "Gus", "Cy"]}

    with pytest.raises(ValidationError) as refused:
        nights_services.night_import(document=document)

    assert refused.value.messages == [
        "players[5]: Ann is already player 1; a member can hold only one number in a night",
        "players[7]: Cy is already player 3; a member can hold only one number in a night",
    ]
    assert counts()["Night"] == 0


def test_a_name_with_the_nul_character_is_refused_with_its_place():
    """The rules core reads it; no database can keep it (PostgreSQL refuses it outright)."""
    players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo\x00", "Gus", "Hal"]
    document = example() | {"name": "Tue\x00sday", "players": players}

    with pytest.raises(ValidationError) as refused:
        nights_services.night_import(document=document)

    assert [message.split(":")[0] for message in refused.value.messages] == [
        "name",
        "players[5]",
    ]
    assert counts()["Night"] == 0


def test_the_import_is_recorded_with_its_user(django_user_model):
    director = django_user_model.objects.create_user("director", is_staff=True)

    night = nights_services.night_import(document=example(), user=director)

    assert night.created_by == director
    for model in (Night, Seat, Game, Hand):
        assert {record.history_user for record in model.history.all()} == {director}
    assert set(Hand.objects.values_list("entered_by", flat=True)) == {director.pk}
