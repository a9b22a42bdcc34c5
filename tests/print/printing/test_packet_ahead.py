"""A big night's packet is rendered once its schedule is made (``printing.ahead``), so the
director's request at the draw finds it kept; a small night's is left for when it is
asked (it renders in the time of a page)."""

import pytest

from scoring.core.printing import kept_sheets
from scoring.printing import ahead
from scoring.printing.night_sheets import request_pdf
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db(transaction=True)


def scheduled(pairs: int):
    night = night_with_schedule(pairs)
    kept_sheets.wait_for_background()
    night.refresh_from_db()
    return night


def asked(night):
    return request_pdf(night, "packet", paper=night.paper, filled=False, client="director")


def test_a_big_night_s_packet_is_kept_before_it_is_asked(settings, monkeypatch):
    settings.PRINT_AHEAD = True
    monkeypatch.setattr(ahead, "INLINE_PAGES", 5)  # 4 pairs: 6 games, "big" here
    monkeypatch.setattr(kept_sheets, "INLINE_PAGES", 5)

    night = scheduled(4)

    answer = asked(night)
    assert isinstance(answer, kept_sheets.Ready)
    assert answer.pdf.startswith(b"%PDF")


def test_a_small_night_s_packet_waits_to_be_asked(settings, monkeypatch):
    settings.PRINT_AHEAD = True
    rendered = []
    monkeypatch.setattr(ahead, "request", lambda *args: rendered.append(args))

    scheduled(4)

    assert rendered == []
