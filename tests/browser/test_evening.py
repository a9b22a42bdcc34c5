"""The whole evening in a real browser: a 3-table ``club11`` night from set-up to the pot.

A director creates the night with twelve players, draws and makes the schedule; a scorer
enters the fifteen games from the pattern table: card by card, by totals, one typed from
the pegboard, one won on a Money bid, one with an earlier hand corrected. The winners are
planned (``nights.BEATS``) so that pairs 2 and 3 end level for places 2 and 3: the
director starts the play-off, the scorer enters it, and the standings and the pot then
name every place and the booby. The sheets download as PDFs. Last, an anonymous visitor
reads the public pages, is offered nothing to change, and is sent to log in when posting.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.nights import (
    NIGHT_NAME,
    PLAYERS,
    PLAYOFF_WINNER,
    all_to,
    hands_by_cards,
    winner_of,
)
from tests.browser.steps import (
    PDF_TIMEOUT_MS,
    board,
    enter_hand,
    enter_result,
    expect_won,
    fill_hand,
    game_link,
    game_pairs,
    pattern_games,
    section,
    status,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def play_by_cards(page: Page, winner: int, loser: int) -> None:
    """Three hands card by card; the loser is set once and pegs a Cinch."""
    first, second, third = hands_by_cards(winner, loser)
    enter_hand(page, 1, **first)
    enter_hand(page, 2, **second)
    assert board(page) == {winner: 7, loser: -2}
    enter_hand(page, 3, **third)


def play_with_correction(page: Page, winner: int, loser: int) -> None:
    """Hand 1 goes in with the Jack not out, then is corrected: the board moves by one."""
    enter_hand(page, 1, bidder=winner, bid=2, cards=all_to(winner) | {"jack": None, "game": loser})
    enter_hand(page, 2, bidder=winner, bid=4, cards=all_to(winner))
    assert board(page) == {winner: 6, loser: 1}

    section(page, "Hands").get_by_role("row").nth(1).get_by_role("link", name="edit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 1")
    form = page.locator("form.hand-form")
    fill_hand(form, bidder=winner, bid=2, cards={"jack": winner})
    form.get_by_role("button", name="Save the correction").click()
    expect(status(page)).to_contain_text("Hand 1 corrected")
    assert board(page) == {winner: 7, loser: 1}

    enter_hand(page, 3, bidder=winner, bid=4, cards=all_to(winner))


def play_by_points(page: Page, winner: int, loser: int) -> None:
    enter_hand(page, 1, bidder=winner, bid=4, points={winner: 4, loser: 0})
    enter_hand(page, 2, bidder=winner, bid=3, points={winner: 3, loser: 1})
    enter_hand(page, 3, bidder=winner, bid=4, points={winner: 4, loser: 0})


def play_on_money(page: Page, winner: int, loser: int) -> None:
    enter_hand(page, 1, bidder=winner, bid="money", cards=all_to(winner))
    expect(page.locator("p.state")).to_contain_text("(Money)")


def type_from_pegboard(page: Page, winner: int, loser: int) -> None:
    enter_result(page, winner=winner, score={winner: 11, loser: 5}, cinches={loser: 1})
    expect(page.locator("p.state")).to_contain_text("typed from the pegboard")


# How the games of the pattern table are entered, in its order; the rest card by card.
ENTRY = [play_with_correction, play_on_money, type_from_pegboard, play_by_points, play_by_points]


def set_up_night(page: Page) -> str:
    """The director creates, draws and schedules the night; returns the night's address."""
    page.get_by_role("link", name="New night").click()
    page.get_by_label("Name").fill(NIGHT_NAME)
    page.get_by_label("New players, one per line").fill("\n".join(PLAYERS))
    # This club trusts its scorer: results count when entered (issue 14's setting).
    page.get_by_label("Results need a second person's confirmation").uncheck()
    page.get_by_role("button", name="Create the night").click()
    expect(status(page)).to_contain_text("Night created")

    page.get_by_role("button", name="Draw the numbers").click()
    expect(status(page)).to_contain_text("Numbers drawn")
    expect(page.locator("table.grid tbody tr")).to_have_count(12)
    page.get_by_role("button", name="Make the schedule").click()
    expect(status(page)).to_contain_text("Schedule made: 15 games")
    expect(page.get_by_role("heading", level=1)).to_have_text(NIGHT_NAME)
    return page.url


def play_the_night(page: Page, night_url: str) -> None:
    """The scorer enters every game from the pattern table, in its order."""
    page.goto(night_url)
    games = pattern_games(page)
    assert len(games) == 15 and len(set(games)) == 15
    for number, pairs in enumerate(games):
        game_link(page, pairs).click()
        assert game_pairs(page) == pairs
        winner, loser = winner_of(pairs)
        play = ENTRY[number] if number < len(ENTRY) else play_by_cards
        play(page, winner, loser)
        expect_won(page, winner)
        page.get_by_role("link", name=NIGHT_NAME).click()
    expect(page.get_by_text("15 of 15 games finished")).to_be_visible()


def standings_rows(page: Page) -> list[tuple[int, int]]:
    """The standings table (the page's first) as (rank, pair), top to bottom."""
    cells = (
        page.locator("table.grid")
        .first.locator("tbody tr")
        .evaluate_all(
            "rows => rows.map(row => [...row.cells].slice(0, 2).map(cell => +cell.innerText))"
        )
    )
    return [tuple(row) for row in cells]


