"""Shared pytest fixtures for the whole suite: the kinds of visitor, and the module's night.

There is deliberately no tests/__init__.py: pytest finds this rootdir conftest and
pytest-django puts the project root on sys.path (so ``tests.factories`` imports).
"""

import threading
from contextlib import contextmanager
from pathlib import Path

import coverage
import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.utils import translation
from django_scopes import scope as club_scope

from scoring.clubs.scopes import home_club_made
from scoring.core.http import limits
from scoring.core.printing import renderer
from scoring.models import Game, Night
from tests.factories import DirectorFactory, ScorerFactory, UserFactory, night_with_schedule
from tests.phones import Phone
from tests.queue import DATABASE_QUEUE

TESTS = Path(__file__).parent
# What depends on the database engine, so that the PostgreSQL pass of `make test` runs it
# (`-m database`): the services (transactions, row locks, constraints) and the models'
# queries, by where they live (the migrations run on PostgreSQL in its live sites);
# every query-count test wherever it lives (a page's count is the backend's); and the
# modules that say so themselves (``pytestmark =
# pytest.mark.database``: concurrent writers, crashes, the phones' protocol, the import
# and export commands). Who may see a page, what a form refuses, what a sheet prints and
# how the hall's SQLite server behaves do not depend on the engine: SQLite alone.
DATABASE_TESTS = ("services", "test_models.py")
QUERY_COUNTS = {"django_assert_num_queries", "django_assert_max_num_queries"}
# Run without coverage's tracer, fixtures included (``pytest_runtest_protocol``; Python
# 3.11 runs everything about 1.7 times slower while a tracer is installed, and has no
# cheaper one: coverage's ``sysmon`` core needs 3.12): the browser tests, the access
# matrix, the scorers racing a live site and the fuzzed forms and import try the pages
# with every visitor, many at once, and thousands of inputs; the packets and sheets in
# every language, and the property tests, spend their time in WeasyPrint and in the rules
# core's random nights. Every line they reach is also reached by a traced test aimed at
# it (measured per test file with coverage's contexts).
UNTRACED_TESTS = (
    "browser/",
    "reliability/test_access_matrix.py",
    "reliability/test_access_matrix_clubs.py",
    "reliability/test_concurrent_scorers.py",
    "reliability/test_fuzz_forms.py",
    "reliability/test_fuzz_table_forms.py",
    "reliability/test_fuzz_import.py",
    "reliability/test_phone_protocol.py",
    "print/printing/test_sheets.py",
    "i18n/test_night_language.py",
    "rules/test_hand_properties.py",
    "rules/test_pot_properties.py",
    # Tests whose every line another traced test reaches as well (measured with
    # ``--cov-context=test``): bad numbers in every URL, the query counts, the pages'
    # words in French, sheets' codes, the read-only and escaping checks.
    "reliability/test_numbers_in_urls.py",
    "views/test_query_counts.py",
    "print/printing/test_no_link_on_the_table.py",
    "i18n/test_no_english_left.py",
    "reliability/test_shared_limits.py",
    "reliability/test_nights_list_load.py",
    "views/nights/test_night_page.py",
    "i18n/test_sheet_language_rule.py",
    "reliability/test_markup_escaped.py",
    "print/room/test_round_cards.py",
    "views/tablegames/test_table_won_why.py",
    "i18n/test_french_sheets.py",
    "views/results/test_night_read_once.py",
    "views/seasons/test_ladder_page_marks.py",
    "views/results/test_names_in_order.py",
    "print/room/test_final_night_codes.py",
    "views/results/test_reads_write_nothing.py",
)


def pytest_collection_modifyitems(items):
    """Mark ``database`` the tests under DATABASE_TESTS and those that count queries, and
    ``untraced`` those under UNTRACED_TESTS."""
    for item in items:
        where = Path(item.path).relative_to(TESTS)
        if where.as_posix().startswith(UNTRACED_TESTS):
            item.add_marker(pytest.mark.untraced)
        counts = QUERY_COUNTS & set(getattr(item, "fixturenames", ()))
        if where.parts[0] in DATABASE_TESTS or counts:
            item.add_marker(pytest.mark.database)


