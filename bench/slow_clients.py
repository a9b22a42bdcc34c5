"""Slow phones cannot starve the hall's server: ``SLOW`` connections that send a request's
headers one line every ``LINE_SECONDS`` and ``IDLE`` that send nothing stay open while the
laptop asks for pages, ``ASKED`` times, one after the other.

Against ``make hall``'s server (Hypercorn, ``hypercorn.conf.py``) and, to compare, the
gunicorn it ran before (``gunicorn.conf.py``'s 3 processes of 4 threads, nothing in
front), on the same site: how many of the laptop's requests were answered, and how long
each took. ``bench/run.py slow_clients`` (in ``make bench``);
``tests/reliability/test_slow_clients.py`` asserts the counts.
"""

import socket
import statistics
import tempfile
import threading
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.hall_load import hall_site
from scoring.rules.simulate import random_night
from tests.reliability.live_site import HOST, HallServer, Server

SLOW = 50
IDLE = 40
ASKED = 20
LINE_SECONDS = 5
PATIENCE = 30  # the laptop's wait for one answer, in seconds: a starved server passes it
GIVE_UP = 3  # unanswered requests in a row that show the server starved: asking stops


@dataclass(frozen=True)
class Result:
    answered: int
    asked: int
    seconds: list[float]  # each answered request's time


@contextmanager
def slow_and_idle(port: int, slow: int = SLOW, idle: int = IDLE):
    """``slow`` connections sending a header line every LINE_SECONDS, ``idle`` silent."""
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
            connection = opened.enter_context(socket.create_connection((HOST, port)))
            if number < slow:
                threading.Thread(target=crawl, args=(connection,), daemon=True).start()
        time.sleep(1)  # every connection accepted and waiting
        try:
            yield
        finally:
            stop.set()


def asked_while_held(port: int, asked: int = ASKED) -> Result:
    """The laptop's ``asked`` requests for the home page while the connections are held."""
    seconds, unanswered = [], 0
    with slow_and_idle(port):
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


def run(server_class=HallServer, static_root: Path | None = None) -> Result:
    with tempfile.TemporaryDirectory() as place:
        site = hall_site(Path(place), static_root)
        site.prepare(random_night(4, seed=3, rounds_played=0), scorers=0)
        server = server_class(site).start()
        try:
            return asked_while_held(server.port)
        finally:
            server.stop()
            site.drop()


def bench_slow_clients() -> None:
    for name, server_class in (("make hall's Hypercorn", HallServer), ("gunicorn 3x4", Server)):
        result = run(server_class)
        times = result.seconds
        spread = (
            f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
            if times
            else "none answered"
        )
        print(
            f"slow clients ({SLOW} slow, {IDLE} idle connections), {name}: "
            f"{result.answered} of {result.asked} of the laptop's requests answered within "
            f"{PATIENCE} s; {spread}"
        )
