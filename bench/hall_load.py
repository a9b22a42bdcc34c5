"""A night in the hall: 20 tables, 40 phones, each on its pair's one code, against the
server ``make hall`` runs.

The server is ``make hall``'s: Hypercorn with ``hypercorn.conf.py`` (its processes, each
running Django in its event loop's threads), the hall settings
(``cinch_club.settings.hall``: plain HTTP, ``DEBUG`` off, the hall guard), a secret key
made beside the database as ``scripts/hall`` makes it (``cinch_club.hall``), and
``SITE_URL`` the address the pair cards print. The database is an SQLite file made for
the run (migrated, a 40-pair night imported). It listens on the loopback only: the
phones are threads of this process, so they need no network, each connecting from a
loopback address of its own as each phone on the hall's Wi-Fi has its own (the server
caps the connections of each address).

Each phone is one pair's, with its own cookies, and does what a player does with the
pair card's code: it opens ``/p/<code>/`` and from then on reloads that page, which
shows the pair's game of the moment; its forms post to the game they show. Round after
round, at its game: the table's first pair enters the game's three hands (a pause to
play each), the other pair waits as its page's script does (``link_news.js``: the news
URL at the page's interval, the page again when the answer changes) and confirms the
result; then both reload the page every few seconds until it shows their next game with
no "it starts when round N is over" above it. Every request is timed: a **save** is a
hand's POST or a confirmation's (the phone's wait for the answer, redirect not
followed), a **page read** a GET of the game page.

At the end the database is read back: every game of the rounds played holds its three
hands, once each, as posted, its result entered by the first pair's code and confirmed
once by the second's; no other game holds anything. ``bench/run.py hall_load`` (in
``make bench``); ``CINCH_BENCH_TABLES`` and ``CINCH_BENCH_ROUNDS`` change the size;
``tests/reliability/test_hall_load.py`` runs it at 2 tables.
"""

import html
import json
import os
import random
import re
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bench.table_links import entry_of, news_of, winning_hands
from scoring.rules.simulate import random_night
from tests.reliability.live_site import (
    Browser,
    Database,
    HallServer,
    Site,
    form_of,
    phone_address,
    shown,
)

TABLES = int(os.environ.get("CINCH_BENCH_TABLES", "20"))
ROUNDS = int(os.environ.get("CINCH_BENCH_ROUNDS", "3"))
SAVE_TARGET_SECONDS = 0.3
# A player's pause before each hand's entry and before confirming, in seconds (the
# game itself takes minutes: compressed, the phones press the server harder).
PAUSE = (0.5, 2.0)
WAIT_SECONDS = 180  # the longest a phone waits for its game or a result to confirm
HEADING = re.compile(r"<h1>([^<]*)</h1>")
HAND_FORM = re.compile(r'<form method="post" action="([^"]*)" class="hand-form"')
CONFIRM_FORM = re.compile(r'<form method="post" action="([^"]*)" data-keep-offline="confirm"')
PAIR_PAGE = re.compile(r"/p/[^/]+/")  # a code's page, not its news or its posts


@dataclass
class Timings:
    """Every timed request of the run, by kind, in seconds (threads append)."""

    saves: list[float] = field(default_factory=list)
    reads: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            getattr(self, kind).append(seconds)


@dataclass(frozen=True)
class Result:
    tables: int
    rounds: int
    workers: int
    threads: int
    saves: list[float]
    reads: list[float]
    polls: list[float]
    games: int
    hands: int
    seconds: float
    served: list[str]  # the access log, each line ending "time-in-the-worker METHOD path status"
    ticks_per_second: int  # the unit of that time
    load: tuple[float, float]  # the load average (1 minute) before and after