def settle_the_tie(director: Page, scorer: Page, night_url: str) -> None:
    """Pairs 2 and 3 are level for places 2 and 3: the director starts their play-off,
    the scorer enters it (pair 2 wins), and every place is decided."""
    director.goto(night_url)
    director.locator(".site-main").get_by_role("link", name="Standings", exact=True).click()
    ties = director.locator("#ties")
    expect(ties).to_contain_text("are tied for places 2 and 3")
    expect(ties.locator("strong").first).to_have_text(re.compile(r"^Pair 2 \(.+\), Pair 3 \("))
    expect(director.locator("#blocked")).to_be_visible()
    director.get_by_role("button", name="Start the play-offs").click()
    expect(status(director)).to_contain_text("Play-offs started: pair 2 v pair 3")

    scorer.goto(director.url)
    scorer.locator("#playoffs").get_by_role("link", name="2 v 3").click()
    expect(scorer.get_by_role("heading", level=1)).to_have_text("Play-off")
    play_by_cards(scorer, PLAYOFF_WINNER, 3)
    expect_won(scorer, PLAYOFF_WINNER)

    scorer.locator(".site-nav").get_by_role("link", name="Standings", exact=True).click()
    expect(scorer.locator("#ties")).to_contain_text("No tie decides a prize")
    expect(scorer.locator("#blocked")).to_have_count(0)
    # Pairs 4 and 5 stay level on two wins: no prize hangs on it, so they share 4th.
    assert standings_rows(scorer) == [(1, 1), (2, 2), (3, 3), (4, 4), (4, 5), (6, 6)]


def check_pot(page: Page) -> None:
    """12 entries at $2, 15 games lost at $0.25 and 11 Cinches at $0.10 a player: $33.70;
    the booby $4 first, the rest 50/30/20; every check on the page adds up."""
    page.locator(".site-main").get_by_role("link", name="The pot", exact=True).click()
    fees = page.locator("#fees")
    expect(fees).to_contain_text("15 games lost")
    expect(fees).to_contain_text("11 Cinches recorded")
    expect(fees.locator("tr.total")).to_contain_text("33.70")
    prizes = page.locator("#prizes tbody tr").evaluate_all(
        "rows => rows.map(row => [...row.cells].map(cell => cell.innerText.trim()))"
    )
    assert [(prize, pair, amount) for prize, pair, _, amount in prizes] == [
        ("1st place", "1", "$14.85"),
        ("2nd place", "2", "$8.91"),
        ("3rd place", "3", "$5.94"),
        ("Booby prize", "6", "$4.00"),
    ]
    for check in ("#paid-out-check", "#paid-check", "#won-check"):
        expect(page.locator(check)).to_contain_text("= pot $33.70 ✓")


def check_sheets(page: Page) -> None:
    """Every sheet linked from the night page is a real PDF."""
    sheets = {}
    for link in page.locator(".print-links").get_by_role("link").all():
        href = link.get_attribute("href")
        if ".pdf" in href:
            sheets[link.inner_text()] = href
    assert set(sheets) == {
        "night packet",
        "filled in",
        "table cards",
        "pair cards",
        "play-off score sheets",
        "standings",
        "payouts",
    }
    for name, href in sheets.items():
        response = page.request.get(href, timeout=PDF_TIMEOUT_MS)
        assert response.ok, name
        assert response.headers["content-type"] == "application/pdf", name
        body = response.body()
        assert body.startswith(b"%PDF-"), name
        assert len(body) > 5_000, name


def public_pages(page: Page, night_url: str) -> list[str]:
    """The addresses a visitor reaches from the nights list by following links."""
    page.goto("/")
    page.get_by_role("link", name=NIGHT_NAME).click()
    assert page.url == night_url
    found = [page.url]
    for name in ("Standings", "The pot", "The draw"):
        page.locator(".site-main").get_by_role("link", name=name, exact=True).click()
        found.append(page.url)
        page.goto(night_url)
    game_link(page, pattern_games(page)[0]).click()
    found.append(page.url)
    page.get_by_role("link", name="Members").click()
    found.append(page.url)
    return found


def check_visitor(page: Page, night_url: str) -> None:
    """Anyone reads the night; nothing on the pages offers a change; a POST goes to log in."""
    pages = public_pages(page, night_url)
    for url in pages:
        page.goto(url)
        expect(page.get_by_role("link", name="Log in")).to_be_visible()
        # A visitor's only forms are the header's text size and language (in the session).
        visitor_forms = "form[method=post]:not(.text-size):not(.language-menu)"
        expect(page.locator(visitor_forms)).to_have_count(0)
        expect(page.get_by_role("button")).to_have_text(["Larger text", "Change"])
    expect(page.get_by_role("cell", name="Alma", exact=True)).to_be_visible()  # the members

    game_url = pages[-2]
    page.goto("/accounts/login/")  # for a CSRF cookie and token, as a forged form would have
    token = page.locator(".site-main input[name=csrfmiddlewaretoken]").get_attribute("value")
    response = page.request.post(
        game_url, form={"csrfmiddlewaretoken": token, "bidder": "1", "bid": "4"}, max_redirects=0
    )
    assert response.status == 302
    assert response.headers["location"].startswith("/accounts/login/?next=")


def test_evening(as_user, visitor, director, scorer):
    director_page = as_user(director)
    night_url = set_up_night(director_page)

    scorer_page = as_user(scorer)
    play_the_night(scorer_page, night_url)
    settle_the_tie(director_page, scorer_page, night_url)
    check_pot(scorer_page)
    director_page.goto(night_url)
    check_sheets(director_page)

    check_visitor(visitor, night_url)
