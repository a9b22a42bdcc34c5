"""Time runs out mid-round, in a real browser: the director ends the night from the
standings, sees first which games become void and what the ranking becomes, ends it, the
pot is paid out; then re-opens it and the game in play holds up the payout again.

Four pairs, ties by pegs: rounds 1 and 2 finished (the lower pair wins, 11 to 5; pair 3
loses 9 to 11 to pair 1), round 3 mid-way: pair 1 beat pair 4, pairs 2 and 3 are one
hand in. Ended, pair 1 won 3 of 3, pair 3 and pair 2 1 of 2 (3 ahead on pegs), pair 4
none of 3 and takes the booby.
"""

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.nights import play
from tests.browser.steps import status
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db(transaction=True)


def mid_round_night():
    night = night_with_schedule(4, name="Out of time", tiebreak="pegs")
    play_out(night, leave=[(2, 3)], losing_scores={(1, 3): 9})
    play(Game.objects.get(night=night, pair_a=2, pair_b=3), 2, 3, hands=1)
    return night


def test_the_director_ends_the_night_mid_round_and_reopens_it(as_user, director):
    night = mid_round_night()
    page: Page = as_user(director, viewport={"width": 1280, "height": 900})
    page.goto(f"/nights/{night.pk}/standings/")
    expect(page.locator("#blocked")).to_contain_text("1 game is not finished")

    page.get_by_role("link", name="End the night now").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("End Out of time now?")
    expect(page.locator("ul.lost")).to_have_text(
        "Round 3, table 2: pair 2 v pair 3: void, it counts for nobody and carries no fee"
    )
    ranking = page.locator("ul.after li")
    expect(ranking.nth(0)).to_contain_text("Pair 1 (")
    expect(ranking.nth(0)).to_contain_text("won 3 of 3 · 1st place")
    expect(ranking.nth(1)).to_contain_text("Pair 3 (")
    expect(ranking.nth(2)).to_contain_text("Pair 2 (")
    expect(ranking.nth(3)).to_contain_text("won 0 of 3 · Booby prize")

    page.get_by_role("button", name="End the night now").click()
    expect(status(page)).to_contain_text("Out of time is ended: 1 game is void")
    expect(page.locator("#void-games")).to_contain_text("Round 3, table 2: pair 2 v pair 3")
    expect(page.locator("#blocked")).to_have_count(0)
    rows = page.locator("table tbody tr")
    expect(rows.nth(0)).to_contain_text("3 of 3")
    expect(rows.nth(3)).to_contain_text("0 of 3")
    expect(page.locator("#closings")).to_contain_text("ended the night early")

    page.goto(f"/nights/{night.pk}/pot/")
    expect(page.get_by_text("1st place", exact=True)).to_be_visible()
    expect(page.get_by_text("Booby prize", exact=True).first).to_be_visible()

    page.goto(f"/nights/{night.pk}/standings/")
    page.get_by_role("link", name="Re-open the night ended early").click()
    page.get_by_role("button", name="Re-open the night").click()
    expect(status(page)).to_contain_text("Out of time is re-opened")
    expect(page.locator("#blocked")).to_contain_text("1 game is not finished")
    expect(page.locator("#void-games")).to_have_count(0)
    expect(page.locator("#closings")).to_contain_text("re-opened the night ended early")