class Phone:
    """One pair's phone on its code: its own cookies and address, every request timed."""

    def __init__(
        self,
        server: HallServer,
        pair: int,
        code: str,
        timings: Timings,
        pause: tuple,
        *,
        browser: Browser | None = None,
    ):
        """``browser``: how it reaches the site (``bench.clubs``: behind the TLS proxy, to
        either of two servers); by default straight to the hall's server, from the
        phone's own address."""
        self.browser = browser or Browser(server, proxied=False, source=phone_address(pair))
        self.timings, self.pause = timings, pause
        opened = self.browser.get(code)
        assert opened.status == 200, (code, opened.status)
        self.page_url = code

    def timed(self, kind: str, path: str, form: dict | None = None):
        """A GET of ``path``, or a POST of ``form`` to it, timed as a request of ``kind``."""
        started = time.perf_counter()
        answer = self.browser.get(path) if form is None else self.browser.post(path, form)
        self.timings.add(kind, time.perf_counter() - started)
        return answer

    def page(self) -> str:
        answer = self.timed("reads", self.page_url)
        assert answer.status == 200, (self.page_url, answer.status)
        return answer.text

    def game_page(self, label: str) -> str:
        """The page once it shows the game ``label`` with nothing to wait for above it."""
        deadline = time.monotonic() + WAIT_SECONDS
        page = self.page()
        while HEADING.search(page).group(1) != label or 'id="pair-notice"' in page:
            assert time.monotonic() < deadline, f"{self.page_url}: never showed {label}"
            time.sleep(news_of(page)[2] if 'id="news"' in page else 3)
            page = self.page()
        return page

    def enter(self, pair: int, page: str, chance: random.Random) -> None:
        """The game's hands, posted where the page's hand form posts (the game it shows)."""
        action = html.unescape(HAND_FORM.search(page).group(1))
        for position, hand in enumerate(winning_hands(pair), start=1):
            time.sleep(chance.uniform(*self.pause))
            form = form_of(hand) | {"position": str(position)} | entry_of(page)
            answer = self.timed("saves", action, form)
            assert answer.status == 302, f"hand {position} at {action}: {answer.status}"

    def confirm(self, page: str, chance: random.Random) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while "Is this result right?" not in page:
            news, mark, seconds = news_of(page)
            while True:
                assert time.monotonic() < deadline, f"no result to confirm at {self.page_url}"
                time.sleep(seconds)
                answer = self.timed("polls", news)
                assert answer.status == 200, f"news at {self.page_url}: {answer.status}"
                if json.loads(answer.text)["mark"] != mark:
                    break
            page = self.page()
        time.sleep(chance.uniform(*self.pause))
        action = html.unescape(CONFIRM_FORM.search(page).group(1))
        answer = self.timed("saves", action, entry_of(page))
        assert answer.status == 302, f"confirm at {action}: {answer.status}"


def play(
    server: HallServer, code: dict, timings: Timings, pause: tuple, *, browser=None, prefix=""
) -> None:
    """A pair's night on its code (under ``prefix``, its club's URLs): its game of each
    round, entered or confirmed. ``browser``: as :class:`Phone` takes it."""
    pair, games = code["pair"], code["games"]
    chance = random.Random(pair)
    phone = Phone(server, pair, prefix + code["code"], timings, pause, browser=browser)
    for _, label, first, _second in games:
        page = phone.game_page(label)
        if pair == first:
            phone.enter(pair, page, chance)
        else:
            phone.confirm(page, chance)


def run(
    tables: int = TABLES, rounds: int = ROUNDS, *, pause=PAUSE, static_root: Path | None = None
) -> Result:
    """The benchmark at ``tables`` tables for ``rounds`` rounds, checked; its figures.
    ``static_root``: static files collected already (collecting takes seconds)."""
    with tempfile.TemporaryDirectory() as place:
        site = hall_site(Path(place), static_root)
        seeded = site.prepare(random_night(2 * tables, seed=28, rounds_played=0), scorers=0)
        night = seeded["night"]
        server = HallServer(site)
        site.environ["SITE_URL"] = f"http://127.0.0.1:{server.port}"
        codes = inside(site, f"pair_codes({night}, {rounds})")
        timings = Timings()
        server.start()
        load = os.getloadavg()[0]
        started = time.perf_counter()
        try:
            with ThreadPoolExecutor(2 * tables) as pool:
                phones = [pool.submit(play, server, code, timings, pause) for code in codes]
                for phone in phones:
                    phone.result()
            seconds = time.perf_counter() - started
            after = os.getloadavg()[0]
            stored = inside(site, f"stored({night})")
            served = server.access_log.read_text().splitlines()
        finally:
            server.stop()
            site.drop()
    games, hands = check(codes, stored, rounds * tables)
    return Result(
        tables,
        rounds,
        server.workers,
        server.threads,
        sorted(timings.saves),
        sorted(timings.reads),
        sorted(timings.polls),
        games,
        hands,
        seconds,
        served,
        server.log_ticks_per_second,
        (load, after),
    )


def hall_site(folder: Path, static_root: Path | None) -> Site:
    """A site in ``make hall``'s environment (``scripts/hall``), on an SQLite file of its
    own whatever ``DATABASE_URL`` says."""
    from cinch_club import hall

    path = folder / "hall.sqlite3"
    site = Site(folder, static_root, database=Database(f"sqlite:///{path}", path=str(path)))
    key_file = hall.secret_key_file(site.database.url, folder)
    site.environ.update(
        DJANGO_SETTINGS_MODULE="cinch_club.settings.hall",
        SECRET_KEY=hall.secret_key(key_file),
        ALLOWED_HOSTS="127.0.0.1,localhost",
    )
    site.secret_key = site.environ["SECRET_KEY"]
    return site


def inside(site: Site, call: str):
    """What ``bench.hall_load.<call>`` returns, run in the site's environment (JSON)."""
    # Across clubs: the benchmark reads and readies its nights by their ids.
    code = (
        "import json; from django_scopes import scopes_disabled; from bench import hall_load\n"
        f"with scopes_disabled(): print(json.dumps(hall_load.{call}))"
    )
    return json.loads(site.manage("shell", "--no-imports", "-c", code).stdout)


