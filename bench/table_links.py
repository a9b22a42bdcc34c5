"""20 tables enter and confirm their games at once through their links.

gunicorn (production settings, and the processes and threads of ``gunicorn.conf.py``)
over a 40-pair night, its first rounds one after the other on the same server, as a
night goes; for each of a round's 20 tables two phone sessions with no account, all at
once: one pair's phone posts the game's three hands through its link, the other pair's
phone waits for the result and confirms it through its own. Prints each round's hand
saves' latency (p50, p95, worst) and the p95 of all of them (a round's 60 saves make a
p95 of their third slowest: one round alone moves a lot from run to run), and checks
that every game has its three hands once and one confirmation, by the other pair. The
waiting phone does what its page's script does (``scoring/static/scoring/link_news.js``):
it opens the page once, asks the page's news URL at the page's own interval (both read
from the page, as the script reads them) and loads the page again when the answer
changes, until the result is there to confirm.
"""

import html
import json
import os
import re
import runpy
import secrets
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from scoring.rules.simulate import random_night
from tests.reliability.live_site import Browser, Server, Site, form_of

TABLES = 20
ROUNDS = int(os.environ.get("CINCH_BENCH_ROUNDS", "5"))
HAND_TARGET_SECONDS = 0.3
WAIT_SECONDS = 120
# gunicorn's processes and threads: production's (gunicorn.conf.py), or to try others
# CINCH_BENCH_GUNICORN=2x4.
PRODUCTION = runpy.run_path(str(Path(__file__).resolve().parents[1] / "gunicorn.conf.py"))
SHAPE = f"{PRODUCTION['workers']}x{PRODUCTION['threads']}"
WORKERS, THREADS = map(int, os.environ.get("CINCH_BENCH_GUNICORN", SHAPE).split("x"))


def percentile(values: list, share: float):
    """The value ``share`` of the way up sorted ``values`` (nearest rank below)."""
    return values[int(share * (len(values) - 1))]


def winning_hands(pair: int) -> list[dict]:
    """Three bids of 4 that take every card: 4, 8, 12 – the game is won on the third."""
    cards = {"high": pair, "low": pair, "jack": pair, "game": pair}
    return [{"bidder": pair, "bid": 4, **cards} for _ in range(3)]


ENTRY = re.compile(r'name="entry" value="([^"]*)"><input type="hidden" name="seen" value="(\d+)"')


def entry_of(page: str) -> dict:
    """What the page's forms add to a post: a new entry key (the page's script makes one
    for each entry) and the game's version as the page shows it."""
    seen = ENTRY.search(page).group(2)
    return {"entry": secrets.token_urlsafe(16), "seen": seen}


def entering_phone(server: Server, path: str, pair: int) -> list[float]:
    phone = Browser(server)
    page = phone.get(path)
    assert page.status == 200
    latencies = []
    for position, hand in enumerate(winning_hands(pair), start=1):
        started = time.perf_counter()
        form = form_of(hand) | {"position": str(position)} | entry_of(page.text)
        answer = phone.post(path, form)
        latencies.append(time.perf_counter() - started)
        assert answer.status == 302, f"hand {position} at {path}: {answer.status}"
    return latencies


def news_of(page: str) -> tuple[str, str, float]:
    """The news URL, the page's mark and the interval, from the page's ``#news`` element."""
    element = re.search(r'<p id="news"[^>]*>', page).group(0)
    data = dict(re.findall(r'data-(\w+)="([^"]*)"', element))
    return html.unescape(data["url"]), data["mark"], float(data["seconds"])


def confirming_phone(server: Server, path: str) -> int:
    phone = Browser(server)
    deadline = time.monotonic() + WAIT_SECONDS
    page = phone.get(path).text
    while "Is this result right?" not in page:
        news, mark, seconds = news_of(page)
        while True:
            assert time.monotonic() < deadline, f"no result to confirm at {path}"
            time.sleep(seconds)
            answer = phone.get(news)
            assert answer.status == 200, f"news at {path}: {answer.status}"
            if json.loads(answer.text)["mark"] != mark:
                break
        page = phone.get(path).text
    answer = phone.post(path + "confirm/", entry_of(page))
    assert answer.status == 302, f"confirm at {path}: {answer.status}"
    return phone.sent


def play_round(server: Server, games: list[list]) -> tuple[list[float], int, float]:
    """Every table of a round at once: the hand saves' latencies, the confirming phones'
    requests and the round's wall time."""
    started = time.perf_counter()
    with ThreadPoolExecutor(2 * len(games)) as pool:
        entries = [pool.submit(entering_phone, server, g[3], g[1]) for g in games]
        confirms = [pool.submit(confirming_phone, server, g[4]) for g in games]
        latencies = [s for entry in entries for s in entry.result()]
        requests = sum(c.result() for c in confirms)
    return sorted(latencies), requests, time.perf_counter() - started


def milliseconds(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values) * 1000:.0f} ms, p95 {percentile(values, 0.95) * 1000:.0f}"
        f" ms, worst {values[-1] * 1000:.0f} ms"
    )


def bench_table_links() -> None:
    with tempfile.TemporaryDirectory() as folder:
        site = Site(Path(folder))
        seeded = site.prepare(random_night(2 * TABLES, seed=14, rounds_played=0), scorers=0)
        night = seeded["night"]
        rounds = [site.inside(f"table_link_round({night}, {r})") for r in range(1, ROUNDS + 1)]
        server = Server(site, workers=WORKERS, threads=THREADS).start()
        try:
            played = [play_round(server, games) for games in rounds]
            results = site.inside(f"confirmations({night})")
            served = server.access_log.read_text().splitlines()
        finally:
            server.stop()
            site.drop()
    by_game = {row[0]: row for row in results}
    for game_id, pair_a, pair_b, *_ in (game for games in rounds for game in games):
        _, hands, winner, confirmed, by, entered = by_game[game_id]
        assert (hands, winner, confirmed) == (3, pair_a, True), by_game[game_id]
        assert entered == f"pair {pair_a} (table link)" and by == f"pair {pair_b} (table link)"
    for number, (latencies, requests, elapsed) in enumerate(played, start=1):
        print(
            f"  round {number}: {len(latencies)} hand saves in {elapsed:.1f} s ({requests} "
            f"confirming-phone requests); save {milliseconds(latencies)}"
        )
    latencies = sorted(s for round_latencies, _, _ in played for s in round_latencies)
    # gunicorn's own time for each request (its access log's first field, in ms): time
    # in the worker, against the phone's time, which adds the wait to be accepted.
    posts = sorted(int(line.split()[0]) for line in served if line.split()[1] == "POST")
    gets = sorted(int(line.split()[0]) for line in served if line.split()[1] == "GET")
    print(
        f"table links (gunicorn {WORKERS}x{THREADS}, load average {os.getloadavg()[0]:.1f}): "
        f"{TABLES} tables, {2 * TABLES} phones, {ROUNDS} rounds, {len(latencies)} hand saves; "
        f"save {milliseconds(latencies)} (target p95 < {HAND_TARGET_SECONDS * 1000:.0f} ms); "
        f"in the workers, p95 of the {len(posts)} POSTs {percentile(posts, 0.95)} ms and of the "
        f"{len(gets)} GETs {percentile(gets, 0.95)} ms; "
        f"{len(by_game)} games confirmed once each, nothing lost or doubled"
    )
