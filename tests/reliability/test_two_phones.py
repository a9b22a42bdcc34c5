"""The two pairs of a table each post a different hand 1 from their own phones, through
their own table links, at the same instant, against gunicorn: one hand is kept, and the
other phone is told that a *different* hand 1 was saved and shown which.

Both posts carry hand 1's number (the form each phone opened); they land in different
workers, and the game's lock puts one after the other.
"""

from concurrent.futures import ThreadPoolExecutor
from threading import Barrier
from urllib.parse import urlsplit

from tests.reliability.live_site import Browser, form_of, stored_hands

GAME_INDEX = 9  # a game no other test of the shared live site uses


def link_paths(live, index: int) -> dict[int, str]:
    """Each pair's table link (its path) to the night's game ``index``, as ``manage.py
    table_links`` prints them: ``round table pair URL``, two lines a game, in the order
    of ``live.games`` (round, then table)."""
    printed = live.site.manage("table_links", str(live.night)).stdout.splitlines()
    rows = [line.split() for line in printed[2 * index : 2 * index + 2]]
    return {int(pair): urlsplit(url).path for _, _, pair, url in rows}


def test_two_phones_posting_a_different_hand_1_at_once(live):
    game_id, a, b = live.games[GAME_INDEX]
    paths = link_paths(live, GAME_INDEX)
    assert set(paths) == {a, b}
    phones = {pair: Browser(live.server) for pair in (a, b)}
    for pair, phone in phones.items():
        assert phone.get(paths[pair]).status == 200  # the page, and its CSRF cookie
    hands = {
        a: form_of({"bidder": a, "bid": 2, "high": a, "low": a}),
        b: form_of({"bidder": b, "bid": 3, "high": b, "low": b, "jack": b}),
    }
    barrier = Barrier(2)

    def post(pair: int):
        barrier.wait(timeout=30)
        return phones[pair].post(paths[pair], hands[pair] | {"position": "1"})

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
