"""The club's clock (``TIME_ZONE``): a Chicago club's night from 18:30 to past midnight.

The new-night form offers the club's today, not the server's (UTC is already Wednesday at
18:30 on a Chicago Tuesday), and the audit trail and the cash count show the club's times.
"""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.games import services as games_services
from scoring.models import Game
from scoring.results import services as results_services
from tests.factories import night_with_schedule

UTC = datetime.UTC


@pytest.fixture
def chicago(settings):
    settings.TIME_ZONE = "America/Chicago"


@pytest.fixture
def clock(monkeypatch):
    """``clock(when)``: the site's now is ``when`` (UTC) from then on."""

    def set_to(when: datetime.datetime) -> None:
        monkeypatch.setattr(timezone, "now", lambda: when)

    return set_to


def test_the_new_night_form_offers_the_club_s_today(chicago, clock, client_as, director):
    # Tuesday 17 November, 18:30 in Chicago: 00:30 on Wednesday the 18th in UTC.
    clock(datetime.datetime(2026, 11, 18, 0, 30, tzinfo=UTC))

    response = client_as(director).get(reverse("scoring:night-create"))

    assert response.context["form"].initial["date"] == datetime.date(2026, 11, 17)


def test_a_night_past_midnight_shows_the_club_s_times(chicago, clock, client_as, director):
    night = night_with_schedule(2, date=datetime.date(2026, 11, 17))
    game = Game.objects.get(night=night)
    a, b = game.pairs
    # 19:05 on the Tuesday, then 00:10 on the Wednesday, Chicago time.
    clock(datetime.datetime(2026, 11, 18, 1, 5, tzinfo=UTC))
    games_services.hand_record(game=game, data={"bidder": a, "bid": 2, "high": a, "low": a})
    clock(datetime.datetime(2026, 11, 18, 6, 10, tzinfo=UTC))
    games_services.hand_record(game=game, data={"bidder": b, "bid": 2, "high": b, "low": b})
    clock(datetime.datetime(2026, 11, 18, 6, 40, tzinfo=UTC))
    results_services.cash_count_record(night=night, counted=Decimal("8.00"))
    client = client_as(director)

    trail = client.get(reverse("scoring:game-detail", args=[game.pk])).content.decode()
    cash = client.get(reverse("scoring:night-pot", args=[night.pk])).content.decode()

    assert "November 17, 2026, 19:05" in trail
    assert "November 18, 2026, 00:10" in trail
    assert "November 18, 2026, 01:05" not in trail
    assert "November 18, 2026, 00:40" in cash
    assert "November 18, 2026, 06:40" not in cash
