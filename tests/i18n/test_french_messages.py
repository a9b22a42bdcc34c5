"""The rules core's messages in French: the import page and the hand form say them in the
page's language, numbers with a decimal comma; English stays the rules core's own."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.games import services as games_services
from scoring.models import Game, Night
from scoring.rules import InvalidInput
from scoring.rules.hand import read_hand
from scoring.rules.simulate import random_night
from scoring.rules.variants import get_variant
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def test_the_import_page_says_a_bid_problem_in_french(client_as, director):
    document = random_night(2, seed=1)
    document["games"][0]["hands"][1] = {"bidder": 1, "bid": 3.5, "high": 1, "low": 1}
    upload = SimpleUploadedFile("night.json", json.dumps(document).encode())

    response = client_as(director).post(reverse("scoring:night-import"), {"file": upload}, **FRENCH)

    assert response.context["form"].errors["file"] == [
        "partie 1, main 2, enchère : enchère 3,5 : pas un nombre entier ; "
        "les enchères du Cinch du club en 11 vont de 2 à 4, ou money"
    ]
    assert not Night.objects.exists()


def test_the_hand_form_says_an_out_of_range_bid_in_french(client_as, scorer):
    game = Game.objects.get(night=night_with_schedule(2), round=1)
    games_services.hand_record(game=game, data={"bidder": 1, "bid": 2, "high": 1, "low": 1})
    hand = game.hands.get(position=1)
    data = {"bidder": "1", "bid": "1", "high": "1", "low": "1", "jack": "", "game": ""}

    response = client_as(scorer).post(
        reverse("scoring:hand-edit", args=[hand.pk]), data | {"version": "1"}, **FRENCH
    )

    assert response.context["form"].errors["bid"] == [
        "enchère 1 : hors limites ; les enchères du Cinch du club en 11 vont de 2 à 4, ou money"
    ]


def test_the_rules_core_itself_stays_english():
    with pytest.raises(InvalidInput) as refused:
        read_hand(get_variant("club11"), (1, 2), {"bidder": 1, "bid": 3.5, "high": 1, "low": 1})
    (problem,) = refused.value.problems
    assert (
        problem.message
        == "bid 3.5 is not a whole number: Club Cinch to 11 bids are 2 to 4, or money"
    )
    assert problem.words.code == "bid {bid} is not a whole number: {legal}"
