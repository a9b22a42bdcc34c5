"""A Razzle hand entered with the keyboard alone, in the paper sheet's order: bidder,
bid, the called partner ("alone" first), the six scoring cards, the two sides' points,
the revoke, then Enter; the focus waits on the next hand's first field."""

import datetime

import pytest
from playwright.sync_api import expect

from scoring.tablegames import services as tablegames_services
from tests.browser.steps import focused, status
from tests.browser.test_keyboard import press

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_razzle_hand_by_keyboard(as_user, scorer):
    table = tablegames_services.table_create(
        variant="razzle", player_names=["Ann", "Bob", "Cy", "Di"], date=datetime.date(2026, 11, 20)
    )
    page = as_user(scorer)
    page.goto(f"/tables/{table.pk}/")
    assert focused(page) == "bidder=1"

    # Ann bids 2 and calls Bob; Ann takes High, Bob Low; the other cards are not out.
    assert press(page, "Space", "Tab", "2") == ["bidder=1", "bid=", "bid=2"]
    assert press(page, "Tab", "ArrowRight", "ArrowRight") == ["partner=", "partner=1", "partner=2"]
    assert press(page, "Tab", "Space", "Tab", "ArrowRight") == [
        "high=1",
        "high=1",
        "low=1",
        "low=2",
    ]
    assert press(page, "Tab", "Tab", "Tab", "Tab") == [
        "jack=",
        "game=",
        "right_pedro=",
        "left_pedro=",
    ]
    assert press(page, "Tab", "Tab", "Tab", "Tab") == [
        "points_a=",
        "points_b=",
        "revoke=",
        "Save hand",
    ]
    page.keyboard.press("Enter")

    expect(status(page)).to_contain_text("Hand 1 saved")
    expect(page.locator("#entry h2")).to_have_text("Hand 2")
    expect(page.locator("#entry").get_by_role("radio").first).to_be_focused()
    scores = page.locator("table.table-board tbody td:nth-child(2)").all_inner_texts()
    assert scores == ["2", "2", "0", "0"]
