"""The cap on connections per address (``cinch_club.connection_cap``) in Hypercorn's own
asyncio server, run in this process at a cap of 2: the third connection from one address
is closed at once, another address is served meanwhile, a closed connection gives its
place back, and the director is told once. Hypercorn moved under it fails at install.
``tests/reliability/test_connections_per_address.py`` checks it in ``make hall``'s real server."""

import asyncio
import inspect
import logging
import socket

import hypercorn.asyncio.run as hypercorn_worker
import pytest
from hypercorn.asyncio import serve
from hypercorn.config import Config

from cinch_club import connection_cap

HOST = "127.0.0.1"
PHONE, OTHER_PHONE = "127.0.0.2", "127.0.0.3"  # Linux answers all of 127.0.0.0/8
WAIT = 5  # seconds: the longest any step may take


@pytest.fixture
def cap(monkeypatch) -> connection_cap.ConnectionCap:
    monkeypatch.setattr(hypercorn_worker, "TCPServer", hypercorn_worker.TCPServer)  # put back
    return connection_cap.install()


def hello(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"hello"]


async def connect(port: int, source: str):
    return await asyncio.open_connection(HOST, port, local_addr=(source, 0))


async def upload_under_way(port: int, source: str):
    """A connection that sent a POST's headers and waits with its body: held open until
    it sends more or closes (no ``read_timeout`` here), and let go of as soon as it does."""
    reader, writer = await connect(port, source)
    writer.write(f"POST / HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: 10\r\n\r\n".encode())
    return reader, writer


async def closed_by_the_server(reader: asyncio.StreamReader, wait: float = WAIT) -> bool:
    try:
        return await asyncio.wait_for(reader.read(1), wait) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


async def page(port: int, source: str) -> bytes:
    """The whole answer to a GET from ``source``; nothing if the connection was closed."""
    reader, writer = await connect(port, source)
    writer.write(f"GET / HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
    try:
        return await asyncio.wait_for(reader.read(), WAIT)
    except ConnectionResetError:
        return b""
    finally:
        writer.close()


async def the_night(port: int) -> dict:
    """Two uploads from PHONE held, a third connection refused, then one closed and PHONE
    served again."""
    held = [await upload_under_way(port, PHONE) for _ in range(2)]
    third, third_writer = await connect(port, PHONE)
    seen = {"third closed": await closed_by_the_server(third)}
    third_writer.close()
    # Accepted before the third, so counted already: open now means kept open.
    closed = [closed_by_the_server(reader, wait=0.05) for reader, _ in held]
    seen["held open"] = [not gone for gone in await asyncio.gather(*closed)]
    seen["other phone"] = await page(port, OTHER_PHONE)
    seen["phone at the cap"] = await page(port, PHONE)
    held[0][1].close()
    answer = b""
    for _ in range(int(WAIT / 0.05)):  # counted out once the server reads the close
        if answer := await page(port, PHONE):
            break
        await asyncio.sleep(0.05)
    seen["phone after closing"] = answer
    held[1][1].close()
    return seen


def run_night() -> dict:
    """``the_night`` against Hypercorn serving ``hello`` on a socket listening already."""
    listener = socket.socket()
    listener.bind((HOST, 0))
    listener.listen()
    port = listener.getsockname()[1]
    config = Config()
    config.bind = [f"fd://{listener.detach()}"]  # Hypercorn's now: it closes it
    config.connections_per_address = 2
    config.accesslog = config.errorlog = None

    async def main() -> dict:
        stop = asyncio.Event()
        server = asyncio.create_task(serve(hello, config, shutdown_trigger=stop.wait))
        try:
            return await the_night(port)
        finally:
            stop.set()
            await server

    return asyncio.run(main())


def test_one_address_past_the_cap_is_closed_and_the_others_served(cap, caplog):
    with caplog.at_level(logging.WARNING, logger=connection_cap.__name__):
        seen = run_night()

    assert seen["third closed"] is True
    assert seen["held open"] == [True, True]
    assert seen["other phone"].startswith(b"HTTP/1.1 200")
    assert seen["phone at the cap"] == b""
    assert seen["phone after closing"].startswith(b"HTTP/1.1 200")
    assert cap.open == {}  # every connection counted out when it closed
    warnings = [record.getMessage() for record in caplog.records]
    assert warnings == [
        f"{PHONE} holds 2 connections: more are closed until it closes some "
        "(connections_per_address in hypercorn.conf.py)"
    ]


def test_installing_twice_is_refused(cap):
    with pytest.raises(RuntimeError, match="installed twice"):
        connection_cap.install()


def test_a_hypercorn_whose_server_takes_no_writer_is_refused(monkeypatch):
    monkeypatch.setattr(hypercorn_worker, "TCPServer", hypercorn_worker.TCPServer)
    changed = inspect.signature(lambda app, loop, config, context, state, stream: None)
    monkeypatch.setattr(connection_cap.ConnectionCap, "signature", changed)

    with pytest.raises(RuntimeError, match="takes no writer"):
        connection_cap.install()
    assert hypercorn_worker.TCPServer is connection_cap.TCPServer  # left as it was