# Tests that share what a worker builds once for its session, each kept to one worker:
# the browser tests their Chromium (``tests/browser/conftest.py``), the scorers on a live
# gunicorn their site (``live``, ``tests/reliability/conftest.py``).
TOGETHER = {
    "tests/browser/": "tests/browser/",
    "tests/reliability/test_concurrent_corrections.py": "live site",
    "tests/reliability/test_double_click.py": "live site",
}


def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's ``--dist loadfile``, but with the tests of each TOGETHER group in one
    scope, the browser tests first (the longest), while the other workers take the rest
    file by file."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedWorkTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            for start, scope in TOGETHER.items():
                if nodeid.startswith(start):
                    return scope
            return super()._split_scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            # pytest-django sorts the browser tests, which use no test database, after the
            # rest: taken first, the others fill the time they take.
            if "tests/browser/" in self.workqueue:
                self.workqueue.move_to_end("tests/browser/", last=False)
            super()._assign_work_unit(node)

    return SharedWorkTogether(config, log)


@contextmanager
def untraced():
    """Every started coverage measurement paused, then resumed in the same order.

    pytest-cov's own ``no_cover`` pauses only the measurement of its xdist worker: the
    one it also starts in each worker before it knows it is one then takes over, and the
    test runs traced all the same.
    """
    paused = []
    while (measuring := coverage.Coverage.current()) is not None:
        measuring.stop()
        paused.append(measuring)
    try:
        yield
    finally:
        for measuring in reversed(paused):
            measuring.start()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """An ``untraced`` test's setup, call and teardown run without the tracer."""
    if not item.get_closest_marker("untraced"):
        return (yield)
    with untraced():
        return (yield)


@pytest.fixture(scope="session", autouse=True)
def weasyprint_untraced():
    """WeasyPrint's layout and PDF writing run without the tracer, in every test: its
    code is not measured, and under a tracer it runs about 1.7 times slower (the sheets'
    tests spend most of their time in it). What calls it and what it returns are traced.
    A render in a background thread stays traced: pausing stops every thread's tracer,
    and only the main thread's would start again."""
    from weasyprint import HTML, Document

    def paused(method):
        def run(*args, **kwargs):
            if threading.current_thread() is not threading.main_thread():
                return method(*args, **kwargs)
            with untraced():
                return method(*args, **kwargs)

        return run

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(HTML, "render", paused(HTML.render))
        patch.setattr(Document, "write_pdf", paused(Document.write_pdf))
        yield


@pytest.fixture(scope="session", autouse=True)
def limits_file(tmp_path_factory):
    """The limits of this test process (``scoring.core.http.limits``) in a file of its
    own: pytest-xdist's workers run side by side."""
    settings.LIMITS_FILE = tmp_path_factory.mktemp("limits") / "limits.sqlite3"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """pytest-django's test database, and before it is dropped this process's own
    connection to it closed (the limits' on PostgreSQL, ``scoring.core.http.limits``):
    PostgreSQL drops no database a connection is open to."""
    yield
    limits.disconnect()


@pytest.fixture
def database_queue(settings):
    """The task queue as the site runs it, its tasks waiting in the database for a worker
    (``tests.queue.work`` runs one), instead of the suite's, which runs each at once."""
    settings.TASKS = DATABASE_QUEUE


# A test that touches the database runs as the home club (``home_club``), as a laptop's
# every page and command does: its rows land in that club and its queries see them.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


def uses_database(request) -> bool:
    return bool(
        DATABASE_FIXTURES & set(request.fixturenames)
        or request.node.get_closest_marker("django_db")
    )


@pytest.fixture(autouse=True)
def home_club(request):
    """The home club (made as the upgrade makes it, on a database with none: the test
    database is made from the models, and a transactional test empties it), and its
    scope around the test: ``None`` for a test without the database."""
    if not uses_database(request):
        yield None
        return
    request.getfixturevalue("_django_db_helper")
    club = home_club_made()
    with club_scope(club=club):
        yield club


