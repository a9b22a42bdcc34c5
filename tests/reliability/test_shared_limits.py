"""The limits and the sheets' making hold for the whole site: counted at once by many,
shared by every process, and never dropped because the cache filled up.

``scoring.core.http.limits`` keeps the counts in a SQLite file of their own, or, when the
site runs on PostgreSQL, in a table of its database that the servers of every machine
share; a sheet's making is a row of the site's database (``models.KeptSheet``). Here:
many threads and several processes counting against one limit, in each store the suite's
database allows (the file always, the database on PostgreSQL: ``make test-postgres``),
requests racing to make one sheet, and the sheets' render allowance and a queued render
surviving a database cache that culls (Django's culls the third of its keys that sort
first once it holds more than ``MAX_ENTRIES``).
"""

import hashlib
import json
import subprocess
import sys
import threading

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django_tasks_db.models import DBTaskResult

from scoring.core.http import limits
from scoring.core.printing import kept_sheets, renderer
from scoring.models import KeptSheet
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.rules.simulate import random_night
from tests.queue import work

REPOSITORY = settings.BASE_DIR
ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
# The database store exists on PostgreSQL alone (cinch_club.env refuses it on SQLite):
# its tests are made only there, and marked for the PostgreSQL pass.
STORES = [
    pytest.param("file", id="file"),
    *([pytest.param("database", id="database", marks=pytest.mark.database)] if ON_POSTGRES else []),
]


@pytest.fixture(params=STORES)
def store(request, settings):
    """Each store in turn, from no count; the database's needs the test database made."""
    settings.LIMITS_STORE = request.param
    if request.param == "database":
        request.getfixturevalue("django_db_setup")
    limits.clear()
    return request.param


def at_once(count: int, call) -> list:
    """``call()`` from ``count`` threads released together; their answers."""
    start, answers = threading.Barrier(count), []

    def run():
        start.wait(30)
        answers.append(call())

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_24_uses_at_once_take_no_more_than_the_limit(store):
    answers = at_once(24, lambda: limits.take("renders:10.0.0.1", 10, 600))

    assert answers.count(True) == 10 and answers.count(False) == 14
    assert limits.used("renders:10.0.0.1") == 10


def test_the_first_uses_of_a_new_file_all_count(tmp_path, settings):
    """A site's first requests, many at once, each open the new file: the first turns it
    to WAL, and none of the others is told "database is locked" meanwhile."""
    settings.LIMITS_STORE = "file"
    for number in range(100):
        settings.LIMITS_FILE = tmp_path / f"limits-{number}.sqlite3"

        answers = at_once(8, lambda: limits.take("link:first", 10, 600))

        assert answers == [True] * 8, f"file {number}: {len(answers)} of 8 counted"


# A server process of its own: the store and the database (or file) the test's settings
# name, counting as soon as every taker is ready (``go`` exists), 15 uses each asked.
TAKER = """
import json, os, sys, time
from django.conf import settings
settings.configure(**json.loads(sys.argv[1]))
from scoring.core.http import limits
limits.used("link:shared")  # connected (and the table made) before the start
open(sys.argv[2] + ".ready-" + str(os.getpid()), "w").close()
while not os.path.exists(sys.argv[2]):
    time.sleep(0.005)
print(sum(limits.take("link:shared", 20, 600) for _ in range(15)))
"""


def taker_settings(store: str) -> dict:
    if store == "file":
        return {"LIMITS_STORE": "file", "LIMITS_FILE": str(settings.LIMITS_FILE)}
    database = connections[DEFAULT_DB_ALIAS].settings_dict  # the test database
    keep = ("ENGINE", "NAME", "USER", "PASSWORD", "HOST", "PORT", "OPTIONS")
    return {
        "LIMITS_STORE": "database",
        "DATABASES": {"default": {key: database[key] for key in keep}},
        "USE_TZ": True,
    }


@pytest.mark.parametrize("processes", [2, 4])
def test_processes_at_once_count_against_one_limit(store, processes, tmp_path):
    """Server processes (on one machine, or on several sharing the database) counting
    one key at the same moment: 15 uses asked by each, 20 allowed in all, never more."""
    go = tmp_path / "go"

    def process():
        command = [sys.executable, "-c", TAKER, json.dumps(taker_settings(store)), str(go)]
        return subprocess.Popen(command, cwd=REPOSITORY, stdout=subprocess.PIPE, text=True)

    takers = [process() for _ in range(processes)]
    while len(list(tmp_path.glob("go.ready-*"))) < processes:
        assert all(taker.poll() is None for taker in takers), "a taker ended before the start"
        threading.Event().wait(0.01)
    go.touch()
    taken = [int(taker.communicate(timeout=60)[0]) for taker in takers]

    assert sum(taken) == 20, taken  # never 15 + 15
    assert limits.used("link:shared") == 20
    assert not limits.take("link:shared", 20, 600)


