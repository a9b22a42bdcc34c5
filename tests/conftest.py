"""Shared pytest fixtures for the whole suite: the three kinds of visitor.

There is deliberately no tests/__init__.py: pytest finds this rootdir conftest and
pytest-django puts the project root on sys.path (so ``tests.factories`` imports).
"""

from pathlib import Path

import pytest
from django.test import Client

from tests.factories import DirectorFactory, ScorerFactory, UserFactory

TESTS = Path(__file__).parent
# What depends on the database (services, commands, the live-site reliability tests, the
# pages and their query counts, migrations and constraints): the PostgreSQL pass of
# `make test` runs these (`-m database`). Browser, PDF and rules-core tests run once.
DATABASE_TESTS = ("commands", "reliability", "services", "views", "test_migrations.py")


def pytest_collection_modifyitems(items):
    """Mark the tests under DATABASE_TESTS ``database``, by where they live."""
    for item in items:
        part = Path(item.path).relative_to(TESTS).parts[0]
        if part in DATABASE_TESTS:
            item.add_marker(pytest.mark.database)


@pytest.fixture
def director(db):
    """A staff user: sets nights up, draws, schedules, re-opens games."""
    return DirectorFactory()


@pytest.fixture
def scorer(db):
    """A member of the Scorers group: enters and corrects hands and results."""
    return ScorerFactory()


@pytest.fixture
def member(db):
    """Logged in, but neither scorer nor director: reads like anyone."""
    return UserFactory(username="member")


@pytest.fixture
def client_as(db):
    """``client_as(user)``: a test client logged in as ``user`` (``None``: anonymous)."""

    def make(user) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def client_for(client_as, director, scorer, member):
    """``client_for("scorer")``: a client for a role (anonymous, member, scorer, director)."""
    users = {"anonymous": None, "member": member, "scorer": scorer, "director": director}
    return lambda role: client_as(users[role])
