"""Correcting and deleting a hand: scorers only, version-checked, re-scored by the rules core."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from scoring.games import services as games_services
from scoring.models import Game, Hand
from tests.factories import night_with_schedule
from tests.views.access import ROLES, assert_refused, may_score

pytestmark = pytest.mark.django_db

FIRST = {"bidder": 1, "bid": 2, "high": 1, "low": 1, "jack": None, "game": None}
SECOND = {"bidder": 2, "bid": 3, "high": 2, "low": 2, "jack": 2, "game": None}


def build_night():
    """Two pairs; their game (the ``game`` fixture) has two hands."""
    night = night_with_schedule(2)
    game = Game.objects.get(night=night, round=1)
    games_services.hand_record(game=game, data=FIRST)
    games_services.hand_record(game=game, data=SECOND)
    return night


@pytest.fixture
def hand(game) -> Hand:
    return game.hands.get(position=1)


def edit_url(hand: Hand) -> str:
    return reverse("scoring:hand-edit", args=[hand.pk])


def delete_url(hand: Hand) -> str:
    return reverse("scoring:hand-delete", args=[hand.pk])


def posted(hand: Hand, **changes) -> dict:
    """The edit form as it comes back: the stored hand with ``changes``."""
    data = {"bidder": "1", "bid": "2", "high": "1", "low": "1", "jack": "", "game": ""}
    return data | {"version": str(hand.version)} | changes


def totals(game: Game) -> tuple:
    game.refresh_from_db()
    return game.score_a, game.score_b, game.cinches_a, game.cinches_b, game.winner


@pytest.mark.parametrize("role", ROLES)
def test_edit_form(client_for, hand, role):
    response = client_for(role).get(edit_url(hand))

    if may_score(role):
        assert response.status_code == 200
        form = response.context["form"]
        assert form.initial["bid"] == 2 and form.initial["high"] == 1
        assertContains(response, f'<input type="hidden" name="version" value="{hand.version}"')
        assertContains(response, "Correct hand 1")
    else:
        assert_refused(response, role)


@pytest.mark.parametrize("role", ROLES)
def test_correct_hand(client_for, game, hand, role):
    response = client_for(role).post(edit_url(hand), posted(hand, jack="1"))

    hand.refresh_from_db()
    if may_score(role):
        assert response.status_code == 302
        assert response["Location"] == reverse("scoring:game-detail", args=[game.pk])
        assert hand.cards["jack"] == 1 and hand.version == 2
        assert totals(game) == (3, 3, 0, 0, None)  # pair 1 now took the Jack as well
    else:
        assert_refused(response, role)
        assert hand.cards["jack"] is None and hand.version == 1
        assert totals(game) == (2, 3, 0, 0, None)


def test_correct_hand_to_totals(client_as, scorer, game, hand):
    data = posted(hand, high="", low="", points_a="2", points_b="1")

    client_as(scorer).post(edit_url(hand), data)

    hand.refresh_from_db()
    assert hand.points == [2, 1] and hand.cards is None
    assert totals(game) == (2, 4, 0, 0, None)


def test_totals_hand_opens_with_its_points(client_as, scorer, game):
    hand = games_services.hand_record(game=game, data={"bidder": 1, "bid": 2, "points": [2, 2]})

    response = client_as(scorer).get(edit_url(hand))

    form = response.context["form"]
    assert (form.initial["points_a"], form.initial["points_b"]) == (2, 2)
    assert "points" not in form.initial


def test_stale_version_shows_the_message_and_the_current_values(client_as, scorer, game, hand):
    games_services.hand_correct(hand=hand, data=dict(FIRST, bid=3, jack=1), version=1)

    response = client_as(scorer).post(edit_url(hand), posted(hand, version="1", bid="4"))

    assert response.status_code == 200
    assertContains(response, "was changed by someone else meanwhile")
    form = response.context["form"]
    assert form.initial["bid"] == 3 and form.initial["version"] == 2
    hand.refresh_from_db()
    assert hand.bid == 3 and hand.version == 2


def test_invalid_correction_is_refused_beside_the_field(client_as, scorer, game, hand):
    response = client_as(scorer).post(edit_url(hand), posted(hand, bid="1"))

    assert response.status_code == 200
    assert response.context["form"].errors["bid"] == [
        "bid 1 is out of range: Club Cinch to 11 bids are 2 to 4, or money"
    ]
    hand.refresh_from_db()
    assert hand.bid == 2 and hand.version == 1


def test_missing_version_is_a_form_error(client_as, scorer, hand):
    data = posted(hand)
    del data["version"]

    response = client_as(scorer).post(edit_url(hand), data)

    assert response.status_code == 200
    assert "version" in response.context["form"].errors


@pytest.mark.parametrize("role", ROLES)
def test_delete_hand(client_for, game, hand, role):
    response = client_for(role).post(delete_url(hand))

    if may_score(role):
        assert response.status_code == 302
        assert not Hand.objects.filter(pk=hand.pk).exists()
        assert totals(game) == (0, 3, 0, 0, None)
    else:
        assert_refused(response, role)
        assert Hand.objects.filter(pk=hand.pk).exists()
        assert totals(game) == (2, 3, 0, 0, None)


def test_delete_in_a_finished_game_needs_a_reopen(client_as, scorer, game, hand):
    for _ in range(3):
        games_services.hand_record(game=game, data=dict(FIRST, bid=4, jack=1, game=1))

    response = client_as(scorer).post(delete_url(hand), follow=True)

    assertContains(response, "ask a director to re-open it")
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_delete_asks_first(client_as, scorer, hand):
    response = client_as(scorer).get(delete_url(hand))
    assert response.status_code == 200
    assert response.context["confirm"].title == "Delete hand 1?"
    assert type(hand).objects.filter(pk=hand.pk).exists()


def test_deleted_hand_shows_in_the_audit_trail(client_as, scorer, game, hand):
    client = client_as(scorer)
    client.post(delete_url(hand))

    page = client.get(reverse("scoring:game-detail", args=[game.pk]))

    assertContains(page, "Hand 1 deleted")  # the success note
    assertContains(page, "A deleted hand deleted")
    assertContains(page, "Hand 1 added")  # hand 2 is now hand 1


def test_finished_game_hands_need_a_reopen(client_as, scorer, director, game, hand):
    for _ in range(3):
        games_services.hand_record(game=game, data=dict(FIRST, bid=4, jack=1, game=1))
    client = client_as(scorer)

    refused = client.post(edit_url(hand), posted(hand, jack="2"))

    assertContains(refused, "ask a director to re-open it")
    assert "actions" not in [column.name for column in game_table(client, game).columns]
    client_as(director).post(reverse("scoring:game-reopen", args=[game.pk]))
    assert "actions" in [column.name for column in game_table(client, game).columns]
    client.post(edit_url(hand), posted(hand, jack="2"))
    hand.refresh_from_db()
    assert hand.cards["jack"] == 2
    assert totals(game) == (14, 4, 0, 0, 1)


def game_table(client, game):
    return client.get(reverse("scoring:game-detail", args=[game.pk])).context["hand_table"]


def test_unknown_hand_is_404(client_as, scorer):
    assert client_as(scorer).get(reverse("scoring:hand-edit", args=[999])).status_code == 404
