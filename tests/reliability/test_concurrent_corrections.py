"""Two scorers correcting the same hand on the live server: the second is told, never lost.

Both open the hand's correction form at the same version. The first to save wins; the
other gets the page again with "changed by someone else" and the form now showing the
stored value and version, and the stored hand is the winner's. Once one after the
other, and once at the same instant.
"""

import re
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import pytest

from tests.reliability import live_site
from tests.reliability.live_site import Browser, form_of, shown

# A live server of its own: 12 s on each engine, `make test-slow`.
pytestmark = [pytest.mark.database, pytest.mark.slow]

STALE = "was changed by someone else meanwhile; the form now shows the new value"


def open_form(browser: Browser, hand_id: int) -> int:
    """GET the correction form; the version it carries."""
    page = browser.get(f"/hands/{hand_id}/edit/")
    assert page.status == 200
    return int(re.search(r'name="version" value="(\d+)"', page.text)[1])


def a_hand(live, game_index: int) -> tuple[int, tuple[int, int], Browser, Browser]:
    """A hand entered by scorer 1 in a game no other test uses, and two scorers' sessions."""
    game_id, *pairs = live.games[game_index]
    first = live.site.browser(live.server, "scorer1")
    second = live.site.browser(live.server, "scorer2")
    hand = {"bidder": pairs[0], "bid": 2, "high": pairs[0], "low": pairs[0]}
    assert first.post(f"/games/{game_id}/", form_of(hand)).status == 302
    [stored] = [row for row in stored_hands(live) if row["game"] == game_id]
    return stored["id"], tuple(pairs), first, second


def stored_hands(live) -> list[dict]:
    return live.site.read(live_site.stored_hands, live.night)


def stored(live, hand_id: int) -> dict:
    return next(row for row in stored_hands(live) if row["id"] == hand_id)


def correction(pairs, bid: int, owner: int) -> dict:
    return {"bidder": pairs[0], "bid": bid, "high": pairs[owner], "low": pairs[owner]}


def test_the_second_to_save_is_told_and_shown_the_new_value(live):
    hand_id, pairs, first, second = a_hand(live, 20)
    version = open_form(first, hand_id)
    assert open_form(second, hand_id) == version
    mine, theirs = correction(pairs, 3, owner=1), correction(pairs, 4, owner=0)

    saved = first.post(f"/hands/{hand_id}/edit/", form_of(mine) | {"version": version})
    late = second.post(f"/hands/{hand_id}/edit/", form_of(theirs) | {"version": version})

    assert saved.status == 302
    assert late.status == 200
    assert STALE in late.text
    assert f'name="version" value="{version + 1}"' in late.text
    assert '<option value="3" selected>3</option>' in late.text  # the first one's bid
    row = stored(live, hand_id)
    assert shown(row["hand"]) == shown(mine)
    assert row["version"] == version + 1


def test_saving_at_the_same_instant_one_wins_and_the_other_is_told(live):
    hand_id, pairs, first, second = a_hand(live, 21)
    version = open_form(first, hand_id)
    open_form(second, hand_id)
    corrections = {first: correction(pairs, 3, owner=1), second: correction(pairs, 4, owner=0)}
    barrier = Barrier(2)

    def save(browser):
        barrier.wait(timeout=30)
        form = form_of(corrections[browser]) | {"version": version}
        return browser, browser.post(f"/hands/{hand_id}/edit/", form)

    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(save, [first, second], timeout=120))

    assert sorted(answer.status for _, answer in answers) == [200, 302]
    [winner] = [browser for browser, answer in answers if answer.status == 302]
    [loser] = [answer for _, answer in answers if answer.status == 200]
    assert STALE in loser.text
    row = stored(live, hand_id)
    assert shown(row["hand"]) == shown(corrections[winner])
    assert row["version"] == version + 1
