"""The projector on a 1920×1080 screen that never scrolls, in English and in French, on
its own and under ``make hall`` (the phones' address and its QR code in the corner):
every page in screens that fit, whatever the size of the field or of the season's
ladder, and nothing cut (no word ending in "…", no box narrower than what it holds: a
French heading, a pair's two long names, the night's name beside the QR code). A
withdrawn pair reads "withdrawn", never a rank it does not have."""

import datetime

import pytest
from playwright.sync_api import Page, expect

from scoring.attendance import services as attendance_services
from scoring.models import Game, Season
from scoring.room.screens import SCREEN_ROWS
from scoring.room.views import PROJECTOR_PAGE_SECONDS, ladder_top
from scoring.seasons import selectors as seasons_selectors
from tests.factories import club_names, night_with_schedule, play_out

pytestmark = pytest.mark.django_db(transaction=True)

PROJECTOR = {"width": 1920, "height": 1080}
NIGHT_NAME = "Soirée du 19 novembre"
# What a screen cuts: a shown box whose content is wider than the box, or text that
# would end in "…" (text-overflow: ellipsis).
CUT = """() => [...document.querySelectorAll('body *')]
  .filter(box => box.checkVisibility())
  .filter(box => box.scrollWidth > box.clientWidth
    || getComputedStyle(box).textOverflow === 'ellipsis')
  .map(box => `${box.tagName} "${box.textContent.trim().slice(0, 40)}"`
    + ` ${box.scrollWidth} px in ${box.clientWidth}`)"""


def night_after_round_three(pairs: int):
    """A night of ``pairs`` pairs with long French names, its first three rounds played
    and pair 2 gone from round 4 on (the night of 7 pairs a club met: the withdrawn pair
    was off screen)."""
    night = night_with_schedule(pairs, names=club_names(2 * pairs), name=NIGHT_NAME)
    later = Game.objects.filter(night=night, round__gt=3)
    play_out(night, leave=[game.pairs for game in later])
    attendance_services.pair_withdraw(night=night, pair=2, from_round=4)
    return night


def season_of_thirty(night, *, first_name: int) -> Season:
    """A season ``night`` counts in, with three finished nights of five pairs before it:
    thirty other players (from the ``first_name``-th of ``club_names``) on its ladder."""
    for week in range(1, 4):
        earlier = night_with_schedule(
            5,
            names=club_names(10, start=first_name + 10 * (week - 1)),
            name=f"Mardi {week}",
            date=night.date - datetime.timedelta(weeks=week),
        )
        play_out(earlier)
    first = night.date - datetime.timedelta(weeks=4)
    return Season.objects.create(name="Automne 2026", first_date=first, last_date=night.date)


def screens(page: Page):
    """Each screen the projector shows, in turn, as it shows it (its clock run on a turn
    at a time, up to the reload after the last)."""
    sections = page.locator(".projector-page")
    for shown in range(sections.count()):
        section = sections.nth(shown)
        expect(section).to_be_visible()
        yield section
        if shown + 1 < sections.count():
            page.clock.run_for(PROJECTOR_PAGE_SECONDS * 1000)


def assert_fits(page: Page, where: str) -> None:
    """The screen shown neither scrolls nor cuts anything."""
    height = page.evaluate("() => document.documentElement.scrollHeight")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert height <= PROJECTOR["height"], f"{where}: {height} px tall"
    assert width <= PROJECTOR["width"], f"{where}: {width} px wide"
    cut = page.evaluate(CUT)
    assert not cut, f"{where}: cut {cut}"


@pytest.mark.parametrize("pairs", [7, 40])
def test_standings_page_through_the_field_and_fit_the_screen(new_context, pairs):
    night = night_after_round_three(pairs)
    page = new_context(viewport=PROJECTOR).new_page()
    page.clock.install()
    page.goto(f"/nights/{night.pk}/live/?page=standings")
    seen = []
    for section in screens(page):
        rows = section.locator("tbody tr").all_inner_texts()
        assert len(rows) <= SCREEN_ROWS["standings"]
        assert_fits(page, f"standings {section.locator('h2').inner_text()}")
        seen += rows
    assert len(seen) == pairs, seen
    withdrawn = [row for row in seen if row.split("\t")[1].strip() == "2"]
    assert withdrawn[0].startswith("withdrawn"), withdrawn
    assert not any("None" in row for row in seen)


LOOKS = [("en", False), ("fr", False), ("en", True), ("fr", True)]


def test_every_page_fits_in_english_and_in_french(new_context, settings):
    """20 pairs (long names) and a season ladder of 30: the standings, the tables still
    playing and the ladder's top each in screens of their ``SCREEN_ROWS``, the pot on
    one, each fitting the screen, with the phones' address in the corner or not."""
    night = night_after_round_three(20)
    season = season_of_thirty(night, first_name=40)
    ladder = seasons_selectors.season_ladder(season).document["ladder"]
    top = [row["player"] for row in ladder_top(ladder)]
    assert len(top) > SCREEN_ROWS["ladder"]  # the ladder needs more than one screen
    settings.SITE_URL = "http://192.168.1.20:8000"
    for language, hall in LOOKS:
        settings.HALL_GUARD = hall
        page = new_context(viewport=PROJECTOR, locale=language).new_page()
        page.clock.install()
        page.goto(f"/nights/{night.pk}/live/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator(".phones-address")).to_have_count(1 if hall else 0)
        shown = {}
        for section in screens(page):
            kind = section.get_attribute("data-page")
            rows = section.locator("tbody tr")
            assert rows.count() <= SCREEN_ROWS.get(kind, rows.count())
            where = f"{language}{' under make hall' if hall else ''}, {kind}"
            assert_fits(page, f"{where} {section.locator('h2').inner_text()}")
            shown.setdefault(kind, []).append(rows.all_inner_texts())
        assert list(shown) == ["standings", "playing", "pot", "ladder"]
        assert sum(len(rows) for rows in shown["standings"]) == 20
        assert len(shown["ladder"]) > 1
        ladder = [row.split("\t")[1] for rows in shown["ladder"] for row in rows]
        assert ladder == top, where
