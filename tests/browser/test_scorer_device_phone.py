"""A second scorer's phone in the hall: the director adds a scorer device on the night page
(on the laptop), its QR code reads back (zbar) as the hall's address, and a phone on
that address, over plain HTTP with the hall's guard on, opens it, enters a hand of a
game of that night, meets no password form on a staff page, and is refused once the
director revokes the device.

The phone reaches the site on this machine's address on a network (a second live server
bound to it), so the site sees it as the hall's Wi-Fi sees a phone. Where the machine
has no such address the test says it cannot run; ``tests/views/links/
test_scorer_devices.py`` checks the guard's answer for a phone's address directly.
"""

import io
import os
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect
from pytest_django.live_server_helper import LiveServer
from pyzbar import pyzbar

from cinch_club import hall
from scoring.models import Game, ScorerDevice
from tests.browser.steps import enter_hand, status
from tests.factories import night_with_schedule

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        hall.pick_address(hall.routed_addresses()) is None,
        reason="no network address here (test_scorer_devices.py covers the guard)",
    ),
]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def folder(tmp_path) -> Path:
    """The guide's pictures with ``make screenshots`` (``CINCH_SCREENSHOTS=1``), else a
    temporary folder."""
    return DOCS if os.environ.get("CINCH_SCREENSHOTS") == "1" else tmp_path


@pytest.fixture
def hall_site(live_server, settings):
    """The site as ``make hall`` serves it: the laptop on ``live_server`` (loopback), the
    phones on a second server bound to this machine's network address."""
    address = hall.pick_address(hall.routed_addresses())
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, address]
    server = LiveServer(f"{address}:0")
    settings.HALL_GUARD = True
    settings.SITE_URL = f"http://{address}:{server.thread.port}"
    yield settings.SITE_URL
    server.stop()


def read_qr(locator) -> str:
    """The QR code the page shows, as a phone's camera reads it (zbar)."""
    found = pyzbar.decode(Image.open(io.BytesIO(locator.screenshot())))
    assert len(found) == 1, found
    return found[0].data.decode()


def test_a_second_scorer_joins_by_the_code_and_is_refused_once_revoked(
    hall_site, as_user, new_context, director, folder
):
    night = night_with_schedule(3, confirm_results=True, name="Tuesday")
    game = Game.objects.filter(night=night, round=1).first()
    laptop = as_user(director, **LAPTOP)
    laptop.goto(f"/nights/{night.pk}/")
    devices = laptop.locator("#scorer-devices")
    devices.get_by_role("button", name="Add a scorer device").click()
    expect(status(laptop)).to_contain_text("Scorer 2 added")
    device = ScorerDevice.objects.get(night=night)
    shown = laptop.locator(f"#scorer-device-{device.pk}")
    expect(shown).to_contain_text("not used yet")
    devices.screenshot(path=folder / "hall-scorer-devices.png")

    code = read_qr(shown.get_by_role("img"))
    assert code.startswith(hall_site + "/d/")
    expect(shown.locator("a.device-url")).to_have_text(code)

    phone = new_context(**PHONE).new_page()
    phone.goto(code)
    expect(phone.locator("h1")).to_have_text("Tuesday")
    phone.screenshot(path=folder / "hall-scorer-games.png", full_page=True)
    table = f"Table 1 · Pair {game.pair_a} ("
    phone.get_by_role("link", name=re.compile(re.escape(table))).first.tap()
    expect(phone.locator("p.muted").first).to_contain_text("scorer device Scorer 2")
    enter_hand(phone, 1, bidder=game.pair_a, bid=2, points={game.pair_a: 2, game.pair_b: 2})
    scroll_width, width = phone.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert scroll_width <= width
    phone.screenshot(path=folder / "hall-scorer-phone.png", full_page=True)
    assert game.hands.count() == 1

    laptop.goto(f"/games/{game.pk}/")
    expect(laptop.locator("#audit")).to_contain_text("scorer device «Scorer 2»")
    laptop.goto(f"/nights/{night.pk}/")
    expect(laptop.locator(f"#scorer-device-{device.pk}")).to_contain_text("last used at")

    # A staff page asked from the phone: the plain page, never a password form.
    for staff in ("/people/", f"/nights/{night.pk}/round/", "/accounts/login/"):
        phone.goto(hall_site + staff)
        expect(phone.locator("body")).to_contain_text("127.0.0.1")
        assert phone.locator("input[type=password]").count() == 0

    laptop.locator(f"#scorer-device-{device.pk}").get_by_role("button", name="Revoke").click()
    expect(status(laptop)).to_contain_text("Scorer 2 revoked")
    phone.goto(code)
    expect(phone.locator("h1")).to_have_text("This scorer code opens nothing")
    expect(phone.locator("main")).to_contain_text("revoked")
