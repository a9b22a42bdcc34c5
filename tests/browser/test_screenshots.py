"""Screenshots of the main pages, for the README: what a newcomer sees before installing.

``make screenshots`` runs this with ``CINCH_SCREENSHOTS=1`` and the pictures land in
``docs/screenshots/``; in ``make test-slow`` (CI) they go to a temporary folder, so the
test still proves every page renders in a browser without touching the committed files.
A page of the standings sheet is drawn from its PDF with ``pdftoppm`` (poppler-utils)
when that is installed.
"""

import datetime
import os
import random
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from scoring.attendance import services as attendance_services
from scoring.games import confirmation
from scoring.games import services as games_services
from scoring.links import tokens
from scoring.mail.messages import composed, new_message_id
from scoring.models import Game, KeptSheet, OutgoingMail, Season
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from scoring.tablegames import services as tablegames_services
from tests.browser.nights import all_to, finish_night, played_night
from tests.browser.steps import PDF_TIMEOUT_MS, choose_language, fill_hand
from tests.factories import ScorerFactory, club_names, night_with_schedule, play_out
from tests.phones import code_path

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = {"viewport": {"width": 1100, "height": 800}}
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PROJECTOR_TURN_MS = 15_000  # each projector page's time on screen (room.views)


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


def sheet_page(page: Page, url: str, path: Path, number: int = 1) -> None:
    """Page ``number`` of a PDF sheet as a PNG (skipped without pdftoppm)."""
    response = page.request.get(url, timeout=PDF_TIMEOUT_MS)
    assert response.ok and response.body().startswith(b"%PDF-")
    if shutil.which("pdftoppm") is None:
        return
    pdf = path.with_suffix(".pdf")
    pdf.write_bytes(response.body())
    prefix = path.with_suffix("")
    subprocess.run(
        ["pdftoppm", "-png", "-r", "80", "-singlefile", "-f", str(number), "-l", str(number)]
        + [pdf, prefix],
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
        expect(projector.locator(f'[data-page="{held}"]').first).to_be_visible()
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
    sheet_page(boss, f"{night_url}sheets/pairs.pdf", folder / "pair-cards.png")
    # Where the table links are printed: a card a table, cut in two, a half per pair
    # (the director's), and never on the score sheet that lies on the table.
    sheet_page(boss, f"{night_url}round/cards.pdf", folder / "round-cards.png")
    sheet_page(desktop, f"{night_url}sheets/packet.pdf?filled=1", folder / "score-sheet.png", 3)

    # A Razzle table beside the night, won by two players together, and its score sheet.
    table = razzle_table(night, scorer)
    shoot(desktop, f"/tables/{table.pk}/", folder / "table.png")
    sheet_page(desktop, f"/tables/{table.pk}/sheet.pdf?filled=1", folder / "table-sheet.png")

    # The night over, its tie played off: the standings, the pot and the printed sheet.
    finish_night(night, user=scorer)
    shoot(desktop, f"{night_url}standings/", folder / "standings.png")
    shoot(desktop, f"{night_url}pot/", folder / "pot.png")
    sheet_page(desktop, f"{night_url}sheets/standings.pdf", folder / "standings-sheet.png")

    # A packet a worker is rendering: the page that reloads itself until it is kept.
    night.refresh_from_db()  # as the page reads it
    asked = night_sheets.night_sheet(night, "packet", paper="letter")
    rendering = KeptSheet.objects.create(
        fingerprint=asked.as_of,
        form=KeptSheet.Form.PDF,
        state=KeptSheet.State.MAKING,
        token="a-worker",
        pages=asked.job().pages,
        done=2,
        beat_at=timezone.now(),
    )
    shoot(desktop, f"{night_url}sheets/packet.pdf", folder / "sheet-preparing.png")
    rendering.delete()


def test_french_screenshots(as_user, scorer, folder):
    """The night in French (issue 17): its page, a hand refused in French on the game page,
    the pot with French money, a table's phone page and the standings sheet in French."""
    night = played_night(user=scorer, last_game_hands=2)
    night.language = "fr"
    night.save()
    open_game = Game.objects.get(night=night, is_playoff=False, winner=None)
    desktop = as_user(scorer, **DESKTOP)
    choose_language(desktop, "fr")
    night_url = f"/nights/{night.pk}/"

    shoot(desktop, night_url, folder / "night-fr.png")
    desktop.goto(f"/games/{open_game.pk}/")
    entry = desktop.locator("#entry")
    for name in ("bidder", "high", "low", "jack", "game"):  # every card, but no bid
        entry.locator(f'input[name="{name}"][value="{open_game.pair_a}"]').check()
    entry.locator(".hand-form button[type=submit]").click()
    expect(entry.locator(".errorlist").first).to_contain_text("l’enchère manque")
    desktop.screenshot(path=folder / "game-error-fr.png", full_page=True)

    # The scorer's phone, logged in: French already, as the profile keeps the choice.
    phone = as_user(scorer, **PHONE)
    phone.goto(tokens.link_path(open_game, open_game.pair_a))
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator("form.link-language button")).to_have_text("English")
    phone.screenshot(path=folder / "table-link-fr.png", full_page=True)

    finish_night(night, user=scorer)
    shoot(desktop, f"{night_url}pot/", folder / "pot-fr.png")
    sheet_page(desktop, f"{night_url}sheets/standings.pdf", folder / "standings-sheet-fr.png")
    sheet_page(desktop, f"{night_url}sheets/packet.pdf?filled=1", folder / "packet-fr.png")


