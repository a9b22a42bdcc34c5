"""The standings fit a 1280 px laptop: every column, to the play-off wins, without
scrolling sideways."""

import pytest
from playwright.sync_api import expect

from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_standings_table_fits_a_laptop(visitor):
    night = night_with_schedule(6)
    play_out(night)
    visitor.set_viewport_size({"width": 1280, "height": 800})

    visitor.goto(f"/nights/{night.pk}/standings/")

    table = visitor.locator("table").first
    expect(table).to_be_visible()
    last = table.locator("thead th").last
    expect(last).to_be_in_viewport()
    box, view = last.bounding_box(), visitor.viewport_size
    assert box["x"] + box["width"] <= view["width"]
    scroller = table.evaluate(
        "t => { const w = t.closest('.wide, .table-container') || t.parentElement;"
        " return [w.scrollWidth, w.clientWidth]; }"
    )
    assert scroller[0] <= scroller[1], scroller