def test_a_window_ends_and_counting_starts_again(store, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(limits.time, "time", lambda: now[0])
    assert [limits.take("k", 2, 60) for _ in range(3)] == [True, True, False]

    now[0] += 61

    assert limits.used("k") == 0
    assert [limits.take("k", 2, 60) for _ in range(3)] == [True, True, False]


def test_a_count_outlives_the_request_that_took_it(store, db, django_assert_num_queries):
    """A request that fails and rolls back its transaction keeps its count (the limits
    are not the request's queries: the pages' query counts are the same on both stores)."""
    with django_assert_num_queries(0):
        assert limits.take("link:rolled-back", 5, 600)
    with pytest.raises(RuntimeError), transaction.atomic():
        assert limits.take("link:rolled-back", 5, 600)
        raise RuntimeError("the request failed")

    assert limits.used("link:rolled-back") == 2


if ON_POSTGRES:  # the database store's alone

    @pytest.mark.database
    def test_a_lost_connection_is_made_again(settings, django_db_setup):
        """The database restarted, or the network between two machines cut a moment:
        the next count opens a connection anew and counts."""
        import psycopg

        settings.LIMITS_STORE = "database"
        limits.clear()
        assert limits.take("link:lost", 5, 600)
        backend = limits._database.connection.info.backend_pid
        parameters = connections[DEFAULT_DB_ALIAS].get_connection_params()
        parameters.pop("cursor_factory")
        with psycopg.connect(**parameters, autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", [backend])

        assert limits.take("link:lost", 5, 600)
        assert limits.used("link:lost") == 2
        assert limits._database.connection.info.backend_pid != backend


def test_of_requests_that_all_found_no_one_making_a_sheet_one_makes_it(db):
    """Requests at once all read that nobody makes the sheet, then each writes its row:
    the database's unique constraint lets the first through, and each other is told it is
    being made. The same when they all found its maker gone and take it over."""
    fingerprint, form = "f" * 64, KeptSheet.Form.PDF

    found_none = [kept_sheets.Making.claim(fingerprint, form, None) for _ in range(5)]
    row = KeptSheet.objects.get()
    found_stale = [kept_sheets.Making.claim(fingerprint, form, row) for _ in range(5)]

    assert [claim is not None for claim in found_none] == [True] + [False] * 4
    assert [claim is not None for claim in found_stale] == [True] + [False] * 4
    assert KeptSheet.objects.get().token == found_stale[0].token


# --- a cache that culls resets no count and loses no render -------------------------------


def fill_the_cache(entries: int = settings.CACHES["default"]["OPTIONS"]["MAX_ENTRIES"] + 100):
    """Keep as many sheets as a busy season would (past ``MAX_ENTRIES``: the cache culls),
    under keys like the kept ones'."""
    for number in range(entries):
        cache.set("sheet:" + hashlib.sha256(str(number).encode()).hexdigest(), b"%PDF", 600)


@pytest.fixture
def empty_cache(db):
    cache.clear()
    yield
    cache.clear()


def night_of(pairs: int, name: str):
    night = nights_services.night_import(document=random_night(pairs, seed=9, rounds_played=0))
    night.name = name
    night.save()
    return night


def test_a_client_at_its_limit_stays_there_when_the_cache_culls(empty_cache, monkeypatch):
    monkeypatch.setattr(kept_sheets.renders, "limit", 2)
    night = night_of(4, "Culled")
    for paper in ("letter", "a4"):
        answer = night_sheets.request_pdf(
            night, "standings", paper=paper, filled=False, client="10.0.0.1"
        )
        assert isinstance(answer, kept_sheets.Ready)

    fill_the_cache()
    night.name = "Renamed"  # a change: the sheet is another one, to render again
    night.save()
    again = night_sheets.request_pdf(
        night, "standings", paper="letter", filled=False, client="10.0.0.1"
    )

    assert again == kept_sheets.Refused(kept_sheets.RENDER_WINDOW)


def test_a_queued_render_stays_queued_and_is_done_once_when_the_cache_culls(
    empty_cache, database_queue, monkeypatch
):
    """A big sheet is queued; the cache fills up and culls meanwhile; the next to ask is
    still told it is being prepared, and one render makes it."""
    monkeypatch.setattr(kept_sheets, "INLINE_PAGES", 4)
    night = night_of(4, "The busy night")
    rendered, real = [], renderer.html_to_pdf

    def counted(html, **options):
        rendered.append(html)
        return real(html, **options)

    monkeypatch.setattr(renderer, "html_to_pdf", counted)

    def ask(client):
        return night_sheets.request_pdf(
            night, "packet", paper="letter", filled=False, client=client
        )

    first = ask("a")
    fill_the_cache()
    again = ask("b")
    work()

    assert first == kept_sheets.Preparing(8)
    assert again == kept_sheets.Preparing(8, waiting=True)
    assert DBTaskResult.objects.count() == 1
    assert (
        isinstance(ask("c"), kept_sheets.Ready) and len(rendered) == 2
    )  # the front, one blank score sheet