RAZZLE_HANDS = [
    {
        "bidder": 2,
        "bid": 6,
        "partner": 4,
        "high": 2,
        "low": 1,
        "jack": 4,
        "game": 3,
        "right_pedro": 2,
        "left_pedro": 5,
    },
    {"bidder": 1, "bid": 9, "partner": None, "points": [7, 7]},
    {"bidder": 3, "bid": 8, "partner": 5, "points": [9, 5]},
    {"bidder": 4, "bid": 10, "partner": 2, "points": [14, 0]},
    {"bidder": 2, "bid": 7, "partner": 4, "points": [9, 5]},
]


def razzle_table(night, user):
    """Five players beside ``night``, played until Bob and Di reach 42 together."""
    names = [seat.member.name for seat in night.seats.order_by("number")[:4]] + ["Guest"]
    table = tablegames_services.table_create(
        variant="razzle",
        player_names=names,
        date=night.date,
        name="Razzle at the corner table",
        night=night,
        stake=Decimal("1.00"),
        user=user,
    )
    for hand in RAZZLE_HANDS:
        tablegames_services.table_hand_record(table=table, data=hand, user=user)
    table.refresh_from_db()
    assert table.winners == [2, 4]
    return table


def test_season_screenshots(as_user, director, folder):
    """A season of four club nights: its ladder page and printed sheet, the pot page
    with the treasurer's cash count, and the ladder on the projector."""
    for week, upset in enumerate([(1, 2), (3, 4), (2, 3), (4, 5)]):
        night = night_with_schedule(
            5, name=f"Tuesday {week + 1}", date=datetime.date(2026, 11, 3 + 7 * week), draw=False
        )
        nights_services.night_draw(night=night, chance=random.Random(week))
        nights_services.night_schedule(night=night)
        play_out(night, upsets=[upset], loser_cinches={(1, 3): 1})
        if week < 3:  # closed by the director; the last night's payout not final yet
            results_services.night_close(night=night, user=director)
    season = Season.objects.create(
        name="November 2026",
        first_date=datetime.date(2026, 11, 1),
        last_date=datetime.date(2026, 11, 30),
        best=3,
    )
    pot = results_selectors.night_results(night).summary.fees.pot
    results_services.cash_count_record(
        night=night, counted=pot - Decimal("0.50"), note="50c short: a coin dropped", user=director
    )
    desktop = as_user(director, **DESKTOP)

    shoot(desktop, f"/seasons/{season.pk}/", folder / "season.png")
    sheet_page(desktop, f"/seasons/{season.pk}/ladder.pdf", folder / "season-ladder.png")
    shoot(desktop, f"/nights/{night.pk}/pot/", folder / "cash-count.png")
    # The last night's projector between rounds: the ladder's first screen of two.
    projector = as_user(director, **PROJECTOR)
    projector.goto(f"/nights/{night.pk}/live/?page=ladder")
    expect(projector.locator('[data-page="ladder"]')).to_have_count(2)
    expect(projector.locator('[data-page="ladder"]').first).to_be_visible()
    projector.screenshot(path=folder / "projector-ladder.png")


