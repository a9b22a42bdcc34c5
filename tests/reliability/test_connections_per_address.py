"""One phone cannot take ``make hall``'s server for itself: an address that opens more
than ``connections_per_address`` (``hypercorn.conf.py``) has the extra connections closed
at once, before it sends a byte, while the laptop and the other phones are served, and
the same phone is served again once it closed one (``cinch_club.connection_cap``).

The server is ``make hall``'s in one process, where the count is exact (each of
``make hall``'s processes counts its own). The phones connect from loopback addresses of
their own (127.0.0.2, 127.0.0.3: Linux answers all of 127.0.0.0/8). The connections held
are uploads under way (a POST's headers, its body still to come), which Hypercorn keeps
open for its ``read_timeout``, 30 s, longer than the test takes.
"""

import select
import socket
import time
from contextlib import ExitStack

import pytest

from tests.reliability.live_site import HOST, Browser, HallServer

pytestmark = pytest.mark.slow  # a live server: make test-slow

PHONE, OTHER_PHONE = "127.0.0.2", "127.0.0.3"
EXTRA = 5
WAIT = 10  # seconds: the longest any step here may take


@pytest.fixture
def hall_server(template, tmp_path):
    site = template.site.copy(tmp_path)
    site.environ["DJANGO_SETTINGS_MODULE"] = "cinch_club.settings.hall"
    server = HallServer(site, workers=1).start()
    yield server
    server.stop()
    site.drop()


def upload_under_way(port: int, source: str) -> socket.socket:
    """A connection from ``source`` that sent a POST's headers and waits with its body."""
    connection = socket.create_connection((HOST, port), WAIT, source_address=(source, 0))
    connection.sendall(f"POST / HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: 10\r\n\r\n".encode())
    return connection


def closed_by_the_server(connection: socket.socket) -> bool:
    """Whether the server closed the connection (a reset, or its end) within WAIT."""
    try:
        return connection.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def page_status(server: HallServer, source: str) -> int | None:
    """The home page's status for a phone at ``source``, or None if it was cut off."""
    try:
        return Browser(server, proxied=False, source=source).get("/").status
    except (ConnectionError, TimeoutError):
        return None


def test_one_address_past_the_cap_is_closed_while_others_are_served(hall_server):
    cap, port = hall_server.connections_per_address, hall_server.port
    with ExitStack() as opened:
        held = [opened.enter_context(upload_under_way(port, PHONE)) for _ in range(cap)]
        extra = [opened.enter_context(upload_under_way(port, PHONE)) for _ in range(EXTRA)]

        assert [closed_by_the_server(connection) for connection in extra] == [True] * EXTRA
        assert select.select(held, [], [], 0)[0] == []  # the first ones all still open
        assert page_status(hall_server, PHONE) is None
        assert page_status(hall_server, OTHER_PHONE) == 200
        assert page_status(hall_server, HOST) == 200  # the laptop

        # A held upload is served, not only left open: its body sent, it has its answer.
        held[0].sendall(b"0123456789")
        assert held[0].recv(100).startswith(b"HTTP/1.1 ")
        held[1].close()  # a phone giving up on an upload: let go of as the server reads it
        deadline = time.monotonic() + WAIT
        while (status := page_status(hall_server, PHONE)) is None and time.monotonic() < deadline:
            time.sleep(0.05)

        assert status == 200
        assert select.select(held[2:], [], [], 0)[0] == []
