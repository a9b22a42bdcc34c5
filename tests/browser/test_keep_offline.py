"""A table's phone keeps what the network lost (``static/scoring/keep_offline.js``): hands,
a confirmation, a hand the other pair entered differently meanwhile, and the site itself
stopped for half a minute mid-game. Phones are Playwright contexts; the Wi-Fi dropping is
Playwright's offline switch."""

import os
import socket
import time
from pathlib import Path

import pytest
from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.core.records.documents import hand_data
from scoring.games import services as games_services
from scoring.links.tokens import TableLink, link_path
from scoring.models import Game
from tests.browser.conftest import refused
from tests.browser.nights import all_to, hands_by_cards, rules_hand
from tests.browser.steps import fill_hand, status
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DOWN_SECONDS = 30
RESEND_MS = 30_000  # the script's longest pause between tries is 15 s
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def folder(tmp_path) -> Path:
    """The guide's pictures with ``make screenshots`` (``CINCH_SCREENSHOTS=1``), else a
    temporary folder (as ``test_table_links_phone``)."""
    return DOCS if os.environ.get("CINCH_SCREENSHOTS") == "1" else tmp_path


def kept(page: Page):
    return page.locator("#kept")


def keep_hand(page: Page, number: int, **hand) -> None:
    """Enter hand ``number`` while the site cannot be reached: the phone keeps it."""
    entry = page.locator("#entry")
    expect(entry.get_by_role("heading")).to_have_text(f"Hand {number}")
    fill_hand(entry, **hand)
    entry.get_by_role("button", name="Save hand").click()
    expect(kept(page)).to_contain_text(f"Hand {number} —")


def stored(game: Game) -> list[dict]:
    """The game's hands as stored, in order, without what was not given."""
    hands = game.hands.order_by("position")
    return [{k: v for k, v in hand_data(hand).items() if v is not None} for hand in hands]


def given(hand: dict) -> dict:
    return {k: v for k, v in rules_hand(hand).items() if v is not None}


def queue(page: Page) -> str:
    return page.evaluate("() => JSON.stringify(Object.entries(localStorage))")


def test_three_hands_entered_offline_are_saved_once_and_in_order(
    new_context, as_user, director, folder
):
    game = Game.objects.get(night=night_with_schedule(2))
    winner, loser = game.pair_a, game.pair_b
    context = new_context(**PHONE)
    phone = context.new_page()
    phone.goto(link_path(game, winner))

    context.set_offline(True)
    hands = hands_by_cards(winner, loser)
    for number, hand in enumerate(hands, start=1):
        keep_hand(phone, number, **hand)
    expect(kept(phone)).to_contain_text("Kept on this phone, not yet sent (3 hands)")
    phone.screenshot(path=folder / "table-link-kept.png", full_page=True)
    assert game.hands.count() == 0

    context.set_offline(False)  # the phone says it is online: sent at once
    expect(status(phone)).to_contain_text("Hand 3 saved")
    expect(kept(phone)).to_be_hidden()
    assert stored(game) == [given(hand) for hand in hands]
    assert queue(phone) == "[]"
    # The round board says when the table's phone was last heard from.
    room = as_user(director)
    room.goto(f"/nights/{game.night_id}/round/")
    room.locator("details summary").first.click()  # the finished round, folded
    expect(room.locator("tbody tr").first).to_contain_text("phone heard")
    room.screenshot(path=folder / "round-board-heard.png", full_page=True)


def test_a_confirmation_whose_answer_was_lost_counts_once(new_context):
    game = Game.objects.get(night=night_with_schedule(2, confirm_results=True))
    winner, loser = game.pair_a, game.pair_b
    for hand in hands_by_cards(winner, loser):
        games_services.hand_record(
            game=game, data=rules_hand(hand), link=TableLink(game, winner, device="x")
        )
    context = new_context(**PHONE)
    phone = context.new_page()
    phone.goto(link_path(game, loser))

    # The Wi-Fi drops as the pair taps Confirm: kept, and the button is not offered twice.
    context.set_offline(True)
    phone.get_by_role("button", name="Confirm the result").tap()
    expect(kept(phone)).to_contain_text("not yet sent (the confirmation)")
    expect(phone.get_by_role("button", name="Confirm the result")).to_be_disabled()

    # Back online, the first try reaches the site but its answer is lost on the way
    # back: the phone tries again, and the site says it is done already.
    lost = []

    def lose_answer(route):
        route.fetch()
        lost.append(route.request.url)
        route.abort()

    phone.route("**/confirm/", lose_answer, times=1)
    context.set_offline(False)
    expect(phone.locator("#confirmation")).to_contain_text(
        f"confirmed by pair {loser}", timeout=RESEND_MS
    )
    assert len(lost) == 1
    expect(status(phone)).to_contain_text("This confirmation was saved already", timeout=RESEND_MS)
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == f"pair {loser} (table link)"
    assert game.history.filter(confirmed_by=game.confirmed_by).count() == 1


