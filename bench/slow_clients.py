"""Slow phones cannot starve the hall's server: ``SLOW`` connections that send a request's
headers one line every ``LINE_SECONDS`` and ``IDLE`` that send nothing stay open while the
laptop asks for pages, ``ASKED`` times, one after the other. They come from phones of
``PER_PHONE`` connections each, every phone at a loopback address of its own (127.0.0.2,
127.0.0.3, ...: Linux answers all of 127.0.0.0/8), as under the cap on connections per
address.

Against ``make hall``'s server (Hypercorn, ``hypercorn.conf.py``) and, to compare, the
gunicorn it ran before (``gunicorn.conf.py``'s 3 processes of 4 threads, nothing in
front), on the same site: how many of the laptop's requests were answered, and how long
each took. Then one greedy phone against ``make hall``'s server: ``GREEDY`` uploads
opened at once from one address (a POST's headers, its body still to come), how many the
server keeps and how many it closes at once (``connections_per_address``), and the
laptop's requests meanwhile. ``bench/run.py slow_clients`` (in ``make bench``);
``tests/reliability/test_slow_clients.py`` asserts the counts.
"""

import select
import socket
import statistics
import tempfile
import threading
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from bench.hall_load import hall_site
from scoring.rules.simulate import random_night
from tests.reliability.live_site import HOST, HallServer, Server, phone_address

SLOW = 50
IDLE = 40
PER_PHONE = 6  # the most connections a phone's browser opens to one server
GREEDY = 100
ASKED = 20
LINE_SECONDS = 5
PATIENCE = 30  # the laptop's wait for one answer, in seconds: a starved server passes it
GIVE_UP = 3  # unanswered requests in a row that show the server starved: asking stops


@dataclass(frozen=True)
class Result:
    answered: int
    asked: int
    seconds: list[float]  # each answered request's time
    held: int | None = None  # the greedy phone's connections the server kept open


def connect(port: int, phone: int) -> socket.socket:
    return socket.create_connection((HOST, port), source_address=(phone_address(phone), 0))


@contextmanager
def slow_and_idle(port: int, slow: int = SLOW, idle: int = IDLE):
    """``slow`` connections sending a header line every LINE_SECONDS, ``idle`` silent,
    ``PER_PHONE`` from each phone's address."""
    stop = threading.Event()
    with ExitStack() as opened:

        def crawl(connection: socket.socket) -> None:
            try:
                connection.sendall(f"GET / HTTP/1.1\r\nHost: {HOST}\r\n".encode())
                while not stop.wait(LINE_SECONDS):
                    connection.sendall(b"X-Slow: 1\r\n")
            except OSError:
                return  # the server closed it: what a read timeout does

        for number in range(slow + idle):
            connection = opened.enter_context(connect(port, number // PER_PHONE))
            if number < slow:
                threading.Thread(target=crawl, args=(connection,), daemon=True).start()
        time.sleep(1)  # every connection accepted and waiting
        try:
            yield
        finally:
            stop.set()


@contextmanager
def greedy_phone(port: int, count: int = GREEDY):
    """``count`` uploads under way from one phone; yields how many the server kept open.
    An upload waiting for its body is held for Hypercorn's ``read_timeout`` (30 s)."""
    with ExitStack() as opened:
        uploads = [opened.enter_context(connect(port, 0)) for _ in range(count)]
        for upload in uploads:
            upload.sendall(
                f"POST / HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: 10\r\n\r\n".encode()
            )
        time.sleep(1)  # every connection accepted, and those past the cap closed
        closed = select.select(uploads, [], [], 0)[0]  # readable: its end, or a reset
        yield count - len(closed)


def laptop_asks(port: int, asked: int = ASKED) -> Result:
    """The laptop's ``asked`` requests for the home page, one after the other."""
    seconds, unanswered = [], 0
    for number in range(asked):
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/", timeout=PATIENCE) as page:
                if page.status == 200:
                    seconds.append(time.perf_counter() - started)
                    unanswered = 0
                    continue
        except OSError:
            pass
        unanswered += 1
        if unanswered == GIVE_UP:
            return Result(len(seconds), number + 1, seconds)
    return Result(len(seconds), asked, seconds)


def asked_while_held(port: int) -> Result:
    """The laptop's requests while the slow and silent phones hold their connections."""
    with slow_and_idle(port):
        return laptop_asks(port)


def asked_beside_a_greedy_phone(port: int) -> Result:
    """The laptop's requests while one phone holds all the uploads the server lets it."""
    with greedy_phone(port) as held:
        return replace(laptop_asks(port), held=held)


def run(server_class=HallServer, static_root: Path | None = None, scenario=asked_while_held):
    """``scenario(port)`` against ``server_class`` serving a 4-pair hall site."""
    with tempfile.TemporaryDirectory() as place:
        site = hall_site(Path(place), static_root)
        site.prepare(random_night(4, seed=3, rounds_played=0), scorers=0)
        server = server_class(site).start()
        try:
            return scenario(server.port)
        finally:
            server.stop()
            site.drop()


def spread(result: Result) -> str:
    times = result.seconds
    if not times:
        return "none answered"
    return f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"


def bench_slow_clients() -> None:
    for name, server_class in (("make hall's Hypercorn", HallServer), ("gunicorn 3x4", Server)):
        result = run(server_class)
        print(
            f"slow clients ({SLOW} slow, {IDLE} idle connections, {PER_PHONE} a phone), "
            f"{name}: {result.answered} of {result.asked} of the laptop's requests answered "
            f"within {PATIENCE} s; {spread(result)}"
        )
    result = run(scenario=asked_beside_a_greedy_phone)
    print(
        f"a greedy phone ({GREEDY} uploads at once from one address), make hall's "
        f"Hypercorn: {result.held} kept open, {GREEDY - result.held} closed at once; "
        f"{result.answered} of {result.asked} of the laptop's requests answered; {spread(result)}"
    )
