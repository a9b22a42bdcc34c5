"""A phone-sized screen (390 × 844): the game entry and standings pages need no sideways
scrolling. Wide tables may scroll inside their own box, but a game's hands fit, and the
standings show rank, pair, players and wins without it.
"""

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.nights import played_night
from tests.browser.steps import enter_hand, section, status
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def page_width(page: Page) -> tuple[int, int]:
    return page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")


def right_edge(page: Page, selector: str) -> float:
    """How far right the widest of these elements reaches, in CSS pixels."""
    return page.locator(selector).evaluate_all(
        "elements => Math.max(...elements.map(e => e.getBoundingClientRect().right))"
    )


def test_game_entry_on_a_phone(as_user, scorer):
    night = played_night(playoff_hands=1)
    playoff = Game.objects.get(night=night, is_playoff=True)
    page = as_user(scorer, **PHONE)
    page.goto(f"/games/{playoff.pk}/")

    scroll_width, width = page_width(page)
    assert scroll_width <= width
    assert right_edge(page, "#entry input, #entry select, #entry button, #entry label") <= width
    assert right_edge(page, "table.hands") <= width  # hands, board and edit links

    # The form works at this size: a tap on each label, then the button.
    enter_hand(page, 2, bidder=3, bid=2, cards={"high": 3, "low": 3, "jack": 2, "game": None})
    expect(section(page, "Hands").get_by_role("row")).to_have_count(3)  # heading and 2 hands
    assert page_width(page)[0] <= width


def test_standings_on_a_phone(as_user, director):
    night = played_night()  # level for places 2 and 3: the director's buttons are shown
    page = as_user(director, **PHONE)
    page.goto(f"/nights/{night.pk}/standings/")

    scroll_width, width = page_width(page)
    assert scroll_width <= width
    assert right_edge(page, "#ties, #director button") <= width
    for column in range(1, 5):  # rank, pair, players, won
        assert right_edge(page, f"table.grid tr > :nth-child({column})") <= width

    page.get_by_role("button", name="Start the play-offs").tap()
    expect(status(page)).to_contain_text("Play-offs started: pair 2 v pair 3")
    assert page_width(page)[0] <= width


def test_large_print_on_a_phone_is_kept_without_a_session(new_context):
    night = night_with_schedule(4)
    context = new_context(**PHONE)
    page = context.new_page()
    page.goto(f"/nights/{night.pk}/standings/")

    page.get_by_role("button", name="Larger text").click()

    expect(page.locator("html")).to_have_class("large-print")
    assert page.url.endswith(f"/nights/{night.pk}/standings/")
    page.goto(f"/nights/{night.pk}/")
    expect(page.locator("html")).to_have_class("large-print")
    cookies = {cookie["name"]: cookie for cookie in context.cookies()}
    assert cookies["text_size"]["httpOnly"] and cookies["text_size"]["sameSite"] == "Lax"
    assert "sessionid" not in cookies
    page.get_by_role("button", name="Normal text").click()
    expect(page.locator("html")).not_to_have_class("large-print")
