"""The limits and render locks hold for the whole site: counted at once by many, shared
by every process, and never dropped because the cache filled up.

``scoring.core.http.limits`` keeps them in a SQLite file of their own. Here: many threads and
two processes counting against one limit, locks taken, refreshed, released and expired,
and the sheets' render allowance and render slot surviving a database cache that culls
(Django's culls the third of its keys that sort first, ``:1:allowance…`` and
``:1:sheet-slot`` before every kept ``:1:sheet:…``, once it holds more than
``MAX_ENTRIES``).
"""

import hashlib
import subprocess
import sys
import threading

import pytest
from django.conf import settings
from django.core.cache import cache

from scoring.core.http import limits
from scoring.core.printing import kept_sheets, renderer
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.rules.simulate import random_night

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


def test_a_lock_is_held_by_one_until_released_or_expired(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(limits.time, "time", lambda: now[0])
    held = limits.acquire("sheet:x:lock", 120, pages=8)

    assert held is not None and limits.acquire("sheet:x:lock", 120) is None
    assert limits.holder("sheet:x:lock") == {"pages": 8}
    assert held.refresh(120, pages=8, done=3)
    now[0] += 100
    assert limits.acquire("sheet:x:lock", 120) is None  # refreshed 100 s ago: still held

    now[0] += 121  # its holder died: nothing refreshed it
    taken = limits.acquire("sheet:x:lock", 120, pages=9)
    held.release()  # the old holder's release frees nothing of the new one's

    assert taken is not None and limits.holder("sheet:x:lock") == {"pages": 9}
    assert not held.refresh(120)
    taken.release()
    assert limits.holder("sheet:x:lock") is None


def test_one_thread_of_many_wins_a_lock():
    answers = at_once(12, lambda: limits.acquire("render-slot-1", 60))

    assert sum(answer is not None for answer in answers) == 1


# --- a cache that culls frees no lock and resets no count ---------------------------------


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


@pytest.mark.django_db(transaction=True)
def test_the_render_slot_stays_taken_when_the_cache_culls(empty_cache, monkeypatch):
    """A big sheet renders in the background; the cache fills up and culls meanwhile; a
    second big sheet still waits for the slot instead of starting a second render."""
    monkeypatch.setattr(kept_sheets, "INLINE_PAGES", 4)
    busy, other = night_of(4, "The busy night"), night_of(4, "The other night")
    started, finish, rendered, real = threading.Event(), threading.Event(), [], renderer.html_to_pdf

    def held(html, **options):
        rendered.append("The busy night" in html)
        if "The busy night" in html:
            started.set()
            assert finish.wait(300)
        return real(html, **options)

    monkeypatch.setattr(renderer, "html_to_pdf", held)
    first = night_sheets.request_pdf(busy, "packet", paper="letter", filled=False, client="a")
    assert first == kept_sheets.Preparing(8) and started.wait(300)

    fill_the_cache()
    second = night_sheets.request_pdf(other, "packet", paper="letter", filled=False, client="b")
    again = night_sheets.request_pdf(busy, "packet", paper="letter", filled=False, client="c")
    finish.set()
    kept_sheets.wait_for_background(300)  # a render of the other night too, had one started

    assert second == kept_sheets.Preparing(8, waiting=True)
    assert isinstance(again, kept_sheets.Preparing) and not again.waiting
    assert rendered.count(False) == 0  # the other night's packet never started
