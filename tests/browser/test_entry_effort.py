"""What one hand's entry costs, counted as a scorer does it: the clicks by mouse and the
keys by keyboard for a typical hand (pair 1 bids 2, takes High and Jack, pair 2 takes
Low, Game not out), each ending with the board, the saved hand and the next form in view.

Figures (docs/guide/club-night.md, "Enter the sheets"): 7 clicks (the bid's drop-down is two:
open it, pick the bid) and 11 keys, Enter included.
"""

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.steps import board, pair_choice, status
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db(transaction=True)

CLICKS_A_HAND = 7
KEYS_A_HAND = 11


def saved_in_view(page: Page, number: int) -> None:
    expect(status(page)).to_contain_text(f"Hand {number} saved")
    expect(page.locator(".just-saved table")).to_be_in_viewport()
    first_field = page.locator("#entry").get_by_role("radio").first
    expect(first_field).to_be_focused()
    expect(first_field).to_be_in_viewport()


def test_a_hand_by_mouse(as_user, scorer):
    game = Game.objects.get(night=night_with_schedule(2))  # pair 1 v pair 2
    page = as_user(scorer)
    page.goto(f"/games/{game.pk}/")
    entry = page.locator("#entry")
    clicks = 0

    def click(locator) -> None:
        nonlocal clicks
        locator.click()
        clicks += 1

    click(pair_choice(entry.get_by_role("group", name="Bidder"), 1))
    entry.get_by_label("Bid", exact=True).select_option("2")
    clicks += 2  # a drop-down: one click opens it, one picks the bid
    for card, pair in (("High", 1), ("Low", 2), ("Jack", 1)):
        group = entry.get_by_role("group", name=card, exact=True)
        click(group.get_by_role("radio", name=f"Pair {pair}"))
    click(entry.get_by_role("button", name="Save hand"))

    saved_in_view(page, 1)
    assert board(page) == {1: 2, 2: 1}
    assert clicks == CLICKS_A_HAND


def test_a_hand_by_keyboard(as_user, scorer):
    game = Game.objects.get(night=night_with_schedule(2))
    page = as_user(scorer)
    page.goto(f"/games/{game.pk}/")  # the focus waits on the first bidder
    keys = ["Space", "Tab", "2", "Tab", "Space", "Tab", "ArrowRight", "Tab", "ArrowRight"]
    keys += ["Tab", "Enter"]  # on to Game (not out), and save

    for key in keys:
        page.keyboard.press(key)

    saved_in_view(page, 1)
    assert board(page) == {1: 2, 2: 1}
    assert len(keys) == KEYS_A_HAND
