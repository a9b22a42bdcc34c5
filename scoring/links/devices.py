"""The device a table link is used from: a random id in a cookie that a browser gets with
its first post through a table link or a scorer device's (a hand, a result, a
confirmation).

A result entered through one pair's link keeps the id of the device that entered it
(``Game.result_entered_from``), and that device may not confirm or dispute it through the
other pair's link, nor through a scorer device's (``games.confirmation.link_refusal``): one
phone that scanned two codes cannot play both parts. It is not an account and not a
secret (clearing the browser's cookies makes a new device): the key is each pair's
code, printed on a card that pair alone holds; this stops the easy mistake. The cookie
goes to the whole site, so one id stands for the browser on the table links (``/t/``)
and the scorer devices' pages (``/d/``) alike; it lasts a night, and is never set on a
page that is only read.
"""

import re
import secrets

from django.conf import settings
from django.urls import get_script_prefix

COOKIE = "cinch_device"
LIFETIME = 24 * 60 * 60  # a night's play and the morning after
_SHAPE = re.compile(r"[A-Za-z0-9_-]{22}")  # what ``secrets.token_urlsafe(16)`` makes


def known_device(request) -> str:
    """The browser's device id, or "" if it has none (or one this site did not make)."""
    device = request.COOKIES.get(COOKIE, "")
    return device if _SHAPE.fullmatch(device) else ""


def device_for_write(request) -> str:
    """The browser's device id, a new one if it has none: ``remember`` sets it."""
    return known_device(request) or secrets.token_urlsafe(16)


def remember(request, response, device: str) -> None:
    """Give the browser ``device`` if it did not send it."""
    if device and device != known_device(request):
        response.set_cookie(
            COOKIE,
            device,
            max_age=LIFETIME,
            path=get_script_prefix(),  # ``/t/`` and ``/d/`` alike
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
