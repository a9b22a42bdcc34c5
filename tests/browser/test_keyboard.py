"""A hand entered with the keyboard alone: a sensible tab order, arrow keys within each
radio group, Enter to save, and the focus waiting on the next hand's first field.

The order is the paper sheet's: bidder, bid, then High, Low, Jack and Game, then the
points per pair, the passed deal and the button. Jack and Game start at "not out".
"""

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.steps import board, focused, status
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db(transaction=True)


def press(page: Page, *keys: str) -> list[str]:
    """Press ``keys`` in turn; where the focus is after each."""
    where = []
    for key in keys:
        page.keyboard.press(key)
        where.append(focused(page))
    return where


def expect_next_hand(page: Page, number: int) -> None:
    expect(status(page)).to_contain_text(f"Hand {number - 1} saved")
    expect(page.locator("#entry h2")).to_have_text(f"Hand {number}")
    first_field = page.locator("#entry").get_by_role("radio").first
    expect(first_field).to_be_focused()
    expect(first_field).to_be_in_viewport()


def test_hand_by_keyboard(as_user, scorer):
    game = Game.objects.get(night=night_with_schedule(2))  # pair 1 v pair 2
    page = as_user(scorer)
    page.goto(f"/games/{game.pk}/")
    assert focused(page) == "bidder=1"  # the page opens on the first field

    # Pair 1 bids 2 and takes High and Jack; pair 2 takes Low; Game not out.
    assert press(page, "Space", "Tab", "2") == ["bidder=1", "bid=", "bid=2"]
    assert press(page, "Tab", "Space", "Tab", "ArrowRight") == [
        "high=1",
        "high=1",
        "low=1",
        "low=2",
    ]
    assert press(page, "Tab", "ArrowRight", "Tab") == ["jack=", "jack=1", "game="]
    assert press(page, "Tab", "Tab", "Tab", "Tab") == [
        "points_a=",
        "points_b=",
        "passed=on",
        "Save hand",
    ]
    page.keyboard.press("Enter")

    expect_next_hand(page, 2)
    assert board(page) == {1: 2, 2: 1}

    # Pair 2 bids 3 and takes High, Low and Jack; saved with Enter from the last group.
    assert press(page, "ArrowRight", "Tab", "3") == ["bidder=2", "bid=", "bid=3"]
    assert press(page, "Tab", "ArrowRight", "Tab", "ArrowRight") == [
        "high=1",
        "high=2",
        "low=1",
        "low=2",
    ]
    assert press(page, "Tab", "ArrowLeft", "Tab") == ["jack=", "jack=2", "game="]
    page.keyboard.press("Enter")

    expect_next_hand(page, 3)
    assert board(page) == {1: 2, 2: 4}
