"""What ``make hall`` needs before Django starts: the laptop's address on the hall's
network, the address phones use (``SITE_URL``), and a secret key kept beside the
database. Plain functions of their inputs where they can be, so tests check them
on a machine that has no hall network.
"""

import contextlib
import ipaddress
import json
import os
import secrets
import socket
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from cinch_club.private_files import create_private

# Where a packet to a private network would leave from: no packet is sent (UDP connect
# only picks the route), and a hall's router rarely leads to the internet anyway.
_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def usable(address: str) -> bool:
    """Whether a phone on the hall's network could reach the laptop at ``address``."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (
        ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified
    )


def pick_address(candidates: list[str]) -> str | None:
    """The best of the laptop's addresses for phones: a private one (what a hall's Wi-Fi
    hands out) before any other usable one; None when there is none."""
    found = [address for address in dict.fromkeys(candidates) if usable(address)]
    private = [address for address in found if ipaddress.ip_address(address).is_private]
    return (private or found or [None])[0]


def routed_addresses() -> list[str]:
    """The laptop's addresses that the routes to private networks leave from."""
    addresses = []
    for probe in _PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                sock.connect((probe, 9))
            except OSError:
                continue
            addresses.append(sock.getsockname()[0])
    with contextlib.suppress(OSError):
        addresses += socket.gethostbyname_ex(socket.gethostname())[2]
    return addresses


def hall_address(chosen: str) -> str:
    """``HALL_ADDRESS`` when given (checked), else the address found by itself."""
    if chosen:
        if not usable(chosen):
            raise ImproperlyConfigured(
                f"HALL_ADDRESS={chosen!r} is not an IPv4 address phones can reach "
                "(not loopback or link-local)"
            )
        return chosen
    found = pick_address(routed_addresses())
    if found is None:
        raise ImproperlyConfigured(
            "No address on a network was found: join the hall's Wi-Fi (or plug in its "
            "router), or name the address with HALL_ADDRESS=..."
        )
    return found


def site_url(address: str, port: int, *, https: bool) -> str:
    """The address the phones open: ``http://192.168.1.20:8000``."""
    scheme = "https" if https else "http"
    default = 443 if https else 80
    return f"{scheme}://{address}" + ("" if port == default else f":{port}")


def secret_key_file(database_url: str, base_dir: Path) -> Path:
    """Where the secret key is kept: beside an SQLite database (``db.sqlite3.secret-key``),
    or in the site's folder for another database."""
    prefix = "sqlite:///"
    if database_url.startswith(prefix):
        database = Path(database_url.removeprefix(prefix))
        return database.with_name(database.name + ".secret-key")
    return base_dir / "hall.secret-key"


def secret_key(path: Path) -> str:
    """The key kept at ``path``, made (readable by its owner alone) the first time:
    the same key each night keeps the printed links and signed-in sessions valid."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        create_private(path)
        path.write_text(secrets.token_urlsafe(50), encoding="utf-8")
    key = path.read_text(encoding="utf-8").strip()
    if len(key) < 50:
        raise ImproperlyConfigured(f"{path} holds no secret key: remove it to make a new one")
    return key


def kept_key(path: Path) -> str:
    """The key ``make hall`` keeps at ``path``, or "" when it has made none: commands run
    beside the hall (``manage.py table_links``) sign the links it accepts with it."""
    try:
        key = path.read_text(encoding="utf-8").strip()
    except OSError:
        return ""
    return key if len(key) >= 50 else ""


def state_file(key_file: Path) -> Path:
    """Where a running ``make hall`` notes the address it serves, beside its key."""
    return key_file.with_name(key_file.name.removesuffix(".secret-key") + ".hall")


def note_running(key_file: Path, url: str) -> None:
    """Note that this process serves ``url`` (``scripts/hall``, which then becomes
    gunicorn under the same process id)."""
    path = state_file(key_file)
    path.touch(mode=0o600)
    path.write_text(json.dumps({"url": url, "pid": os.getpid()}), encoding="utf-8")


def running_url(key_file: Path) -> str:
    """The address a ``make hall`` still running serves, or "" when none runs."""
    try:
        state = json.loads(state_file(key_file).read_text(encoding="utf-8"))
        os.kill(int(state["pid"]), 0)  # signal 0: is it still there?
    except (OSError, ValueError, KeyError, TypeError):
        return ""
    return str(state["url"])
