"""Screenshots of the main pages, for the README: what a newcomer sees before installing.

``make screenshots`` runs this with ``CINCH_SCREENSHOTS=1`` and the pictures land in
``docs/screenshots/``; otherwise (``make test``) they go to a temporary folder, so the
test still proves every page renders in a browser without touching the committed files.
A page of the standings sheet is drawn from its PDF with ``pdftoppm`` (poppler-utils)
when that is installed.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.cache import cache
from playwright.sync_api import Page, expect

from scoring import kept_sheets, sheets
from scoring.models import Game
from tests.browser.nights import finish_night, played_night

pytestmark = pytest.mark.django_db(transaction=True)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = {"viewport": {"width": 1100, "height": 800}}
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def folder(tmp_path) -> Path:
    if os.environ.get("CINCH_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        return DOCS
    return tmp_path


def shoot(page: Page, url: str, path: Path) -> None:
    page.goto(url)
    expect(page.locator(".site-main h1")).to_be_visible()
    page.screenshot(path=path, full_page=True)
    assert path.stat().st_size > 10_000, path


def sheet_page(page: Page, url: str, path: Path) -> None:
    """The first page of a PDF sheet as a PNG (skipped without pdftoppm)."""
    response = page.request.get(url)
    assert response.ok and response.body().startswith(b"%PDF-")
    if shutil.which("pdftoppm") is None:
        return
    pdf = path.with_suffix(".pdf")
    pdf.write_bytes(response.body())
    prefix = path.with_suffix("")
    subprocess.run(
        ["pdftoppm", "-png", "-r", "80", "-singlefile", "-f", "1", "-l", "1", pdf, prefix],
        check=True,
    )
    pdf.unlink()
    assert path.stat().st_size > 10_000, path


def test_screenshots(as_user, scorer, director, folder):
    night = played_night(user=scorer, last_game_hands=2)
    open_game = Game.objects.get(night=night, is_playoff=False, winner=None)
    desktop, phone = as_user(scorer, **DESKTOP), as_user(scorer, **PHONE)
    night_url = f"/nights/{night.pk}/"

    # While the last game is being played: the nights, the night, the draw, the game.
    shoot(desktop, "/", folder / "nights.png")
    shoot(desktop, night_url, folder / "night.png")
    shoot(desktop, f"{night_url}draw/", folder / "draw.png")
    shoot(desktop, f"/games/{open_game.pk}/", folder / "game.png")
    shoot(phone, f"/games/{open_game.pk}/", folder / "game-phone.png")
    # Just after "Save hand": what the scorer sees without scrolling.
    desktop.goto(f"/games/{open_game.pk}/?saved=2#entry")
    expect(desktop.locator(".just-saved")).to_be_in_viewport()
    desktop.screenshot(path=folder / "game-saved.png")
    shoot(desktop, f"{night_url}round/", folder / "round-board.png")
    projector = as_user(scorer, **PROJECTOR)
    for held in ("standings", "playing", "pot"):
        projector.goto(f"{night_url}live/?page={held}")
        expect(projector.locator(f'[data-page="{held}"]')).to_be_visible()
        path = folder / f"projector-{held}.png"
        projector.screenshot(path=path)
        assert path.stat().st_size > 10_000, path

    # A director's pages: a question before a change that loses work, the night's
    # settings, the people who score and direct.
    boss = as_user(director, **DESKTOP)
    finished = Game.objects.filter(night=night, winner__isnull=False).first()
    shoot(boss, f"/games/{finished.pk}/reopen/", folder / "confirm.png")
    shoot(boss, f"{night_url}edit/", folder / "night-edit.png")
    shoot(boss, "/people/", folder / "people.png")
    sheet_page(desktop, f"{night_url}sheets/pairs.pdf", folder / "pair-cards.png")

    # The night over, its tie played off: the standings, the pot and the printed sheet.
    finish_night(night, user=scorer)
    shoot(desktop, f"{night_url}standings/", folder / "standings.png")
    shoot(desktop, f"{night_url}pot/", folder / "pot.png")
    sheet_page(desktop, f"{night_url}sheets/standings.pdf", folder / "standings-sheet.png")

    # A packet another request is rendering: the page that reloads itself until it is kept.
    job = kept_sheets.Job(sheets.sheet_parts(night, "packet"), "letter")
    cache.add(job.lock, {"pages": job.pages, "done": 2}, 60)
    shoot(desktop, f"{night_url}sheets/packet.pdf", folder / "sheet-preparing.png")
    cache.delete(job.lock)
