"""A table's phone page (its signed link) on a 390 × 844 screen: long names fit, the
"Hand N saved" note is in view after a save, and a passed deal can be saved after a
bidder was tapped by mistake."""

import datetime
import random

import pytest
from playwright.sync_api import Page, expect

from scoring.links.tokens import link_path
from scoring.models import Game
from scoring.nights import services as nights_services
from tests.browser.steps import fill_hand, status

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LONG_NAMES = [
    "Marie-Geneviève Desrochers-Beauchemin",
    "Jean-Christophe Vaillancourt-Lapointe",
    "Anne-Frédérique Charbonneau-Létourneau",
    "Pierre-Alexandre Boisvert-Castonguay",
]


def long_named_game() -> Game:
    night = nights_services.night_create(
        name="Soirée du mardi au sous-sol de l'église Saint-Jean-Baptiste",
        date=datetime.date(2026, 11, 17),
        variant="club11",
        player_names=LONG_NAMES,
    )
    nights_services.night_draw(night=night, chance=random.Random(1))
    nights_services.night_schedule(night=night)
    return Game.objects.get(night=night, round=1)


def page_width(page: Page) -> tuple[int, int]:
    return page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844


def test_long_names_fit_a_phone_and_the_saved_note_is_in_view(new_context):
    game = long_named_game()
    page = new_context(**PHONE).new_page()
    page.goto(link_path(game, game.pair_a))

    # A phone zooms out to show a page wider than its screen: innerWidth grows with it.
    scroll_width, width = page_width(page)
    assert scroll_width <= 390 and width == 390, f"{scroll_width} px wide on a 390 px screen"

    entry = page.locator("#entry")
    cards = {"high": game.pair_a, "low": game.pair_a, "jack": game.pair_a, "game": game.pair_a}
    fill_hand(entry, bidder=game.pair_a, bid=2, cards=cards)
    entry.get_by_role("button", name="Save hand").click()

    expect(status(page)).to_contain_text("Hand 1 saved")
    assert in_view(page, ".messages"), "the saved note is scrolled out of view"
    assert page_width(page)[0] <= 390


def test_a_passed_deal_after_tapping_a_bidder(new_context):
    game = long_named_game()
    page = new_context(**PHONE).new_page()
    page.goto(link_path(game, game.pair_a))
    entry = page.locator("#entry")
    entry.get_by_role("group", name="Bidder").get_by_role("radio").first.check()

    page.get_by_role("button", name="Save a passed deal (nobody bid)").click()

    expect(status(page)).to_contain_text("Hand 1 saved")
    hand = game.hands.get()
    assert hand.passed and hand.bidder is None
