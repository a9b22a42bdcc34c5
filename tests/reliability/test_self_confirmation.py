"""A result is confirmed by a second person: the attempts to confirm one's own result, and
the posts a table link's page does not offer, all refused.

Each attempt is what someone at the club could do with what they hold: a scorer or a
director who typed a result, signed in, opening a pair's link (the director decodes it
from the round's table cards with a phone's QR reader, zbar here); a phone that entered
the result through one pair's link, given the other pair's; a pair that posts the
pegboard form, or a hand, although the page no longer shows it. None may confirm the
result, wipe a dispute, or leave "confirmed by pair N (table link)" in the audit trail.
"""

import subprocess

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image
from pytest_django.asserts import assertContains, assertNotContains
from pyzbar import pyzbar

from scoring.games import audit, confirmation
from scoring.links import devices
from scoring.links.tokens import link_path, link_url
from scoring.models import Game
from tests.factories import ScorerFactory, night_with_schedule
from tests.phones import Phone

pytestmark = pytest.mark.django_db

RESULT = {"result-score_a": "11", "result-score_b": "6", "result-cinches_a": "1"}
RESULT |= {"result-cinches_b": "0"}
YOURS = "You entered this result: someone else must confirm it."
THIS_PHONE = "This phone entered the result through another code"
DISPUTED = "The result is disputed: a scorer or the director settles it."
AWAITS = "The result awaits confirmation: through a table link it can only be confirmed"


def build_night():
    return night_with_schedule(2, confirm_results=True)


def result_for(game: Game, winner: int | None = None) -> dict:
    return RESULT | {"result-winner": str(winner or game.pair_a)}


def on_link(browser: Client, game: Game, pair: int, action: str = "", data=None):
    """A post through ``pair``'s link, from ``browser``, followed to the page it leads to."""
    path = link_path(game, pair) + (f"{action}/" if action else "")
    return browser.post(path, data or {}, follow=True)


def confirmations(game: Game) -> list[str]:
    """Who the audit trail says confirmed the game's result, each time it changed."""
    return [
        after
        for entry in audit.game_trail(game)
        for field, _, after in entry.changes
        if field == "confirmed by"
    ]


def unchanged(game: Game, **stored) -> None:
    game.refresh_from_db()
    assert not game.confirmed and not game.finished
    assert {name: getattr(game, name) for name in stored} == stored
    assert confirmations(game) == []


def decoded_links(pdf: bytes, folder) -> list[str]:
    """Every QR code of the PDF as a phone's camera reads it (zbar, 150 dpi)."""
    (folder / "cards.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", folder / "cards.pdf", folder / "page"], check=True
    )
    return [
        found.data.decode()
        for page in sorted(folder.glob("page*.png"))
        for found in pyzbar.decode(Image.open(page))
    ]


def test_a_director_cannot_confirm_a_result_they_entered_with_a_code_from_the_table_cards(
    client_as, director, game, night, tmp_path
):
    laptop = client_as(director)
    laptop.post(reverse("scoring:game-result", args=[game.pk]), result_for(game))
    cards = laptop.get(reverse("scoring:night-round-cards", args=[night.pk]) + "?round=1")
    scanned = decoded_links(cards.content, tmp_path)
    assert link_url(game, game.pair_b) in scanned

    path = link_path(game, game.pair_b)
    page = laptop.get(path)
    confirmed = laptop.post(path + "confirm/", follow=True)
    disputed = laptop.post(path + "dispute/", {"reason": "no"}, follow=True)

    assertContains(page, YOURS)
    assertNotContains(page, "Confirm the result")
    assertContains(confirmed, YOURS)
    assertContains(disputed, YOURS)
    unchanged(game, result_entered_by=director.username, dispute="")


@pytest.mark.parametrize("through", ["pair_a", "pair_b"])
def test_a_scorer_cannot_confirm_their_own_result_through_either_pairs_link(
    client_as, scorer, game, through
):
    laptop = client_as(scorer)
    laptop.post(reverse("scoring:game-result", args=[game.pk]), result_for(game))

    answer = on_link(laptop, game, getattr(game, through), "confirm")

    assertContains(answer, YOURS)
    unchanged(game, result_entered_by=scorer.username)
    # A second scorer may, through the same link: it is the person, not the link.
    second = client_as(ScorerFactory(username="second"))
    on_link(second, game, getattr(game, through), "confirm")
    game.refresh_from_db()
    assert game.confirmed


