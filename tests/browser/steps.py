"""What people do on the pages, as Playwright steps: log in, find a game, enter hands.

Steps find things the way a person does, by the words on the page (labels, legends,
buttons, link text), so a test breaks when the page stops making sense, not when its
markup is reshuffled. Each step waits for the page's own answer ("Hand 2 saved").

Vocabulary as on the pages: a *game* is *pair a* v *pair b*; a *hand* has a *bidder*, a
*bid* and the *scoring cards* (High, Low, Jack, Game in ``club11``) each pair took, or
the *points* per pair; a game *typed from the pegboard* gives only its final result.
"""

import re

from playwright.sync_api import Locator, Page, expect

PASSWORD = "password"  # tests.factories.UserFactory's
CARDS = {"high": "High", "low": "Low", "jack": "Jack", "game": "Game"}

# A PDF is rendered while the browser waits: a whole night's packet takes seconds, and
# many more on a machine busy with other work.
PDF_TIMEOUT_MS = 60_000


def log_in(page: Page, username: str, password: str = PASSWORD) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".site-user")).to_contain_text(username)


def choose_language(page: Page, code: str) -> None:
    """The language menu in the page's header: pick, and the page comes back in it."""
    page.locator("form.language-menu select").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def status(page: Page) -> Locator:
    """The messages the site shows after a change ("Hand 2 saved")."""
    return page.get_by_role("status")


def section(page: Page, heading: str) -> Locator:
    """The page's ``<section>`` under this heading."""
    return page.locator("section").filter(has=page.get_by_role("heading", name=heading))


def pair_choice(group: Locator, pair: int) -> Locator:
    """The radio button of ``pair`` in a group ("Pair 3", or "Pair 3 — Ann & Bob")."""
    return group.get_by_role("radio", name=re.compile(rf"^Pair {pair}( —|$)"))


def game_link(page: Page, pairs: tuple[int, int]) -> Locator:
    """A game's link in the pattern table, by its pairs ("1 v 2")."""
    return section(page, "Pattern table").get_by_role("link", name=f"{pairs[0]} v {pairs[1]}")


def pattern_games(page: Page) -> list[tuple[int, int]]:
    """Every game of the night page's pattern table as its pairs, round by round."""
    texts = section(page, "Pattern table").get_by_role("link").all_inner_texts()
    return [tuple(int(pair) for pair in text.split(" v ")) for text in texts]


def game_pairs(page: Page) -> tuple[int, int]:
    """The pairs of the game page open in ``page``, from its board, in the game's order."""
    rows = page.locator("table.board tbody th")
    expect(rows).to_have_count(2)  # the page may still be arriving after a click
    return tuple(int(row.removeprefix("Pair ")) for row in rows.all_inner_texts())


def board(page: Page) -> dict[int, int]:
    """The game page's board: each pair's score (printed with the minus sign, −2)."""
    rows = page.locator("table.board tbody tr").evaluate_all(
        "rows => rows.map(row => [row.cells[0].innerText, row.cells[2].innerText])"
    )
    return {
        int(pair.removeprefix("Pair ")): int(score.replace("\u2212", "-")) for pair, score in rows
    }


def fill_hand(form: Locator, *, bidder: int, bid: int | str, cards=None, points=None) -> None:
    """Fill a hand form: ``cards`` maps ``high``… to a pair (``None``: not out), or
    ``points`` maps each pair to its points."""
    pair_choice(form.get_by_role("group", name="Bidder"), bidder).check()
    if bid == "money":
        form.get_by_label("Bid", exact=True).select_option(label="Money")
    else:
        form.get_by_label("Bid", exact=True).select_option(str(bid))
    for key, owner in (cards or {}).items():
        group = form.get_by_role("group", name=CARDS[key], exact=True)
        if owner is None:
            group.get_by_label("not out").check()
        else:
            pair_choice(group, owner).check()
    for pair, taken in (points or {}).items():
        form.get_by_label(f"Pair {pair} points").fill(str(taken))


def enter_hand(page: Page, number: int, **hand) -> None:
    """Enter hand ``number`` on the game page (see :func:`fill_hand`) and save it."""
    entry = page.locator("#entry")
    expect(entry.get_by_role("heading")).to_have_text(f"Hand {number}")
    fill_hand(entry, **hand)
    entry.get_by_role("button", name="Save hand").click()
    expect(status(page)).to_contain_text(f"Hand {number} saved")


def enter_result(page: Page, *, winner: int, score: dict, cinches: dict, money=False) -> None:
    """Type a game's final result from the pegboard."""
    form = page.locator("#pegboard")
    pair_choice(form.get_by_role("group", name="Winner"), winner).check()
    for pair, pegs in score.items():
        form.get_by_label(f"Pair {pair} score").fill(str(pegs))
    for pair, count in cinches.items():
        form.get_by_label(f"Pair {pair} Cinches").fill(str(count))
    if money:
        form.get_by_label("Won on a Money bid").check()
    form.get_by_role("button", name="Save the result").click()
    expect(status(page)).to_contain_text(f"Result saved: won by pair {winner}")


def expect_won(page: Page, winner: int) -> None:
    expect(page.locator("p.state")).to_contain_text(f"Won by pair {winner}")
    expect(page.locator("#entry")).to_have_count(0)


def focused(page: Page) -> str:
    """The field with the keyboard focus as ``name=value`` (a button: its words)."""
    return page.evaluate(
        "() => { const field = document.activeElement;"
        " return field.name ? `${field.name}=${field.value}` : field.textContent.trim(); }"
    )
