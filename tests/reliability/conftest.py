"""The live sites of the reliability tests (see ``live_site``): one template a session,
and copies of it.

The template is migrated, given an 8-pair night with no hands yet, a director and 16
scorers with their sessions open, once a session (and a pytest-xdist worker).
``live`` is one copy, served for the tests that only add to it; tests that crash or
replace their server copy it again for themselves.
"""

from dataclasses import dataclass

import pytest

from scoring.rules.simulate import random_night
from tests.reliability.live_site import PAIRS, SCORERS, Server, Site


@dataclass
class Prepared:
    site: Site
    night: int
    games: list[list[int]]  # [id, pair_a, pair_b], in round and table order


@dataclass
class Live(Prepared):
    server: Server


@pytest.fixture(scope="session")
def template(tmp_path_factory, django_db_blocker) -> Prepared:
    """The site every live site copies; nothing serves it once it is ready."""
    site = Site(tmp_path_factory.mktemp("template"), unblock=django_db_blocker.unblock)
    seeded = site.prepare(random_night(PAIRS, seed=8, rounds_played=0), scorers=SCORERS)
    yield Prepared(site, seeded["night"], seeded["games"])
    site.drop()


@pytest.fixture(scope="session")
def live(tmp_path_factory, template):
    """gunicorn over a copy of the template, for the tests that only add to it."""
    site = template.site.copy(tmp_path_factory.mktemp("live"))
    server = Server(site).start()
    yield Live(site, template.night, template.games, server)
    server.stop()
    site.drop()
