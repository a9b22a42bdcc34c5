"""A night that does not go to plan, in a real browser, from the draw to the payout sheet.

Thirteen players and a house player make seven pairs. A substitute sits for player 1 in
two games; pair 7 leaves after round 3 (its games from round 4 are forfeits); a late pair
takes the bye as pair 8 and makes up rounds 1 to 3 after the last round. The scorer types
every game that can be played from the pegboard (the lower pair number wins 11 to 5), so
the standings are 1, 2, 3, 4, 5, 6, 8 with pair 7 withdrawn and pair 8 taking the booby;
the pot page adds up, the house player paid and won nothing, and the payout sheet prints.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import PDF_TIMEOUT_MS, enter_result, game_link, pattern_games, status

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

NIGHT = "Short-handed Thursday"
PLAYERS = [f"Player {letter}" for letter in "ABCDEFGHIJKLM"]


def set_up(page: Page) -> str:
    page.get_by_role("link", name="New night").click()
    page.get_by_label("Name").fill(NIGHT)
    page.get_by_label("New players, one per line").fill("\n".join(PLAYERS))
    # This club trusts its scorer: results count when entered (issue 14's setting).
    page.get_by_label("Results need a second person's confirmation").uncheck()
    page.get_by_role("button", name="Create the night").click()
    expect(page.get_by_text("13 players is an odd number: seat a house player")).to_be_visible()

    page.get_by_label("House player").select_option("House")
    page.get_by_role("button", name="Create the night").click()
    expect(status(page)).to_contain_text("Night created")
    page.get_by_role("button", name="Draw the numbers").click()
    expect(page.locator("table.grid tbody tr")).to_have_count(14)
    page.get_by_role("button", name="Make the schedule").click()
    expect(status(page)).to_contain_text("Schedule made: 21 games")
    return page.url


def sit_in(page: Page, night_url: str) -> None:
    """Zed sits for player 1 in pair 1's first two games."""
    page.goto(night_url)
    games = [pairs for pairs in pattern_games(page) if 1 in pairs][:2]
    for pairs in games:
        page.goto(night_url)
        game_link(page, pairs).click()
        panel = page.locator("#substitutes")
        panel.get_by_label("Sat for").select_option("1")
        panel.get_by_label("or a name").fill("Zed")
        panel.get_by_role("button", name="Record the substitute").click()
        expect(status(page)).to_contain_text("Zed sits for number 1")
        expect(page.locator("table.board")).to_contain_text("Zed for ")


def play_rounds(page: Page, night_url: str, rounds: set[int] | None = None) -> int:
    """Type every game still to play (in ``rounds``) from the pegboard: lower pair wins."""
    page.goto(night_url)
    cells = page.locator("section").filter(has=page.get_by_role("heading", name="Pattern table"))
    rows = cells.locator("tbody tr").all()
    targets = []
    for row in rows:
        round_ = int(row.locator("td").first.inner_text())
        if rounds is None or round_ in rounds:
            for link in row.get_by_role("link").all():
                targets.append((link.get_attribute("href"), link.inner_text()))
    played = 0
    for href, text in targets:
        page.goto(href)
        if page.locator("#pegboard").count() == 0:
            continue  # a forfeit, or finished
        first, second = sorted(int(pair) for pair in text.split(" v "))
        enter_result(page, winner=first, score={first: 11, second: 5}, cinches={second: 0})
        played += 1
    return played


def withdraw_pair_7(page: Page, night_url: str) -> None:
    page.goto(night_url)
    page.get_by_role("link", name="Who left, who came late").click()
    page.locator("#withdraw").get_by_label(re.compile("^Pair")).select_option("7")
    page.get_by_label("From round").fill("4")
    page.get_by_role("button", name="Show the games that become forfeits").click()
    forfeits = page.locator("ul.forfeits li")
    expect(forfeits.first).to_contain_text("won by pair")
    count = forfeits.count()
    assert count in (3, 4)  # rounds 4 to 7, less its bye if that is still to come
    page.get_by_role("button", name="Withdraw pair 7").click()
    expect(status(page)).to_contain_text(f"Pair 7 withdrawn from round 4: {count} forfeits")


def seat_the_late_pair(page: Page, night_url: str) -> None:
    page.goto(night_url)
    page.get_by_role("link", name="Who left, who came late").click()
    page.get_by_label("First player").fill("Late Lou")
    page.get_by_label("Second player").fill("Late Liz")
    page.get_by_role("button", name="Seat the late pair").click()
    expect(status(page)).to_contain_text("Pair 8 joins: 7 games made")
    expect(page.get_by_text("forfeit to").first).to_be_visible()


def check_results(page: Page, night_url: str) -> None:
    page.goto(night_url)
    page.locator(".site-main").get_by_role("link", name="Standings", exact=True).click()
    page.wait_for_url(re.compile(r"/standings/$"))
    rows = (
        page.locator("table.grid")
        .first.locator("tbody tr")
        .evaluate_all("rows => rows.map(row => [row.cells[0].innerText, row.cells[1].innerText])")
    )
    assert rows == [
        [str(rank), str(pair)] for rank, pair in enumerate([1, 2, 3, 4, 5, 6, 8], 1)
    ] + [["withdrawn", "7"]]
    expect(page.locator("#blocked")).to_have_count(0)

    page.goto(night_url)
    page.locator(".site-main").get_by_role("link", name="The pot", exact=True).click()
    expect(page.locator("#fees")).to_contain_text("15 players")
    for check in ("#paid-out-check", "#paid-check", "#won-check"):
        expect(page.locator(check)).to_contain_text(re.compile(r"= pot \$[0-9.]+ ✓"))
    house = page.locator("#ledger tbody tr").filter(has_text="House")
    expect(house).to_contain_text("0.00")
    expect(page.locator("#prizes")).to_contain_text("Booby prize")

    page.goto(night_url)
    href = page.locator(".print-links").get_by_role("link", name="payouts").get_attribute("href")
    response = page.request.get(href, timeout=PDF_TIMEOUT_MS)
    assert response.ok and response.body().startswith(b"%PDF-")
    preview = page.request.get(href.replace(".pdf", "/"))
    assert "(house player)" in preview.text()


def test_a_night_that_does_not_go_to_plan(as_user, director, scorer):
    director_page = as_user(director)
    night_url = set_up(director_page)
    scorer_page = as_user(scorer)

    sit_in(scorer_page, night_url)
    assert play_rounds(scorer_page, night_url, {1, 2, 3}) == 9
    withdraw_pair_7(director_page, night_url)
    seat_the_late_pair(director_page, night_url)
    play_rounds(scorer_page, night_url)

    check_results(scorer_page, night_url)
