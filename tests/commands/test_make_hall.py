"""``make hall`` end to end (``scripts/hall``): Hypercorn on this machine's address on a
network, with the hall's settings, over a database of its own, and a worker of the task
queue beside it.

It refuses a database with the demo in it and names the command that removes it; then
it serves: the public pages and the address's QR code answer on the network address,
sign-in there gets a plain page with no password form, the laptop itself (loopback)
signs in, the QR codes of the table cards and of the pair cards read back (zbar) as
the network address, and a big night's packet is rendered by the worker, which stops
when the server does.
Where this machine has no address on a network, ``tests/commands/test_hall_address.py``
checks the address logic alone, and this test says it cannot run.
"""

import http.client
import io
import os
import re
import signal
import socket
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
from PIL import Image
from pypdf import PdfReader
from pyzbar import pyzbar

from cinch_club import hall
from tests.processes import children, running

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "hall-director-password-5e2"
ADDRESS = hall.pick_address(hall.routed_addresses())

pytestmark = [
    pytest.mark.skipif(
        ADDRESS is None, reason="no network address here (test_hall_address.py covers the logic)"
    ),
    pytest.mark.slow,
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Site:
    """The environment ``make hall`` gets, and its ``manage.py`` in dev settings."""

    def __init__(self, folder: Path):
        self.port = free_port()
        self.env = {
            key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")
        } | {
            "DATABASE_URL": f"sqlite:///{folder / 'club.sqlite3'}",
            "LIMITS_FILE": str(folder / "limits.sqlite3"),
            "STATIC_ROOT": str(folder / "static"),
            "HALL_ADDRESS": ADDRESS,
            "PORT": str(self.port),
        }

    def manage(self, *args: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env | {"DJANGO_SETTINGS_MODULE": "cinch_club.settings.dev"},
            capture_output=True,
            text=True,
            check=True,
        )
        return result.stdout

    def hall(self, output: Path) -> subprocess.Popen:
        with output.open("w") as log:
            return subprocess.Popen(
                [sys.executable, "scripts/hall"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )


def ask(host: str, port: int, path: str, cookies=None, form=None, referer=""):
    """One request: its status, headers and body; cookies set are kept in ``cookies``."""
    connection = http.client.HTTPConnection(host, port, timeout=30)
    headers = {"Referer": referer} if referer else {}
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    body = None
    if form is not None:
        body = urlencode(form | {"csrfmiddlewaretoken": cookies.get("csrftoken", "")})
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request("POST" if form is not None else "GET", path, body=body, headers=headers)
    answer = connection.getresponse()
    content = answer.read()
    connection.close()
    for header in answer.headers.get_all("Set-Cookie") or []:
        for name, morsel in SimpleCookie(header).items():
            if cookies is not None:
                cookies[name] = morsel.value
    return answer.status, answer.headers, content


def wait_until_serving(process: subprocess.Popen, port: int, log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.3)
    raise AssertionError("make hall did not start:\n" + log.read_text())


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def rendered_by_the_worker(laptop: dict, port: int, night: str) -> bytes:
    """The big packet as the director waits for it: "being prepared" until the worker
    rendered it (bounded)."""
    path = f"/nights/{night}/sheets/packet.pdf"
    deadline = time.monotonic() + 120
    status, _, body = ask("127.0.0.1", port, path, laptop)
    assert status == 202, body[:200]
    while status == 202 and time.monotonic() < deadline:
        time.sleep(1)
        status, _, body = ask("127.0.0.1", port, path, laptop)
    assert status == 200, body[:200]
    return body


def decoded_qrs(pdf: bytes, folder: Path) -> list[str]:
    folder.mkdir(exist_ok=True)
    (folder / "cards.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "150", folder / "cards.pdf", folder / "page"])
    return [
        found.data.decode()
        for page in sorted(folder.glob("page*.png"))
        for found in pyzbar.decode(Image.open(page))
    ]


def test_make_hall_refuses_the_demo_then_serves_the_hall_safely(tmp_path):
    site = Site(tmp_path)
    site.manage("migrate", "--noinput")
    site.manage("load_demo")
    refused = subprocess.run(
        [sys.executable, "scripts/hall"], cwd=ROOT, env=site.env, capture_output=True, text=True
    )
    assert refused.returncode == 1
    assert "still holds the demo" in refused.stderr
    assert "make remove-demo" in refused.stderr

    site.manage("remove_demo")
    night = site.manage(
        "shell",
        "-c",
        "from django.contrib.auth.models import User; "
        "from scoring.clubs.roles import role_give; "
        "from scoring.clubs.scopes import home_club, in_club; "
        "from scoring.management.commands.load_demo import demo_document; "
        "from scoring.nights.services import night_import; "
        f"ann = User.objects.create_user('ann', password='{PASSWORD}', is_staff=True); "
        "role_give(user=ann, club=home_club(), role='director')\n"
        "with in_club(home_club()):\n"
        "    print(night_import(document=demo_document() | {'name': 'Tuesday'}, user=None).pk)",
    ).split()[-1]
    big = site.manage(
        "shell",
        "-c",
        "from scoring.rules.simulate import random_night; "
        "from scoring.nights.services import night_import; "
        "from scoring.clubs.scopes import home_club, in_club\n"
        "with in_club(home_club()):\n"
        "    print(night_import(document=random_night(12, seed=4, rounds_played=0)).pk)",
    ).split()[-1]
    log = tmp_path / "hall.log"
    process = site.hall(log)
    try:
        wait_until_serving(process, site.port, log)
        phones = f"http://{ADDRESS}:{site.port}"
        assert f"Phones: {phones}" in log.read_text()
        key_file = tmp_path / "club.sqlite3.secret-key"
        assert oct(key_file.stat().st_mode & 0o777) == "0o600"

        status, _, page = ask(ADDRESS, site.port, f"/nights/{night}/")
        assert status == 200
        assert f"Phones: <strong>{phones}</strong>" in page.decode()
        status, _, page = ask(ADDRESS, site.port, "/accounts/login/?next=/people/")
        assert status == 403
        assert b'type="password"' not in page
        assert f"http://127.0.0.1:{site.port}/people/".encode() in page
        status, headers, _ = ask(ADDRESS, site.port, "/people/")
        assert (status, headers["Location"]) == (302, "/accounts/login/?next=/people/")

        laptop = {}
        origin = f"http://127.0.0.1:{site.port}"
        status, _, page = ask("127.0.0.1", site.port, "/accounts/login/", laptop)
        assert status == 200 and b'type="password"' in page
        form = {"username": "ann", "password": PASSWORD}
        status, _, _ = ask(
            "127.0.0.1", site.port, "/accounts/login/", laptop, form, origin + "/accounts/login/"
        )
        assert status == 302
        status, _, cards = ask(
            "127.0.0.1", site.port, f"/nights/{night}/round/cards.pdf?round=3", laptop
        )
        assert status == 200
        links = decoded_qrs(cards, tmp_path)
        assert len(links) == 6  # 3 tables, a half per pair
        assert all(re.fullmatch(re.escape(phones) + r"/t/[^/]+/", link) for link in links)
        status, _, cards = ask("127.0.0.1", site.port, f"/nights/{night}/sheets/pairs.pdf", laptop)
        assert status == 200
        codes = decoded_qrs(cards, tmp_path / "pairs")
        assert len(set(codes)) == len(codes) == 6  # the demo's six pairs, a card each
        assert all(re.fullmatch(re.escape(phones) + r"/p/[^/]+/", code) for code in codes)
        status, _, _ = ask(ADDRESS, site.port, f"/nights/{night}/sheets/pairs.pdf")
        assert status == 302  # the pair cards are the staff's: not for the Wi-Fi

        status, _, page = ask(ADDRESS, site.port, "/people/", dict(laptop))
        assert status == 302  # the director's cookie, carried onto the Wi-Fi, is the public's

        # The big night's packet (68 pages): queued by the server, rendered by its worker.
        (worker,) = [
            child
            for child in children(process.pid)
            if b"run_worker" in Path(f"/proc/{child}/cmdline").read_bytes()
        ]
        packet = rendered_by_the_worker(laptop, site.port, big)
        assert len(PdfReader(io.BytesIO(packet)).pages) == 68

        # Beside the running hall, the commands print what it accepts: its address, and
        # game links signed with its own key.
        for printed in (
            site.manage("table_links", night),
            site.manage("table_links", night, "--pairs"),
        ):
            addresses = [line.split()[-1] for line in printed.splitlines()]
            assert addresses and all(address.startswith(phones + "/") for address in addresses)
            for address in addresses[:2]:
                status, _, _ = ask(ADDRESS, site.port, address.removeprefix(phones))
                assert status == 200, address
    finally:
        stop(process)
    assert process.returncode in (0, -signal.SIGTERM)
    deadline = time.monotonic() + 30
    while running(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not running(worker)  # stopped with the server
    refused = subprocess.run(
        [sys.executable, "manage.py", "table_links", night],
        cwd=ROOT,
        env=site.env | {"DJANGO_SETTINGS_MODULE": "cinch_club.settings.dev"},
        capture_output=True,
        text=True,
    )
    assert refused.returncode == 1 and "No make hall is running" in refused.stderr
