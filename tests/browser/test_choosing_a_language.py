"""The language menu in a real browser: picking "français" takes effect on its own, with
the mouse or with the keyboard, at both text sizes, nothing else clicked; the menu's
button (for a browser without script) is plainly visible on the dark red header."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def rgb(page: Page, selector: str, prop: str) -> str:
    return page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}")


@pytest.mark.parametrize("large_print", [False, True], ids=["normal text", "larger text"])
def test_picking_french_with_the_mouse_changes_the_page(visitor, large_print):
    visitor.goto("/")
    if large_print:
        visitor.get_by_role("button", name="Larger text").click()
        expect(visitor.locator("html")).to_have_class("large-print")
    menu = visitor.locator("form.language-menu")
    button = menu.get_by_role("button", name="Change")
    expect(button).to_be_visible()
    header = rgb(visitor, ".site-header", "backgroundColor")
    assert rgb(visitor, "form.language-menu button", "backgroundColor") != header
    assert rgb(visitor, "form.language-menu button", "color") == header  # dark red on white
    menu.locator("select").click()
    menu.locator("select").select_option(label="français")
    expect(visitor.locator("html")).to_have_attribute("lang", "fr")
    expect(visitor.get_by_role("link", name="Soirées")).to_be_visible()
    expect(visitor.locator("form.language-menu select")).to_have_value("fr")


def test_picking_french_with_the_keyboard_changes_the_page(visitor):
    visitor.goto("/seasons/")
    for _ in range(20):  # Tab through the header until the menu has the focus
        visitor.keyboard.press("Tab")
        if visitor.evaluate("document.activeElement.id") == "language-menu":
            break
    assert visitor.evaluate("document.activeElement.id") == "language-menu"
    visitor.keyboard.press("ArrowDown")  # English is first, français next
    expect(visitor.locator("html")).to_have_attribute("lang", "fr")
    assert visitor.url.endswith("/seasons/")
    expect(visitor.get_by_role("heading", level=1)).not_to_have_text("Seasons")
