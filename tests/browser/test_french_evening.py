"""Part of a night in French in a real browser (issue 17): a director who reads French
picks it in the language menu, sets the night up with its sheets in French, a hand is
refused with the rules core's words in French, then the standings, the pot with money as
French writes it (``2,00 $``), and the payout sheet read back from its PDF, in French
though the director has gone back to an English screen (the night's language).

The fields are found by their names, not their words: the French words of the forms are
the catalogue's, checked by tests/i18n; here what is checked is the French a person reads.
"""

import io
import re

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from scoring.models import Night
from tests.browser.steps import PDF_TIMEOUT_MS, choose_language

pytestmark = pytest.mark.django_db(transaction=True)

NIGHT = "Soirée du mardi"
PLAYERS = ["Amélie", "Benoît", "Céline", "Denis", "Élise", "François", "Gisèle", "Hugo"]
FRENCH_MONEY = re.compile(r"\d+,\d\d\u00a0\$")  # "16,00 $", the space a non-breaking one


def set_up_in_french(page: Page) -> Night:
    page.goto("/nights/new/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("soirée")
    page.locator("#id_name").fill(NIGHT)
    page.locator("#id_date").fill("2026-11-24")
    page.locator("#id_new_players").fill("\n".join(PLAYERS))
    page.locator("#id_confirm_results").uncheck()
    page.locator("#id_language").select_option("fr")
    page.locator("form.stacked button[type=submit]").click()
    page.locator('form[action$="/draw/"] button[type=submit]').click()
    expect(page.locator("table.grid tbody tr")).to_have_count(8)
    page.locator('form[action$="/schedule/"] button[type=submit]').click()
    expect(page.get_by_role("heading", level=1)).to_have_text(NIGHT)
    expect(page.locator('a[href^="/games/"]').first).to_be_visible()
    night = Night.objects.get(name=NIGHT)
    assert night.language == "fr"
    return night


def save_hand(page: Page, *, bidder: int, bid: str, cards: dict[str, int]) -> None:
    """Fill the game page's hand form by its fields' names, and save it."""
    entry = page.locator("#entry")
    entry.locator(f'input[name="bidder"][value="{bidder}"]').check()
    entry.locator('select[name="bid"]').select_option(bid)
    for key, owner in cards.items():
        entry.locator(f'input[name="{key}"][value="{owner}"]').check()
    entry.locator(".hand-form button[type=submit]").click()


def play_a_game_in_french(page: Page) -> None:
    """A hand with no bid is refused in French; then the first pair wins on three bids of
    four with every card."""
    page.locator('a[href^="/games/"]').first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tour 1, table 1")
    first, second = (
        int(pair.removeprefix("Paire "))
        for pair in page.locator("table.board tbody th").all_inner_texts()
    )
    every_card = {"high": first, "low": first, "jack": first, "game": first}
    save_hand(page, bidder=first, bid="", cards=every_card)
    error = page.locator("#entry .errorlist")
    expect(error).to_contain_text("l’enchère manque")
    expect(error).to_contain_text("les enchères du Cinch du club en 11 vont de 2 à 4")
    expect(error).not_to_contain_text("bid is missing")
    for points in (4, 8, 12):
        save_hand(page, bidder=first, bid="4", cards=every_card)
        expect(page.locator("table.board tbody tr").first).to_contain_text(str(points))
    expect(page.locator("p.state")).to_contain_text(f"Gagnée par la paire {first}")
    expect(page.locator("#entry")).to_have_count(0)


def payout_sheet_text(page: Page, night: Night) -> str:
    response = page.request.get(f"/nights/{night.pk}/sheets/payouts.pdf", timeout=PDF_TIMEOUT_MS)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.body()))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_part_of_a_night_in_french(as_user, director):
    page = as_user(director)
    choose_language(page, "fr")
    expect(page.locator(".site-nav")).to_contain_text("Soirées")

    night = set_up_in_french(page)
    play_a_game_in_french(page)

    page.goto(f"/nights/{night.pk}/standings/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Classement")
    expect(page.locator("table.grid").first).to_contain_text("Amélie")

    page.goto(f"/nights/{night.pk}/pot/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("cagnotte")
    fees = page.locator("#fees")
    expect(fees).to_contain_text("16,00\u00a0$")  # 8 entries at 2,00 $
    assert FRENCH_MONEY.search(fees.inner_text())
    expect(fees).not_to_contain_text("$16.00")

    # Back to an English screen: the night's sheets stay in French, its language.
    choose_language(page, "en")
    expect(page.locator(".site-nav")).to_contain_text("Nights")
    sheet = payout_sheet_text(page, night)
    assert "Dans la cagnotte" in sheet and "Joueurs" in sheet
    assert re.search(r"Droits d’entrée à 2,00\s\$", sheet), sheet
    assert re.search(r"16,00\s\$", sheet) and "$16.00" not in sheet
    assert "Into the pot" not in sheet