@pytest.fixture(autouse=True)
def fresh_limits(limits_file):
    """The limits live in their own file, not in the rolled-back database: each test
    starts from no count and no lock (every test's client is the same address)."""
    limits.clear()


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the site's language: a request leaves the language its
    middleware chose active in the thread (Django's own ``LocaleMiddleware`` as well), so a
    French page would otherwise make the next test's words French."""
    yield
    translation.deactivate()


@pytest.fixture
def client():
    """Django's test client, posting to the phone pages as their forms do (``tests.phones``)."""
    return Phone()


@pytest.fixture
def director(db):
    """The home club's director: sets nights up, draws, schedules, re-opens games."""
    return DirectorFactory()


@pytest.fixture
def scorer(db):
    """The home club's scorer: enters and corrects hands and results."""
    return ScorerFactory()


@pytest.fixture
def member(db):
    """Logged in, but neither scorer nor director: reads like anyone."""
    return UserFactory(username="member")


@pytest.fixture
def client_as(db):
    """``client_as(user)``: a test client logged in as ``user`` (``None``: anonymous)."""

    def make(user) -> Client:
        client = Phone()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def client_for(client_as, director, scorer, member):
    """``client_for("scorer")``: a client for a role (anonymous, member, scorer, director)."""
    users = {"anonymous": None, "member": member, "scorer": scorer, "director": director}
    return lambda role: client_as(users[role])


def two_pairs() -> Night:
    """The night a module gets when it does not say: two pairs, drawn, one game."""
    return night_with_schedule(2)


@contextmanager
def kept_for_the_module(django_db_blocker):
    """A transaction open while the module runs, rolled back when it is done (or when
    the build in it fails): Django's ``setUpTestData`` for pytest. Each test's own
    transaction is a savepoint in it, rolled back after the test, so a test that changes
    what the module built changes it for itself alone; nothing the build wrote (members,
    history) is left for other modules."""
    with django_db_blocker.unblock():
        block = transaction.atomic()
        block.__enter__()
        club = home_club_made()
    try:
        with club_scope(club=club):
            yield
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            block.__exit__(None, None, None)


@pytest.fixture(scope="module")
def module_night_pk(request, django_db_setup, django_db_blocker):
    """The module's night, built once: by the module's ``build_night()``, else two pairs
    (``kept_for_the_module``)."""
    build = getattr(request.module, "build_night", two_pairs)
    with kept_for_the_module(django_db_blocker):
        with django_db_blocker.unblock():
            pk = build().pk
        yield pk


@pytest.fixture(scope="module")
def module_nights(request, django_db_setup, django_db_blocker):
    """The module's nights by key, built once by its ``build_nights()`` (``{key:
    night}``, as a small night and a big one for a page's queries): ``{key: pk}``.
    Read one with ``Night.objects.get(pk=module_nights[key])`` in a test (``db``)."""
    with kept_for_the_module(django_db_blocker):
        with django_db_blocker.unblock():
            built = {key: night.pk for key, night in request.module.build_nights().items()}
        yield built


@pytest.fixture(scope="module")
def module_built(request, django_db_setup, django_db_blocker):
    """What the module's ``build()`` returns, built once (``kept_for_the_module``): rows
    beyond a night that every test of the module reads (its tests ask for ``db`` too)."""
    with kept_for_the_module(django_db_blocker):
        with django_db_blocker.unblock():
            built = request.module.build()
        yield built


@pytest.fixture
def night(module_night_pk, db) -> Night:
    """The module's night (``module_night_pk``), read afresh for each test."""
    return Night.objects.get(pk=module_night_pk)


@pytest.fixture
def game(night) -> Game:
    """The module night's first game: round 1, table 1 (the two-pair night's one game)."""
    return Game.objects.get(night=night, round=1, table=1)


@pytest.fixture
def smtp(settings):
    """A real mail server on this machine (``tests.mail``), the site's mail sent to it by
    Django's SMTP backend: the server, which says what it took."""
    from tests.mail import mail_server

    with mail_server() as (server, port):
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", port, 5
        yield server


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The HTML of every render WeasyPrint is asked for, in order."""
    calls, real = [], renderer.html_to_pdf

    def counted(html, **kwargs):
        calls.append(html)
        return real(html, **kwargs)

    monkeypatch.setattr(renderer, "html_to_pdf", counted)
    return calls
