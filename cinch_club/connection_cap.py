"""A cap on the connections one client address holds open on ``make hall``'s server.

With nothing in front of Hypercorn in the hall, a phone (or a script on the hall's Wi-Fi)
could open connections faster than the server's timeouts close them, until a process
runs out of the file descriptors every other phone needs. Here an address holds at most
``connections_per_address`` (``hypercorn.conf.py``) open connections in each Hypercorn
process; one more is closed the moment it is accepted, before a byte of it is read, and
the other addresses are not touched. A connection counts from its acceptance to its
close, idle or busy: a phone's browser opens six to the laptop at most.

Hypercorn 0.18 has no setting for this and no hook at the accept: each accepted
connection is handed to ``hypercorn.asyncio.run.TCPServer(app, loop, config, context,
state, reader, writer)`` and awaited while it lasts. :func:`install` puts a
:class:`ConnectionCap` in that name's place, in the worker process (the application
module, ``cinch_club.hall_wsgi``, is imported there before the worker listens). What it
relies on is checked when it is installed: the name still there and still Hypercorn's
class, its arguments still called ``config`` and ``writer``; a Hypercorn that changed
them stops the server from starting instead of serving uncapped.
``tests/reliability/test_connections_per_address.py`` checks the cap on the real server.

Counted per process, in its event loop (so no lock): an address is never refused while
it holds at most the cap, and holds at most the cap times the processes in all. Over
HTTPS the count starts once the TLS handshake is done (asyncio's ``start_server`` hands
over a connection only then; Hypercorn's ``ssl_handshake_timeout`` bounds the wait).
"""

import asyncio
import inspect
import logging
from collections import Counter

import hypercorn.asyncio.run as hypercorn_worker
from hypercorn.asyncio.tcp_server import TCPServer

logger = logging.getLogger(__name__)


class ConnectionCap:
    """Serves each accepted connection through Hypercorn's ``TCPServer``, unless its
    address holds ``config.connections_per_address`` open connections already."""

    signature = inspect.signature(TCPServer)

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()
        self.refusing: set[str] = set()  # addresses refused since they last held none

    async def __call__(self, *args, **kwargs) -> None:
        arguments = self.signature.bind(*args, **kwargs).arguments
        cap = arguments["config"].connections_per_address
        writer: asyncio.StreamWriter = arguments["writer"]
        address = client_address(writer)
        if address is None:  # a Unix socket: this machine's own, nothing to count
            await TCPServer(*args, **kwargs)
            return
        if self.open[address] >= cap:
            self.refuse(address, cap)
            writer.transport.abort()  # closed now, with nothing read or written
            return
        self.open[address] += 1
        try:
            await TCPServer(*args, **kwargs)
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]
                self.refusing.discard(address)

    def refuse(self, address: str, cap: int) -> None:
        """Said once while the address stays busy: the director learns why a phone failed
        (all the hall's phones behind one router, say) without a line per refusal."""
        if address not in self.refusing:
            self.refusing.add(address)
            logger.warning(
                "%s holds %d connections: more are closed until it closes some "
                "(connections_per_address in hypercorn.conf.py)",
                address,
                cap,
            )


def client_address(writer: asyncio.StreamWriter) -> str | None:
    """The peer's IP address, or None for a Unix socket's peer."""
    peer = writer.get_extra_info("peername")
    return peer[0] if isinstance(peer, tuple) else None


def install() -> ConnectionCap:
    """The cap in Hypercorn's place in this process; an error if Hypercorn moved."""
    if hypercorn_worker.TCPServer is not TCPServer:
        raise RuntimeError(
            "hypercorn.asyncio.run.TCPServer is not Hypercorn's TCPServer (installed twice, "
            "or a Hypercorn this cap was not written for): the connection cap cannot be set"
        )
    missing = {"config", "writer"} - ConnectionCap.signature.parameters.keys()
    if missing:
        raise RuntimeError(
            f"Hypercorn's TCPServer takes no {', '.join(sorted(missing))}: the connection "
            "cap cannot be set"
        )
    cap = ConnectionCap()
    hypercorn_worker.TCPServer = cap
    return cap
