"""A big night's packet is queued for rendering once its schedule is made
(``printing.ahead``), so the director's request at the draw finds it kept; a small
night's is left for when it is asked (it renders in the time of a page)."""

import pytest
from django.core.cache import cache
from django_tasks_db.models import DBTaskResult

from scoring.core.printing import kept_sheets
from scoring.models import KeptSheet
from scoring.printing import ahead
from scoring.printing.night_sheets import request_pdf
from tests.factories import night_with_schedule
from tests.queue import work

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def empty_cache():
    """The cache table is not emptied between tests that commit: start from nothing."""
    cache.clear()
    yield
    cache.clear()


def scheduled(pairs: int):
    night = night_with_schedule(pairs)
    night.refresh_from_db()
    return night


def asked(night):
    return request_pdf(night, "packet", paper=night.paper, filled=False, client="director")


@pytest.fixture
def big(settings, monkeypatch):
    settings.PRINT_AHEAD = True
    monkeypatch.setattr(ahead, "INLINE_PAGES", 5)  # 4 pairs: 6 games, "big" here
    monkeypatch.setattr(kept_sheets, "INLINE_PAGES", 5)


def test_a_big_night_s_packet_is_kept_before_it_is_asked(big):
    night = scheduled(4)

    answer = asked(night)
    assert isinstance(answer, kept_sheets.Ready)
    assert answer.pdf.startswith(b"%PDF")


def test_its_render_is_queued_once_the_schedule_is_made_and_done_once(big, database_queue):
    night = scheduled(4)

    (task,) = DBTaskResult.objects.all()
    assert KeptSheet.objects.get().state == KeptSheet.State.QUEUED
    assert asked(night) == kept_sheets.Preparing(8, waiting=True)  # the director, early
    work()

    assert isinstance(asked(night), kept_sheets.Ready)
    assert DBTaskResult.objects.get() == task  # asked twice, rendered once


def test_a_small_night_s_packet_waits_to_be_asked(settings, monkeypatch):
    settings.PRINT_AHEAD = True
    rendered = []
    monkeypatch.setattr(ahead, "request", lambda *args: rendered.append(args))

    scheduled(4)

    assert rendered == []
