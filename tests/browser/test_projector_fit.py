"""The projector on a 1920×1080 screen that never scrolls: the standings page through
their rows, each page fitting the screen, whatever the size of the field; a withdrawn
pair reads "withdrawn", never a rank it does not have."""

import pytest
from playwright.sync_api import expect

from scoring.attendance import services as attendance_services
from scoring.models import Game
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db(transaction=True)

PROJECTOR = {"width": 1920, "height": 1080}


def night_after_round_three(pairs: int):
    """A night of ``pairs`` pairs with its first three rounds played and pair 2 gone from
    round 4 on (the night of 7 pairs a club met: the withdrawn pair was off screen)."""
    night = night_with_schedule(pairs)
    later = Game.objects.filter(night=night, round__gt=3)
    play_out(night, leave=[game.pairs for game in later])
    attendance_services.pair_withdraw(night=night, pair=2, from_round=4)
    return night


@pytest.mark.parametrize("pairs", [7, 20, 40])
def test_standings_page_through_the_field_and_fit_the_screen(new_context, pairs):
    night = night_after_round_three(pairs)
    page = new_context(viewport=PROJECTOR).new_page()
    page.clock.install()
    page.goto(f"/nights/{night.pk}/live/?page=standings")
    parts = page.locator('[data-page="standings"]')
    seen = []
    for shown in range(parts.count()):
        part = parts.nth(shown)
        expect(part).to_be_visible()
        height = page.evaluate("() => document.documentElement.scrollHeight")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert height <= PROJECTOR["height"], f"page {shown + 1}: {height} px tall"
        assert width <= PROJECTOR["width"], f"page {shown + 1}: {width} px wide"
        seen += part.locator("tbody tr").all_inner_texts()
        if shown + 1 < parts.count():
            page.clock.run_for(15_000)  # the next page (after the last, a reload)
    assert len(seen) == pairs, seen
    withdrawn = [row for row in seen if row.split("\t")[1].strip() == "2"]
    assert withdrawn[0].startswith("withdrawn"), withdrawn
    assert not any("None" in row for row in seen)
