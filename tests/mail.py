"""A real mail server for the tests of the players' e-mails: aiosmtpd on a free port of
this machine, that keeps what it accepted and answers as a test tells it (``451`` "not
now" or ``550`` "never" to the next messages, or a hold on the next recipient until the
test lets it go). The ``smtp`` fixture (``tests/conftest.py``) points the site's mail at
it; ``tests.queue.work`` runs a worker of the database queue here, in this process."""

import asyncio
import socket
import threading
from contextlib import contextmanager
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller


class MailServer:
    """aiosmtpd's handler: ``accepted`` holds each message it took (an ``EmailMessage``),
    ``tries`` counts the messages it was sent, ``answers`` are its next answers to a
    message's content instead of taking it; while ``hold`` is clear, a recipient waits
    (``held`` says one is waiting)."""

    def __init__(self):
        self.accepted = []
        self.tries = 0
        self.answers: list[str] = []
        self.hold = threading.Event()
        self.hold.set()
        self.held = threading.Event()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not self.hold.is_set():
            self.held.set()
            while not self.hold.is_set():
                await asyncio.sleep(0.02)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.tries += 1
        if self.answers:
            return self.answers.pop(0)
        self.accepted.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        """The messages it took for ``address``."""
        return [message for message in self.accepted if message["To"] == address]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def mail_server():
    """A ``MailServer`` listening on a free port: ``(server, port)``."""
    server = MailServer()
    controller = Controller(server, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield server, controller.port
    finally:
        controller.stop()