def test_mail_screenshots(as_user, director, folder):
    """The players' e-mails: a night's count of them on its page (a hall offline a while:
    some to send, some sent, one refused by the server), a member's address and
    invitation, and a player's e-mail as a mail program shows it."""
    night = night_with_schedule(8, name="Tuesday night", names=club_names(16))
    play_out(night, upsets=[(1, 2)], loser_cinches={(3, 4): 1})
    results_services.night_close(night=night, user=director)
    seats = list(night.seats.select_related("member").order_by("number"))
    states = ["to_send"] * 12 + ["sent"] * 3 + ["refused"]
    for seat, state in zip(seats, states, strict=True):
        member = seat.member
        member.email = f"player{seat.number}@example.org"
        member.mail_since = night.created_at
        member.save()
        OutgoingMail.objects.create(
            kind="results",
            night=night,
            member=member,
            state=state,
            message_id=new_message_id("results", member.pk, night.pk),
            answer="550 5.1.1 <player16@example.org>: no such mailbox"
            if state == "refused"
            else "",
        )
    newcomer = seats[0].member
    newcomer.mail_since = None
    newcomer.save()
    desktop = as_user(director, **DESKTOP)

    desktop.goto(f"/nights/{night.pk}/")
    expect(desktop.locator("#mail-counts")).to_have_text(
        "12 to send, 3 sent, 1 refused by the server"
    )
    desktop.locator("#mail").screenshot(path=folder / "mail-night.png")
    shoot(desktop, f"/members/{newcomer.pk}/mail/", folder / "mail-member.png")
    # A player's e-mail, its HTML part as a mail program shows it: a blank page, not the
    # site's (whose policy refuses an e-mail's inline styles).
    mail = OutgoingMail.objects.select_related("member", "night").get(member=seats[3].member)
    html = next(body for body, kind in composed(mail).alternatives if kind == "text/html")
    desktop.goto("about:blank")
    desktop.set_content(html)
    desktop.screenshot(path=folder / "mail-results.png", full_page=True)
    assert (folder / "mail-results.png").stat().st_size > 10_000


def test_draw_screenshot(as_user, director, folder):
    """The draw of a night in a season: the director deals new partners, and the page says
    what the draw did."""
    season = Season.objects.create(
        name="December 2026",
        first_date=datetime.date(2026, 12, 1),
        last_date=datetime.date(2026, 12, 31),
    )
    for week in range(3):
        night = night_with_schedule(
            5, name=f"Tuesday {week + 1}", date=datetime.date(2026, 12, 1 + 7 * week), draw=False
        )
        nights_services.night_draw(night=night, chance=random.Random(week))
    tonight = night_with_schedule(5, name="Tuesday 4", date=datetime.date(2026, 12, 22), draw=False)
    desktop = as_user(director, **DESKTOP)
    desktop.goto(f"/nights/{tonight.pk}/draw/")
    expect(desktop.get_by_label("New partners", exact=False)).to_be_checked()
    desktop.get_by_role("button", name="Draw the numbers").click()
    expect(desktop.locator("#draw-outcome")).to_have_text("No partnership from the last 3 nights.")
    desktop.screenshot(path=folder / "draw-new-partners.png", full_page=True)
    assert season.pk and (folder / "draw-new-partners.png").stat().st_size > 10_000