def test_a_hand_the_other_pair_entered_differently_is_shown_beside_ours(new_context, folder):
    game = Game.objects.get(night=night_with_schedule(2))
    winner, loser = game.pair_a, game.pair_b
    first = hands_by_cards(winner, loser)[0]
    theirs = {"bidder": winner, "bid": 2, "cards": all_to(winner)}  # 8 – 0: play goes on
    other = TableLink(game, loser, device="other-phone")
    games_services.hand_record(game=game, data=rules_hand(first), number=1, link=other)
    context = new_context(**PHONE)
    phone = context.new_page()
    phone.goto(link_path(game, winner))

    context.set_offline(True)
    ours = {"bidder": loser, "bid": 2, "points": {winner: 3, loser: 1}}  # given as totals
    keep_hand(phone, 2, **ours)
    # Meanwhile the other pair's phone saves its own hand 2 (the game goes on after it).
    games_services.hand_record(game=game, data=rules_hand(theirs), number=2, link=other)

    context.set_offline(False)
    problem = kept(phone).locator(".kept-problem")
    expect(problem).to_contain_text("the other pair entered this hand differently")
    expect(problem).to_contain_text("A different hand 2 was already saved: Pair")
    # Said as the site says a hand given as totals (the saved one's words just above).
    yours = f"Yours, kept on this phone: Hand 2 — Pair {loser} bids 2; points 3 v 1"
    expect(kept(phone)).to_contain_text(yours)
    expect(kept(phone)).not_to_contain_text("not out")
    phone.screenshot(path=folder / "table-link-kept-different.png", full_page=True)
    assert stored(game) == [given(first), given(theirs)]  # nothing overwritten
    game.refresh_from_db()
    assert game.disputed_hand == 2  # the round board shows the game as disputed

    # The pair settles it: the saved hand is right; theirs is dropped, the page reloads.
    phone.get_by_role("button", name="Drop mine").click()
    expect(kept(phone)).to_be_hidden()
    assert queue(phone) == "[]"
    assert stored(game) == [given(first), given(theirs)]
    game.refresh_from_db()
    assert game.disputed_hand is None


class ReopenedServer(LiveServerThread):
    """The live server's thread, allowed to bind a port a stopped one left in TIME_WAIT."""

    def _create_server(self, connections_override=None):
        return self.server_class(
            (self.host, self.port),
            QuietWSGIRequestHandler,
            allow_reuse_address=True,
            connections_override=connections_override,
        )


@pytest.fixture
def own_server(live_server):
    """A live server of this test's own on a free port, which ``stop()`` stops and
    ``start()`` starts again on the same port (the laptop restarting); stopped at the
    end. Both from the test's thread: the server shares its in-memory database."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"

    servers = []

    def start() -> None:
        server = LiveServer(address, start=False)
        server.thread.__class__ = ReopenedServer
        server.start()
        servers.append(server)

    def stop() -> None:
        servers.pop().stop()

    start()
    yield f"http://{address}", start, stop
    if servers:
        stop()


@pytest.mark.slow
def test_the_site_stopped_half_a_minute_mid_game_loses_nothing(browser, own_server, csp_violations):
    url, start, stop = own_server
    game = Game.objects.get(night=night_with_schedule(2))
    winner, loser = game.pair_a, game.pair_b
    hands = hands_by_cards(winner, loser)
    context = browser.new_context(base_url=url, **PHONE)
    context.on("console", lambda message: refused(message, csp_violations))
    try:
        phone = context.new_page()
        phone.goto(link_path(game, winner))
        fill_hand(phone.locator("#entry"), **hands[0])
        phone.locator("#entry").get_by_role("button", name="Save hand").click()
        expect(status(phone)).to_contain_text("Hand 1 saved")

        # The laptop goes down for half a minute; the table plays on meanwhile.
        stop()
        stopped = time.monotonic()
        keep_hand(phone, 2, **hands[1])
        keep_hand(phone, 3, **hands[2])
        expect(kept(phone)).to_contain_text("not yet sent (2 hands)")
        expect(kept(phone)).to_contain_text("tries again by itself")
        time.sleep(max(0, DOWN_SECONDS - (time.monotonic() - stopped)))
        assert game.hands.count() == 1
        start()

        expect(status(phone)).to_contain_text("Hand 3 saved", timeout=RESEND_MS)
        assert stored(game) == [given(hand) for hand in hands]
        assert queue(phone) == "[]"
    finally:
        context.close()
    assert not csp_violations