def check(codes: list[dict], stored: dict, expected: int) -> tuple[int, int]:
    """That every game played holds its three hands once, as posted, and its result
    entered by the first pair and confirmed once by the second; nothing else stored.
    Returns the games and hands checked."""
    played = {game[0]: game for code in codes for game in code["games"]}
    assert len(played) == expected, (len(played), expected)
    assert set(stored["games"]) == {str(game) for game in played}, "a result lost or extra"
    hands = 0
    for game_id, (_, label, first, second) in played.items():
        result = stored["games"][str(game_id)]
        posted = [shown(hand) for hand in winning_hands(first)]
        assert result["hands"] == posted, f"{label}: hands {result['hands']} != {posted}"
        assert result["positions"] == [1, 2, 3], f"{label}: positions {result['positions']}"
        assert (result["winner"], result["confirmed"]) == (first, True), (label, result)
        assert result["entered_by"] == f"pair {first} (table link)", (label, result)
        assert result["confirmed_by"] == f"pair {second} (table link)", (label, result)
        hands += len(result["hands"])
    assert stored["hands"] == hands, f"{stored['hands']} hands stored, {hands} posted"
    return len(played), hands


def milliseconds(values: list[float]) -> str:
    at_95 = values[int(0.95 * (len(values) - 1))]
    return (
        f"median {statistics.median(values) * 1000:.0f} ms, p95 {at_95 * 1000:.0f} ms, "
        f"max {values[-1] * 1000:.0f} ms"
    )


def bench_hall_load() -> None:
    result = run()
    p95 = result.saves[int(0.95 * (len(result.saves) - 1))]
    verdict = "meets" if p95 < SAVE_TARGET_SECONDS else "OVER"
    print(
        f"hall load (make hall's server: Hypercorn {result.workers}x{result.threads}, hall "
        f"settings, SQLite; {os.cpu_count()} CPUs, load average {result.load[0]:.1f} before, "
        f"{result.load[1]:.1f} after): {result.tables} tables, {2 * result.tables} phones "
        f"on their pair codes, {result.rounds} rounds in {result.seconds:.0f} s"
    )
    print(f"  {len(result.saves)} saves (hands and confirmations): {milliseconds(result.saves)}")
    print(f"  {len(result.reads)} page reads: {milliseconds(result.reads)}")
    print(f"  {len(result.polls)} news polls: {milliseconds(result.polls)}")
    # The server's own time for each request, from reading it to its answer: the phone's
    # time less the wait for a free thread (and the network, none here).
    inside_worker = {
        kind: sorted(
            int(line.split()[-4]) / result.ticks_per_second
            for line in result.served
            if test(line.split()[-4:])
        )
        for kind, test in (
            ("saves", lambda fields: fields[1] == "POST"),
            ("page reads", lambda fields: fields[1] == "GET" and PAIR_PAGE.fullmatch(fields[2])),
        )
    }
    print(
        "  inside the workers: "
        + "; ".join(f"{kind} {milliseconds(values)}" for kind, values in inside_worker.items())
    )
    print(
        f"  target p95 of a save < {SAVE_TARGET_SECONDS * 1000:.0f} ms: {verdict}; "
        f"{result.games} games, {result.hands} hands stored once each, as entered, each "
        "result confirmed once: nothing lost or doubled"
    )


# --- run inside the site (manage.py shell -c) ---------------------------------------------


def pair_codes(night_id: int, rounds: int) -> list[dict]:
    """Confirmation turned on; each pair's code (the path its card prints) and its games of
    the first ``rounds`` rounds, ``[id, label, first pair, second pair]``."""

    from scoring.links.codes import code_path, night_codes
    from scoring.models import Game, Night

    Night.objects.filter(pk=night_id).update(confirm_results=True)
    night = Night.objects.get(pk=night_id)
    codes = night_codes(night)
    games = Game.objects.filter(night=night, round__lte=rounds).order_by("round", "table")
    by_pair: dict[int, list] = {}
    for game in games:
        for pair in game.pairs:
            by_pair.setdefault(pair, []).append([game.pk, game.label, *game.pairs])
    return [
        {
            "pair": pair,
            "code": code_path(codes[pair]),
            "games": played,
        }
        for pair, played in sorted(by_pair.items())
    ]


def stored(night_id: int) -> dict:
    """The night's games with anything stored: their hands (in order), positions, result
    and who entered and confirmed it; and the night's count of hand rows."""
    from scoring.core.records.documents import hand_data
    from scoring.models import Game, Hand

    games = {}
    played = Game.objects.filter(night_id=night_id).prefetch_related("hands")
    for game in played:
        hands = sorted(game.hands.all(), key=lambda hand: hand.position)
        if not hands and game.winner is None:
            continue
        games[str(game.pk)] = {
            "hands": [
                {key: value for key, value in hand_data(hand).items() if value not in (None, False)}
                for hand in hands
            ],
            "positions": [hand.position for hand in hands],
            "winner": game.winner,
            "confirmed": game.confirmed,
            "entered_by": game.result_entered_by,
            "confirmed_by": game.confirmed_by,
        }
    return {"games": games, "hands": Hand.objects.filter(game__night_id=night_id).count()}
