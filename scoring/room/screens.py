"""The projector's pages cut into screens: a 1920×1080 screen on the wall never scrolls,
so a page with more rows than one screen holds (a field of 20 pairs, a round of 10
tables, a season's top 12) shows them a part at a time, "(2 of 3)" in its heading, each
part for the projector's turn (``scoring/static/scoring/projector.js`` shows one section
at a time, whatever made it).

It only cuts the rows the view gives it: which rows a page shows (the ladder's top,
the tables still playing) is the view's. Vocabulary: a *page* is one kind of thing the
projector shows (``standings``, ``playing``, ``pot``, ``ladder``); a *screen* is one part
of a page, shown alone.
"""

from dataclasses import dataclass
from typing import Any

# The rows of each page one screen holds at the type read from 10 metres, every row at
# its tallest (a pair's two names on two lines; a game's pairs and players on three) and
# the heading on two lines, in English and in French: tests/browser/test_projector_fit.py
# measures every screen. A page not named here has few rows (the pot's prizes).
SCREEN_ROWS = {"standings": 6, "playing": 4, "ladder": 6}


@dataclass(frozen=True)
class Screen:
    """One screen of the projector: ``rows`` of ``page``, its part ``part`` of ``parts``."""

    page: str
    rows: list[Any]
    part: int = 1
    parts: int = 1


def page_screens(page: str, rows: list[Any]) -> list[Screen]:
    """``page``'s rows in order, in as few screens as ``SCREEN_ROWS[page]`` a screen
    allows, evened out (20 pairs at 6 a screen: four of 5, not three of 6 and one of 2);
    one screen, even for no rows (the page then says why it has none)."""
    size = SCREEN_ROWS.get(page) or max(len(rows), 1)
    parts = max(-(-len(rows) // size), 1)
    ends = [len(rows) * part // parts for part in range(parts + 1)]
    return [
        Screen(page, rows[ends[part - 1] : ends[part]], part, parts) for part in range(1, parts + 1)
    ]
