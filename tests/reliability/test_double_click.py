"""A double-clicked "Save hand" against gunicorn: both posts answered, the hand stored once.

Two posts of the same form leave the scorer's browser a few milliseconds apart and land
in different workers. The form carries the hand's number, so the second is told the hand
was already saved, and both lead back to the board. The same two posts made one after the
other, in process, are ``tests/views/test_double_posts.py``'s; this race against real
workers, with the live site it needs, is in ``make test-slow``.
"""

import re
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import pytest

from tests.reliability.live_site import Browser, form_of, stored_hands

pytestmark = [pytest.mark.database, pytest.mark.slow]

GAME_INDEX = 26  # a game no other test of the shared live site uses


def test_a_double_clicked_hand_is_saved_once(live):
    game_id, *pairs = live.games[GAME_INDEX]
    browser = live.site.browser(live.server, "scorer3")
    path = f"/games/{game_id}/"
    number = re.search(r'name="position" value="(\d+)"', browser.get(path).text)[1]
    form = form_of({"bidder": pairs[0], "bid": 2, "high": pairs[0], "low": pairs[0]})
    barrier = Barrier(2)

    def click(_):
        barrier.wait(timeout=30)
        return browser.post(path, form | {"position": number})

    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(click, range(2), timeout=120))

    assert [answer.status for answer in answers] == [302, 302]
    # One saved it (shown beside the next form), the other is told it was saved already.
    assert {answer.location for answer in answers} == {path + "?saved=1#entry", path + "#entry"}
    stored = live.site.read(stored_hands, live.night)
    assert [row["position"] for row in stored if row["game"] == game_id] == [1]
    page = browser.get(path)
    assert "Hand 1 saved" in page.text or "Hand 1 was already saved" in page.text


def test_a_scorer_logs_in_on_the_production_site(live):
    """The other live tests use sessions the template stored; this one goes through the
    login page, as a scorer does, against production's password hasher and axes."""
    browser = Browser(live.server)
    browser.log_in("scorer16")

    game_id = live.games[GAME_INDEX + 1][0]
    page = browser.get(f"/games/{game_id}/")

    assert page.status == 200
    assert "Save hand" in page.text
