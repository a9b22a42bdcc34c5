"""The limits and the sheets' making hold for the whole site: counted at once by many,
shared by every process, and never dropped because the cache filled up.

``scoring.core.http.limits`` keeps the counts in a SQLite file of their own; a sheet's
making is a row of the site's database (``models.KeptSheet``). Here: many threads and two
processes counting against one limit, requests racing to make one sheet, and the
sheets' render allowance and a queued render surviving a database cache that culls
(Django's culls the third of its keys that sort first once it holds more than
``MAX_ENTRIES``).
"""

import hashlib
import subprocess
import sys
import threading

import pytest
from django.conf import settings
from django.core.cache import cache
from django_tasks_db.models import DBTaskResult

from scoring.core.http import limits
from scoring.core.printing import kept_sheets, renderer
from scoring.models import KeptSheet
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.rules.simulate import random_night
from tests.queue import work

REPOSITORY = settings.BASE_DIR


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


def test_24_uses_at_once_take_no_more_than_the_limit():
    answers = at_once(24, lambda: limits.take("renders:10.0.0.1", 10, 600))

    assert answers.count(True) == 10 and answers.count(False) == 14
    assert limits.used("renders:10.0.0.1") == 10


def test_the_first_uses_of_a_new_file_all_count(tmp_path, settings):
    """A site's first requests, many at once, each open the new file: the first turns it
    to WAL, and none of the others is told "database is locked" meanwhile."""
    for number in range(100):
        settings.LIMITS_FILE = tmp_path / f"limits-{number}.sqlite3"

        answers = at_once(8, lambda: limits.take("link:first", 10, 600))

        assert answers == [True] * 8, f"file {number}: {len(answers)} of 8 counted"


TAKER = """
import sys
from django.conf import settings
settings.configure(LIMITS_FILE=sys.argv[1])
from scoring.core.http import limits
print(sum(limits.take("link:shared", 20, 600) for _ in range(15)))
"""


def test_two_processes_count_against_one_limit():
    def process():
        command = [sys.executable, "-c", TAKER, str(settings.LIMITS_FILE)]
        return subprocess.Popen(command, cwd=REPOSITORY, stdout=subprocess.PIPE, text=True)

    first, second = process(), process()
    taken = [int(first.communicate(timeout=60)[0]), int(second.communicate(timeout=60)[0])]

    assert sum(taken) == 20  # 15 each asked, 20 allowed in all: never 15 + 15
    assert limits.used("link:shared") == 20
    assert not limits.take("link:shared", 20, 600)


def test_a_window_ends_and_counting_starts_again(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(limits.time, "time", lambda: now[0])
    assert [limits.take("k", 2, 60) for _ in range(3)] == [True, True, False]

    now[0] += 61

    assert limits.used("k") == 0
    assert [limits.take("k", 2, 60) for _ in range(3)] == [True, True, False]


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
    assert isinstance(ask("c"), kept_sheets.Ready) and len(rendered) == 1
