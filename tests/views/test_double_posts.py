"""The same form posted twice (a double click, a browser re-sending): done once, never twice.

Each create form carries what it expects to make: the new hand its number in the game,
the pegboard result the game's version, a new night or an import a token made when the
form was shown, a swap the draw it was chosen from. The second post is refused with what
the first did, and the page shows that (the board, the night), never a second copy.
"""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.links.tokens import link_path
from scoring.models import Game, Hand, Night, Seat
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night
from tests.factories import NEW_NIGHT_FORM, night_with_schedule
from tests.phones import Phone

pytestmark = pytest.mark.django_db

HAND = {"bidder": "1", "bid": "2", "high": "1", "low": "1", "jack": "", "game": ""}


def hidden(response, name: str) -> str:
    """The value of the page's hidden field ``name``, as the browser would post it."""
    html = response.content.decode()
    return re.search(rf'type="hidden" name="{re.escape(name)}" value="([^"]*)"', html)[1]


def twice(client, url: str, data) -> tuple:
    """The same form posted twice, each answer followed to the page it leads to."""
    return client.post(url, data, follow=True), client.post(url, data, follow=True)


def test_a_hand_posted_twice_is_saved_once(client_for, game):
    client = client_for("scorer")
    url = reverse("scoring:game-detail", args=[game.pk])
    games_services.hand_record(game=game, data={"bidder": 2, "bid": 2, "high": 2, "low": 2})
    games_services.hand_record(game=game, data={"passed": True})
    form = HAND | {"position": hidden(client.get(url), "position")}

    first, second = twice(client, url, form)

    assert form["position"] == "3"
    assertContains(first, "Hand 3 saved")
    assertContains(second, "Hand 3 was already saved")
    assert game.hands.count() == 3
    assertContains(second, "<h2>Hand 4</h2>")  # the board, and the next hand's form
    assert [row.number for row in second.context["hand_table"].data.data] == [1, 2, 3]


def test_two_phones_posting_a_different_hand_1_are_shown_the_one_kept(game):
    """Both pairs' phones open hand 1's form; each posts its own hand 1 through its link at
    the same moment. One is kept; the other is told that a different hand 1 was saved,
    and which (as the hand table words it), and nothing of its own is saved."""
    a, b = game.pairs
    phone_a, phone_b = Phone(), Phone()
    kept = {"bidder": str(a), "bid": "3", "high": str(a), "low": str(b), "jack": "", "game": ""}
    posted = kept | {"bid": "2"}

    first = phone_a.post(link_path(game, a), kept | {"position": "1"}, follow=True)
    second = phone_b.post(link_path(game, b), posted | {"position": "1"}, follow=True)

    assertContains(first, "Hand 1 saved")
    assertContains(
        second,
        f"A different hand 1 was already saved: Pair {a} bids 3; High {a} · Low {b} · "
        "Jack — · Game —. Yours was not saved: check the hands and enter the next one.",
    )
    assert [hand.bid for hand in game.hands.all()] == [3]
    assertContains(second, "<h2>Hand 2</h2>")  # the board, and the next hand's form
    # The same hand posted again is only told it was saved already.
    again = phone_a.post(link_path(game, a), kept | {"position": "1"}, follow=True)
    assertContains(again, "Hand 1 was already saved.")
    assertNotContains(again, "A different hand")


def test_a_scorer_posting_a_different_hand_is_shown_the_one_kept(client_for, game):
    client = client_for("scorer")
    url = reverse("scoring:game-detail", args=[game.pk])
    form = HAND | {"position": hidden(client.get(url), "position")}
    games_services.hand_record(game=game, data={"bidder": 2, "bid": 2, "points": [3, 1]})

    response = client.post(url, form, follow=True)

    assertContains(
        response,
        "A different hand 1 was already saved: Pair 2 bids 2; points 3 v 1. Yours was not saved",
    )
    assert [hand.points for hand in game.hands.all()] == [[3, 1]]


def test_a_hand_deleted_meanwhile_is_not_saved_under_the_wrong_number(client_for, game):
    client = client_for("scorer")
    url = reverse("scoring:game-detail", args=[game.pk])
    games_services.hand_record(game=game, data={"passed": True})
    form = HAND | {"position": hidden(client.get(url), "position")}
    games_services.hand_delete(hand=game.hands.get())

    response = client.post(url, form, follow=True)

    assertContains(response, "A hand was deleted meanwhile: this would be hand 1, not 2.")
    assert not Hand.objects.filter(game=game).exists()


