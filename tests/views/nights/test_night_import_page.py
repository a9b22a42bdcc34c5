"""Importing a night file: directors only, all of it or nothing, every problem at its place."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pytest_django.asserts import assertContains

from scoring.core.http import uploads
from scoring.core.records import documents
from scoring.models import Game, Hand, Member, Night
from scoring.rules.jsonio import dump_json
from scoring.rules.simulate import random_night
from tests.factories import night_with_schedule
from tests.views.access import ROLES, assert_refused, may_direct

pytestmark = [pytest.mark.django_db, pytest.mark.database]

URL = reverse("scoring:night-import")


def upload(document, name="night.json") -> dict:
    text = document if isinstance(document, str) else json.dumps(document)
    return {"file": SimpleUploadedFile(name, text.encode(), content_type="application/json")}


@pytest.mark.parametrize("role", ROLES)
def test_import_form(client_for, role):
    response = client_for(role).get(URL)

    if may_direct(role):
        assert response.status_code == 200
        assertContains(response, 'enctype="multipart/form-data"')
    else:
        assert_refused(response, role)


@pytest.mark.parametrize("role", ROLES)
def test_import_a_night(client_for, role):
    document = random_night(4, seed=3, rounds_played=2)

    response = client_for(role).post(URL, upload(document))

    if may_direct(role):
        night = Night.objects.get()
        assert response.status_code == 302
        assert response["Location"] == reverse("scoring:night-detail", args=[night.pk])
        assert night.name == "Random night 3"
        assert Game.objects.filter(night=night).count() == 6
        played = [game for game in document["games"] if "hands" in game]
        assert Hand.objects.count() == sum(len(game["hands"]) for game in played)
    else:
        assert_refused(response, role)
        assert not Night.objects.exists()


def test_every_problem_is_shown_with_its_place_and_nothing_is_saved(client_as, director):
    document = random_night(2, seed=1)
    document["players"][1] = ""
    document["games"][0] = {"round": 1, "table": 1, "pairs": [1, 2], "hands": [{"bid": 9}]}

    response = client_as(director).post(URL, upload(document))

    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert "player 2: a player's name must be text of 1 to 100 characters" in errors
    assert len(errors) == 1  # the players are wrong, so the games are not read yet
    assert not Night.objects.exists() and not Member.objects.exists()


def test_problems_in_hands_name_the_game_and_the_hand(client_as, director):
    document = random_night(2, seed=1)
    document["games"][0] = {
        "round": 1,
        "table": 1,
        "pairs": [1, 2],
        "hands": [{"bidder": 1, "bid": 2, "high": 1, "low": 1}, {"bidder": 3, "bid": 9}],
    }

    response = client_as(director).post(URL, upload(document))

    errors = response.context["form"].errors["file"]
    # Positions count from 1 for a person; the CLI and import_night print the paths.
    assert "game 1, hand 2, bidder: pair 3 is not in this game (pairs 1 and 2)" in errors
    assert (
        "game 1, hand 2, bid: bid 9 is out of range: Club Cinch to 11 bids are 2 to 4, or money"
        in errors
    )
    for error in errors:
        assertContains(response, error)
    assert not Night.objects.exists()


def test_not_json(client_as, director):
    response = client_as(director).post(URL, upload("{not json"))

    assert response.status_code == 200
    [error] = response.context["form"].errors["file"]
    assert error.startswith("Not a JSON document:")


def test_a_key_given_twice_is_refused(client_as, director):
    text = json.dumps(random_night(2, seed=1)).replace('"bid": ', '"bid": 14, "bid": ', 1)

    response = client_as(director).post(URL, upload(text))

    [error] = response.context["form"].errors["file"]
    assert error == (
        'Not a JSON document: the key "bid" is given twice in one object: give each key once'
    )
    assert not Night.objects.exists()


def test_not_utf8(client_as, director):
    file = SimpleUploadedFile("night.json", b"\xff\xfe{}", content_type="application/json")

    response = client_as(director).post(URL, {"file": file})

    assert response.context["form"].errors["file"] == ["The file is not UTF-8 text."]


def test_a_file_over_2_mb_is_refused_unread(client_as, director):
    text = json.dumps(random_night(2, seed=1)) + " " * uploads.IMPORT_LIMIT

    response = client_as(director).post(URL, upload(text))

    assert response.status_code == 200
    [error] = response.context["form"].errors["file"]
    assert "a night file may be at most 2 MB" in error
    assert not Night.objects.exists()


def test_no_file(client_as, director):
    response = client_as(director).post(URL, {})

    assert response.status_code == 200
    assert response.context["form"].errors["file"] == ["This field is required."]


def test_downloaded_file_imports_as_the_same_night(client_as, director):
    night = night_with_schedule(3)
    client = client_as(director)
    text = client.get(reverse("scoring:night-file", args=[night.pk])).content.decode()
    Night.objects.filter(pk=night.pk).update(name="The original")

    client.post(URL, upload(text))

    copy = Night.objects.exclude(pk=night.pk).get()
    document = documents.night_file(copy)
    assert dump_json(document) == text


def test_importing_a_night_already_on_the_site_asks_first(client_as, director):
    document = random_night(4, seed=5, rounds_played=1)
    client = client_as(director)
    client.post(URL, upload(document))
    first = Night.objects.get()

    # The same night again, its players typed in other case: asked, nothing imported.
    document["players"] = [name.upper() for name in document["players"]]
    asked = client.post(URL, upload(document))
    assert asked.status_code == 200
    assert asked.context["twin"] == first
    assertContains(asked, "is already on the site, with the same name, date and players")
    assertContains(asked, 'type="checkbox" name="again"', html=False)
    assert Night.objects.count() == 1

    client.post(URL, upload(document) | {"again": "on"})
    assert Night.objects.count() == 2


def test_a_different_night_is_imported_without_asking(client_as, director):
    client = client_as(director)
    client.post(URL, upload(random_night(4, seed=5, rounds_played=1)))
    other = random_night(4, seed=6, rounds_played=1)
    assert client.post(URL, upload(other)).status_code == 302
    assert Night.objects.count() == 2
