"""A table plays its game on phones through its links (issue 14): one pair enters every
hand, the other pair confirms on its own phone, and only then do the standings count it;
a dispute reaches the director's round board; bad links are refused."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.links.refusals import NEWS_SECONDS
from scoring.links.tokens import link_path, link_token
from scoring.models import Game
from tests.browser.nights import hands_by_cards
from tests.browser.steps import enter_hand, status
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NEWS_WAIT = (NEWS_SECONDS + 5) * 1000  # ms: the page's next question, and its reload
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def folder(tmp_path) -> Path:
    """The README's pictures with ``make screenshots`` (``CINCH_SCREENSHOTS=1``), else a
    temporary folder (as ``test_screenshots``)."""
    return DOCS if os.environ.get("CINCH_SCREENSHOTS") == "1" else tmp_path


def wins(page, night) -> dict[int, int]:
    """Each pair's wins as the night's standings count them (its JSON, as the page)."""
    document = page.request.get(f"/nights/{night.pk}/standings.json").json()
    return {row["pair"]: row["wins"] for row in document["standings"]}


def test_a_table_enters_and_the_other_pair_confirms(new_context, as_user, director, folder):
    night = night_with_schedule(2, confirm_results=True)
    game = Game.objects.get(night=night)
    winner, loser = game.pair_a, game.pair_b
    # Both phones open their links as the game starts; nobody reloads the other pair's.
    confirming = new_context(**PHONE).new_page()
    confirming.goto(link_path(game, loser))
    entering = new_context(**PHONE).new_page()
    entering.goto(link_path(game, winner))
    for number, hand in enumerate(hands_by_cards(winner, loser), start=1):
        enter_hand(entering, number, **hand)
    expect(entering.locator("#confirmation")).to_contain_text(
        f"awaiting confirmation from pair {loser}"
    )
    assert entering.locator("#entry").count() == 0
    assert entering.locator("#confirm").count() == 0  # not the pair that entered it
    entering.screenshot(path=folder / "table-link-entered.png", full_page=True)

    room = as_user(director)
    assert wins(room, night) == {winner: 0, loser: 0}  # nothing counted yet

    # The page asked its news URL, saw the result and reloaded itself.
    expect(confirming.locator("#confirm")).to_contain_text(
        f"Won by pair {winner}", timeout=NEWS_WAIT
    )
    scroll_width, width = confirming.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert scroll_width <= width
    confirming.screenshot(path=folder / "table-link-confirm.png", full_page=True)
    confirming.get_by_role("button", name="Confirm the result").tap()
    expect(status(confirming)).to_contain_text("Result confirmed")
    expect(confirming.locator("#confirmation")).to_contain_text(
        f"confirmed by pair {loser} (table link)"
    )
    assert wins(room, night) == {winner: 1, loser: 0}
    # The entering phone sees the confirmation by itself too, and then stops asking.
    expect(entering.locator("#confirmation")).to_contain_text(
        f"confirmed by pair {loser}", timeout=NEWS_WAIT
    )
    assert entering.locator("#news").count() == 0


def test_a_phone_being_filled_in_is_told_not_reloaded(new_context, folder):
    """A page whose form was being filled in keeps what was typed and says there is news."""
    night = night_with_schedule(2, confirm_results=True)
    game = Game.objects.get(night=night)
    a, b = game.pairs
    typing = new_context(**PHONE).new_page()
    typing.goto(link_path(game, b))
    typing.get_by_role("link", name="Enter the final score").tap()
    typing.locator("#pegboard").get_by_label(f"Pair {b} score").fill("7")
    other = new_context(**PHONE).new_page()
    other.goto(link_path(game, a))

    enter_hand(other, 1, **hands_by_cards(a, b)[0])

    note = typing.locator("#news")
    expect(note).to_be_visible(timeout=NEWS_WAIT)
    expect(note).to_have_text("New entries from the other pair: reload")
    expect(typing.locator("#pegboard").get_by_label(f"Pair {b} score")).to_have_value("7")
    typing.evaluate("() => window.scrollTo(0, 0)")
    typing.screenshot(path=folder / "table-link-news.png")
    note.get_by_role("link", name="reload").tap()
    expect(typing.locator("#entry").get_by_role("heading")).to_have_text("Hand 2")
    expect(typing.locator("#news")).to_be_hidden()


def test_a_dispute_reaches_the_round_board(new_context, as_user, director, folder):
    night = night_with_schedule(2, confirm_results=True)
    game = Game.objects.get(night=night)
    phone = new_context(**PHONE).new_page()
    phone.goto(link_path(game, game.pair_a))
    assert phone.locator("#pegboard").count() == 0  # on its own page, one tap away
    phone.get_by_role("link", name="Enter the final score").tap()
    form = phone.locator("#pegboard")
    form.get_by_role("radio", name=f"Pair {game.pair_a}").first.check()
    form.get_by_label(f"Pair {game.pair_a} score").fill("11")
    form.get_by_label(f"Pair {game.pair_b} score").fill("4")
    form.get_by_label(f"Pair {game.pair_a} Cinches").fill("0")
    form.get_by_label(f"Pair {game.pair_b} Cinches").fill("0")
    scroll_width, width = phone.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert scroll_width <= width
    phone.screenshot(path=folder / "table-link-pegboard.png", full_page=True)
    form.get_by_role("button", name="Save the result").click()
    expect(status(phone)).to_contain_text(f"Result saved: won by pair {game.pair_a}")
    assert phone.url.endswith(link_path(game, game.pair_a))  # back on the main page

    other = new_context(**PHONE).new_page()
    other.goto(link_path(game, game.pair_b))
    other.get_by_label("What is wrong with the result?").fill("we pegged 9")
    other.get_by_role("button", name="Dispute it").click()
    expect(status(other)).to_contain_text("Dispute sent to the director")

    room = as_user(director)
    room.goto(f"/nights/{night.pk}/round/")
    expect(room.locator("main")).to_contain_text("disputed")
    expect(room.locator("main")).to_contain_text("we pegged 9")
    room.screenshot(path=folder / "round-board-disputed.png", full_page=True)
    room.get_by_role("button", name="settle: confirm as entered").click()
    expect(status(room)).to_contain_text("Result confirmed")


def test_bad_links_are_refused(new_context, as_user, director):
    night = night_with_schedule(3, confirm_results=True)
    first, second = Game.objects.filter(night=night).order_by("pk")[:2]
    phone = new_context(**PHONE).new_page()

    token = link_token(first, first.pair_a)
    tampered = token[:-2] + ("xx" if not token.endswith("xx") else "yy")
    assert phone.goto(f"/t/{tampered}/").status == 403
    expect(phone.get_by_role("heading")).to_have_text("This link does not open a game")

    value, signature = token.split(":")
    moved = f"{second.pk}.{first.pair_a}.1:{signature}"
    assert phone.goto(f"/t/{moved}/").status == 403

    assert phone.goto(link_path(first, first.pair_a)).status == 200
    room = as_user(director)
    room.goto(f"/nights/{night.pk}/round/")
    room.get_by_role("row").filter(has_text=f"Pair {first.pair_a} (").get_by_role(
        "button", name="revoke links"
    ).first.click()
    expect(status(room)).to_contain_text("links were revoked")
    assert phone.goto(link_path(first, first.pair_a)).status == 403
