"""One live site for the reliability tests that only add to it (see ``live_site``).

Tests that crash or replace their server make a site of their own.
"""

from dataclasses import dataclass

import pytest

from scoring.rules.simulate import random_night
from tests.reliability.live_site import PAIRS, SCORERS, Server, Site


@dataclass
class Live:
    site: Site
    server: Server
    night: int
    games: list[list[int]]  # [id, pair_a, pair_b], in round and table order


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    """The static files, collected once for every site of the session."""
    site = Site(tmp_path_factory.mktemp("static"))
    site.manage("collectstatic", "--noinput")
    yield site.folder / "static"
    site.drop()


@pytest.fixture(scope="session")
def live(tmp_path_factory, static_root):
    """gunicorn over an 8-pair night with no hands yet, a director and 16 scorers."""
    site = Site(tmp_path_factory.mktemp("live"), static_root)
    seeded = site.prepare(random_night(PAIRS, seed=8, rounds_played=0), scorers=SCORERS)
    server = Server(site).start()
    yield Live(site, server, seeded["night"], seeded["games"])
    server.stop()
    site.drop()
