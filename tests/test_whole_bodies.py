"""Only whole requests reach the site under ``make hall`` (``cinch_club.whole_bodies``):
in Hypercorn's own server, run in this process, a POST whose phone stops sending after 3
of its 10 bytes is answered 400 and never reaches the application; the whole one does."""

import asyncio
import socket

from hypercorn.asyncio import serve
from hypercorn.config import Config

from cinch_club.whole_bodies import CUT_OFF, WholeBodies

HOST = "127.0.0.1"
WAIT = 5  # seconds: the longest any step may take


def recording(bodies: list):
    """A site that keeps each body it is given and answers 200."""

    def site(environ, start_response):
        bodies.append(environ["wsgi.input"].read())
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"saved"]

    return site


async def post(port: int, body: bytes, declared: int) -> bytes:
    """A POST declaring ``declared`` bytes that sends ``body`` and stops sending."""
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(
        f"POST / HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {declared}\r\n\r\n".encode() + body
    )
    if len(body) < declared:
        writer.write_eof()  # the phone gone: the server reads the end of its stream
    try:
        return await asyncio.wait_for(reader.read(), WAIT)
    finally:
        writer.close()


def serve_and_post(application, *posts) -> list[bytes]:
    listener = socket.socket()
    listener.bind((HOST, 0))
    listener.listen()
    port = listener.getsockname()[1]
    config = Config()
    config.bind = [f"fd://{listener.detach()}"]
    config.keep_alive_timeout = 0.2  # a whole request's connection closed soon after
    config.accesslog = config.errorlog = None

    async def main() -> list[bytes]:
        stop = asyncio.Event()
        server = asyncio.create_task(serve(application, config, shutdown_trigger=stop.wait))
        try:
            return [await post(port, body, declared) for body, declared in posts]
        finally:
            stop.set()
            await server

    return asyncio.run(main())


def test_a_body_cut_off_never_reaches_the_site_and_a_whole_one_does():
    bodies = []

    cut, whole = serve_and_post(WholeBodies(recording(bodies)), (b"bid=1", 10), (b"bid=12&x=1", 10))

    assert cut.startswith(b"HTTP/1.1 400") and CUT_OFF in cut
    assert whole.startswith(b"HTTP/1.1 200") and b"saved" in whole
    assert bodies == [b"bid=12&x=1"]


def test_without_the_guard_hypercorn_hands_the_site_a_cut_body():
    """Why the guard is there: the server alone runs the site with the 5 bytes it got."""
    bodies = []

    (cut,) = serve_and_post(recording(bodies), (b"bid=1", 10))

    assert cut.startswith(b"HTTP/1.1 200")
    assert bodies == [b"bid=1"]