def test_a_pegboard_result_posted_twice_is_saved_once(client_for, game):
    client = client_for("director")  # a director may change a finished game: no other guard
    page = client.get(reverse("scoring:game-detail", args=[game.pk]))
    form = {
        "result-version": hidden(page, "result-version"),
        "result-winner": "2",
        "result-score_a": "6",
        "result-score_b": "11",
        "result-cinches_a": "0",
        "result-cinches_b": "0",
    }
    url = reverse("scoring:game-result", args=[game.pk])

    first, second = twice(client, url, form)

    assertContains(first, "Result saved: won by pair 2")
    assertContains(second, "The result was already saved: won by pair 2.")
    game.refresh_from_db()
    assert game.version == int(form["result-version"]) + 1
    assert game.history.count() == 2  # made, then the result once


NEW_NIGHT = {**NEW_NIGHT_FORM, "new_players": "Ann\nBob\nCy\nDi"}


def test_a_new_night_posted_twice_is_made_once(client_for):
    client = client_for("director")
    url = reverse("scoring:night-create")
    form = NEW_NIGHT | {"token": hidden(client.get(url), "token")}

    first, second = twice(client, url, form)

    [night] = Night.objects.filter(name=NEW_NIGHT["name"])
    draw = reverse("scoring:night-draw", args=[night.pk])
    assert first.redirect_chain[-1][0] == second.redirect_chain[-1][0] == draw
    assertContains(second, "Tuesday club was already made by this form: here it is.")
    assert Seat.objects.filter(night=night).count() == 4


def test_each_new_night_form_makes_its_own_night(client_for):
    client = client_for("director")
    url = reverse("scoring:night-create")
    for _ in range(2):
        client.post(url, NEW_NIGHT | {"token": hidden(client.get(url), "token")})

    assert Night.objects.filter(name=NEW_NIGHT["name"]).count() == 2


def test_an_import_posted_twice_is_made_once(client_for):
    client = client_for("director")
    url = reverse("scoring:night-import")
    token = hidden(client.get(url), "token")
    text = json.dumps(random_night(4, seed=3, rounds_played=2)).encode()

    answers = [
        client.post(url, {"token": token, "file": SimpleUploadedFile("n.json", text)}, follow=True)
        for _ in range(2)
    ]

    [night] = Night.objects.filter(form_token=token)
    assert answers[1].redirect_chain[-1][0] == reverse("scoring:night-detail", args=[night.pk])
    assertContains(answers[1], "was already made by this form: here it is.")
    assert Game.objects.filter(night=night).count() == 6


def test_a_swap_posted_twice_swaps_once(client_for):
    night = night_with_schedule(2, draw=False)
    client = client_for("director")
    draw = reverse("scoring:night-draw", args=[night.pk])
    seated = {seat.number: seat.member.name for seat in night.seats.select_related("member")}
    form = {"first": "1", "second": "3", "seating": hidden(client.get(draw), "seating")}

    first, second = twice(client, reverse("scoring:night-swap", args=[night.pk]), form)

    assertContains(first, "Numbers 1 and 3 swapped")
    assertContains(second, "Numbers 1 and 3 were already swapped.")
    now = {seat.number: seat.member.name for seat in night.seats.select_related("member")}
    assert (now[1], now[3]) == (seated[3], seated[1])


def test_a_swap_chosen_from_an_older_draw_is_refused(client_for):
    night = night_with_schedule(3, draw=False)
    client = client_for("director")
    seating = hidden(client.get(reverse("scoring:night-draw", args=[night.pk])), "seating")
    nights_services.seats_swap(night=night, first=2, second=5)

    response = client.post(
        reverse("scoring:night-swap", args=[night.pk]),
        {"first": "1", "second": "3", "seating": seating},
    )

    assertContains(response, "The draw changed since this page was opened: nothing was swapped.")
    assert hidden(response, "seating") != seating  # the form now holds the draw as it is
    assert night.seats.get(number=1).member.name == "Player 1"
