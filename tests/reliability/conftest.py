"""The live sites of the reliability tests (see ``live_site``): one template a run,
and copies of it.

The template is migrated, given an 8-pair night with no hands yet, a director and 16
scorers with their sessions open, once a test run (its pytest-xdist workers share it).
``live`` is one copy, served for the tests that only add to it; tests that crash or
replace their server copy it again for themselves.
"""

import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock

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
def template(tmp_path_factory, django_db_blocker, worker_id) -> Iterator[Prepared]:
    """The site every live site copies; nothing serves it once it is ready.

    Built by the first pytest-xdist worker to need it, under a lock in the run's shared
    temporary folder, and reopened by the others from its description there; the last
    worker done with it drops it.
    """
    shared = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        shared = shared.parent  # the run's folder, above each worker's own
    described = shared / "live-template.json"
    lock = FileLock(shared / "live-template.lock")
    with lock:
        if described.exists():
            state = json.loads(described.read_text())
            site = Site.reopen(state["site"], django_db_blocker.unblock)
        else:
            # A folder of its own each time: a worker that starts late builds the template
            # again after the others dropped theirs, beside the folder they left.
            folder = Path(tempfile.mkdtemp(prefix="live-template-", dir=shared))
            site = Site(folder, unblock=django_db_blocker.unblock)
            seeded = site.prepare(random_night(PAIRS, seed=8, rounds_played=0), scorers=SCORERS)
            state = {"site": site.state(), "users": 0, **seeded}
        state["users"] += 1
        described.write_text(json.dumps(state))
    yield Prepared(site, state["night"], state["games"])
    with lock:
        state = json.loads(described.read_text())
        state["users"] -= 1
        if state["users"]:
            described.write_text(json.dumps(state))
        else:
            site.drop()
            described.unlink()


@pytest.fixture(scope="session")
def live(tmp_path_factory, template):
    """gunicorn over a copy of the template, for the tests that only add to it."""
    site = template.site.copy(tmp_path_factory.mktemp("live"))
    server = Server(site).start()
    yield Live(site, template.night, template.games, server)
    server.stop()
    site.drop()