def test_the_phone_that_entered_a_result_cannot_confirm_it_through_the_other_pairs_link(game):
    phone_a, phone_b = Phone(), Phone()
    on_link(phone_a, game, game.pair_a, "result", result_for(game))

    page = phone_a.get(link_path(game, game.pair_b))
    confirmed = on_link(phone_a, game, game.pair_b, "confirm")
    disputed = on_link(phone_a, game, game.pair_b, "dispute", {"reason": "no"})

    assertContains(page, THIS_PHONE)
    assertNotContains(page, "Confirm the result")
    assertContains(confirmed, THIS_PHONE)
    assertContains(disputed, THIS_PHONE)
    unchanged(game, result_entered_by=f"pair {game.pair_a} (table link)", dispute="")

    on_link(phone_b, game, game.pair_b, "confirm")  # the other pair's own phone
    game.refresh_from_db()
    assert game.confirmed
    assert confirmations(game) == [f"pair {game.pair_b} (table link)"]


def test_a_phone_gets_its_device_only_when_it_posts_through_a_link(game):
    phone = Phone()
    read = phone.get(link_path(game, game.pair_a))
    posted = phone.post(link_path(game, game.pair_a) + "result/", result_for(game))

    assert devices.COOKIE not in read.cookies
    cookie = posted.cookies[devices.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    game.refresh_from_db()
    assert game.result_entered_from == cookie.value
    # The device is no one's words: it is not in the audit trail.
    assert cookie.value not in str(audit.game_trail(game))


def test_a_hidden_result_post_cannot_wipe_a_dispute(client_as, director, game, night):
    phone_a, phone_b = Phone(), Phone()
    on_link(phone_a, game, game.pair_a, "result", result_for(game))
    on_link(phone_b, game, game.pair_b, "dispute", {"reason": "we had 8, not 6"})
    game.refresh_from_db()
    dispute, version = game.dispute, game.version
    form = result_for(game) | {"result-version": str(version)}

    again = on_link(phone_a, game, game.pair_a, "result", form)
    other = on_link(phone_b, game, game.pair_b, "result", result_for(game, game.pair_b))

    assertContains(again, DISPUTED)
    assertContains(other, DISPUTED)
    unchanged(game, dispute=dispute, version=version, winner=game.pair_a)
    board = client_as(director).get(reverse("scoring:night-round", args=[night.pk]))
    assertContains(board, "we had 8, not 6")


def test_while_a_result_awaits_a_link_may_only_confirm_or_dispute(game):
    phone_a, phone_b = Phone(), Phone()
    on_link(phone_a, game, game.pair_a, "result", result_for(game))
    game.refresh_from_db()
    version = game.version

    hand = {"bidder": str(game.pair_b), "bid": "2", "points_a": "0", "points_b": "2"}
    answers = [
        on_link(phone_b, game, game.pair_b, "", hand | {"position": "1"}),
        on_link(phone_b, game, game.pair_b, "result", result_for(game, game.pair_b)),
        on_link(phone_a, game, game.pair_a, "result", result_for(game) | {"result-score_b": "9"}),
    ]

    for answer in answers:
        assertContains(answer, AWAITS)
    unchanged(game, version=version, winner=game.pair_a, score_b=6)
    assert not game.hands.exists()


def test_only_a_scorer_or_a_director_settles_a_dispute(client_as, scorer, game):
    phone_a, phone_b = Phone(), Phone()
    on_link(phone_a, game, game.pair_a, "result", result_for(game))
    on_link(phone_b, game, game.pair_b, "dispute", {"reason": "we took the jack"})

    page = phone_b.get(link_path(game, game.pair_b))
    answer = on_link(phone_b, game, game.pair_b, "confirm")

    assertNotContains(page, "Confirm the result")
    assertContains(page, DISPUTED)
    assertContains(answer, DISPUTED)
    unchanged(game, dispute=f"pair {game.pair_b} (table link): we took the jack")
    confirmation.game_result_confirm(game=game, user=scorer)
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == scorer.username
