"""The projector's pages in screens: every row once, in order, no screen over its page's
rows, the screens evened out, and a page with no rows still one screen."""

import pytest

from scoring.room.screens import SCREEN_ROWS, page_screens

FIELDS = [0, 1, 6, 7, 12, 13, 20, 40]


@pytest.mark.parametrize("count", FIELDS, ids=[f"{count} rows" for count in FIELDS])
def test_a_page_in_screens_shows_every_row_once_and_evenly(count):
    rows = list(range(count))

    screens = page_screens("standings", rows)

    assert [row for screen in screens for row in screen.rows] == rows
    sizes = [len(screen.rows) for screen in screens]
    assert max(sizes) <= SCREEN_ROWS["standings"]
    assert max(sizes) - min(sizes) <= 1
    assert [(screen.part, screen.parts) for screen in screens] == [
        (part, len(screens)) for part in range(1, len(screens) + 1)
    ]
    assert len(screens) == max(-(-count // SCREEN_ROWS["standings"]), 1)


def test_a_page_without_a_screen_size_is_one_screen():
    (screen,) = page_screens("pot", ["first", "second", "third", "booby"])
    assert (screen.rows, screen.part, screen.parts) == (["first", "second", "third", "booby"], 1, 1)