def test_room_screenshots(as_user, scorer, director, folder):
    """Confirming a round at once, correcting a disputed result, the projector's standings
    paged for a big field with a withdrawn pair, the password page."""
    night = night_with_schedule(7, confirm_results=True, name="Tuesday club night")
    for game in Game.objects.filter(night=night, round=1):
        result = {"winner": game.pair_a, "score": [11, 4 + game.table], "cinches": [0, 1]}
        games_services.game_result_record(game=game, result=result, user=scorer)
    boss = as_user(director, **DESKTOP)
    shoot(boss, f"/nights/{night.pk}/round/1/confirm/", folder / "round-confirm.png")
    disputed = Game.objects.get(night=night, round=1, table=1)
    Game.objects.filter(pk=disputed.pk).update(dispute="pair 2 (table link): we had 8, not 5")
    boss.goto(f"/games/{disputed.pk}/#pegboard")
    expect(boss.locator("#pegboard")).to_be_in_viewport()
    boss.screenshot(path=folder / "game-correct.png")
    shoot(boss, "/accounts/password_change/", folder / "password.png")

    field = night_with_schedule(20, name="Autumn open")
    later = Game.objects.filter(night=field, round__gt=3)
    play_out(field, leave=[game.pairs for game in later])
    attendance_services.pair_withdraw(night=field, pair=2, from_round=4)
    projector = as_user(scorer, **PROJECTOR)
    projector.clock.install()
    projector.goto(f"/nights/{field.pk}/live/?page=standings")
    parts = projector.locator('[data-page="standings"]')
    expect(parts.first).to_be_visible()
    projector.screenshot(path=folder / "projector-standings-paged.png")
    projector.clock.run_for(PROJECTOR_TURN_MS * (parts.count() - 1))
    expect(parts.last).to_be_visible()
    projector.screenshot(path=folder / "projector-standings-withdrawn.png")


def test_hall_projector_screenshot(new_context, scorer, folder, settings):
    """The projector under ``make hall``: the phones' address and its QR code at the right
    leave the night's whole name readable, and the round said beside nothing it overlaps."""
    settings.HALL_GUARD = True
    settings.SITE_URL = "http://192.168.1.20:8000"
    night = played_night(user=scorer, last_game_hands=2)
    projector = new_context(**PROJECTOR).new_page()

    projector.goto(f"/nights/{night.pk}/live/?page=standings")

    head = projector.locator(".projector-head")
    expect(head.locator(".phones-address")).to_contain_text("http://192.168.1.20:8000")
    name = head.locator("h1")
    expect(name).to_have_text(night.name)
    assert name.evaluate("h1 => h1.scrollWidth <= h1.clientWidth"), "the name is cut"
    parts = ("h1", "h1 + p", ".phones-address")
    boxes = [head.locator(part).bounding_box() for part in parts]
    for index, box in enumerate(boxes):
        for other in boxes[index + 1 :]:
            apart = (
                box["x"] + box["width"] <= other["x"]
                or other["x"] + other["width"] <= box["x"]
                or box["y"] + box["height"] <= other["y"]
                or other["y"] + other["height"] <= box["y"]
            )
            assert apart, (box, other)
    path = folder / "hall-projector.png"
    projector.screenshot(path=path)
    assert path.stat().st_size > 10_000, path


def test_hall_pair_code_screenshots(as_user, new_context, director, folder, settings, live_server):
    """The hall's pair cards as printed (the code to type under its QR code), and a pair's
    phone on its code: its game of round 3, a hand in."""
    settings.SITE_URL = "http://192.168.1.20:8000"
    night = night_with_schedule(6, name="Tuesday club", confirm_results=True)
    staff = ScorerFactory(username="second")
    for game in Game.objects.filter(night=night, round__lte=2).order_by("round", "table"):
        score = [11, 4 + game.table] if game.table % 2 else [6, 11]
        winner = game.pair_a if game.table % 2 else game.pair_b
        result = {"winner": winner, "score": score, "cinches": [0, 1]}
        games_services.game_result_record(game=game, result=result, user=director)
        confirmation.game_result_confirm(game=game, user=staff)
    boss = as_user(director, **DESKTOP)
    sheet_page(boss, f"/nights/{night.pk}/sheets/pairs.pdf", folder / "hall-pair-cards.png")

    game = Game.objects.get(night=night, round=3, table=2)
    phone = new_context(**PHONE).new_page()
    phone.goto(code_path(night, game.pair_a))
    expect(phone.locator("h1")).to_have_text("Round 3, table 2")
    fill_hand(phone.locator("#entry"), bidder=game.pair_a, bid=3, cards=all_to(game.pair_a))
    phone.locator("#entry").get_by_role("button", name="Save hand").tap()
    expect(phone.locator(".messages")).to_contain_text("Hand 1 saved")
    path = folder / "hall-pair-phone.png"
    phone.screenshot(path=path, full_page=True)
    assert path.stat().st_size > 10_000, path
