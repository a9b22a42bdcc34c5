"""The two pairs of a table each post a different hand 1 from their own phones, through
their own table links, at the same instant, against gunicorn: one hand is kept, and the
other phone is told that a *different* hand 1 was saved and shown which.

Both posts carry hand 1's number (the form each phone opened); they land in different
workers, and the game's lock puts one after the other.
"""

from concurrent.futures import ThreadPoolExecutor
from threading import Barrier
from urllib.parse import urlsplit

import pytest

from bench.table_links import entry_of
from tests.reliability.conftest import Live
from tests.reliability.live_site import Browser, Server, form_of, stored_hands

# Scorers racing a live server, on both engines: make test-slow (CI runs it).
pytestmark = [pytest.mark.database, pytest.mark.slow]

GAME_INDEX = 0  # a game of round 1 (a later round takes no entry before it begins)


@pytest.fixture(scope="module")
def live(tmp_path_factory, template):
    """A copy of the live site for this module alone: the shared one's round 1 is the
    concurrent scorers', and a phone enters no later round before round 1 is over."""
    site = template.site.copy(tmp_path_factory.mktemp("two-phones"))
    server = Server(site).start()
    yield Live(site, template.night, template.games, server)
    server.stop()
    site.drop()


def link_paths(live, index: int) -> dict[int, str]:
    """Each pair's table link (its path) to the night's game ``index``, as ``manage.py
    table_links`` prints them: ``round table pair URL``, two lines a game, in the order
    of ``live.games`` (round, then table)."""
    site = f"http://127.0.0.1:{live.server.port}"
    printed = live.site.manage("table_links", str(live.night), "--site", site).stdout.splitlines()
    rows = [line.split() for line in printed[2 * index : 2 * index + 2]]
    return {int(pair): urlsplit(url).path for _, _, pair, url in rows}


def test_two_phones_posting_a_different_hand_1_at_once(live):
    game_id, a, b = live.games[GAME_INDEX]
    paths = link_paths(live, GAME_INDEX)
    assert set(paths) == {a, b}
    phones = {pair: Browser(live.server) for pair in (a, b)}
    entries = {}
    for pair, phone in phones.items():
        page = phone.get(paths[pair])  # the page, and its CSRF cookie
        assert page.status == 200
        entries[pair] = entry_of(page.text)
    hands = {
        a: form_of({"bidder": a, "bid": 2, "high": a, "low": a}),
        b: form_of({"bidder": b, "bid": 3, "high": b, "low": b, "jack": b}),
    }
    barrier = Barrier(2)

    def post(pair: int):
        barrier.wait(timeout=30)
        return phones[pair].post(paths[pair], hands[pair] | {"position": "1"} | entries[pair])

    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = dict(zip((a, b), pool.map(post, (a, b), timeout=120), strict=True))

    assert [answer.status for answer in answers.values()] == [302, 302]
    stored = [row for row in live.site.read(stored_hands, live.night) if row["game"] == game_id]
    assert len(stored) == 1
    kept = stored[0]["hand"]["bidder"]
    told = phones[b if kept == a else a].get(paths[b if kept == a else a]).text
    saved = phones[kept].get(paths[kept]).text
    assert "Hand 1 saved" in saved
    bid = hands[kept]["bid"]
    assert f"A different hand 1 was already saved: Pair {kept} bids {bid}; High {kept}" in told
    assert "Yours was not saved" in told
