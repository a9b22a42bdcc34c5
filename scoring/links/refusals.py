"""How often a code may be used, and the page a refused one shows.

Each code or link may make ``LINK_LIMIT`` requests in ``LINK_WINDOW`` seconds, and its
page's "anything new?" polls are counted apart (``NEWS_LIMIT``); an address that sends
``FORGED_LIMIT`` codes this site never made is stopped from guessing (its genuine ones
still open). The counts are shared by every server process (``core.http.limits``).
"""

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy

from scoring.core.http import limits
from scoring.core.http.clients import client_address
from scoring.core.http.permissions import STANDINGS, shown_to

LINK_LIMIT = 300  # requests per link and window: a table's game is a few dozen
FORGED_LIMIT = 20  # links this site never signed, per address and window: guessing stops
LINK_WINDOW = 600
NEWS_SECONDS = 3  # how often an open page asks whether the game changed
NEWS_LIMIT = 4 * LINK_WINDOW // NEWS_SECONDS  # news polls per link and window
TOO_MANY = gettext_lazy("Too many requests: wait a few minutes and try again.")


def over(key: str, limit: int) -> bool:
    """Count one more under ``key`` in its ``LINK_WINDOW``; whether it had ``limit`` already."""
    return not limits.take(key, limit, LINK_WINDOW)


def forged_too_often(request) -> bool:
    """Count one more link this site never signed from the request's address; whether
    that address is past ``FORGED_LIMIT`` (guessing stops)."""
    return over(f"link-forged:{client_address(request)}", FORGED_LIMIT)


def refused_page(request, reason: str, status: int, *, kind: str = "table", ended=None):
    """The page a refused link shows, with the way on for its ``kind``: a table's game
    link, a pair's code or a scorer device's. A link whose night is over for it
    (``ended``: final, or ended early before its game was finished) has nothing to ask
    the director for: the page says the night has ended and where its standings are, a
    link to them for a visitor who may read them (``PUBLIC_PAGES``), else the projector."""
    context = {"reason": reason, "kind": kind, "ended": ended}
    context["standings_url"] = standings_url(request, ended)
    return render(request, "scoring/links/link_refused.html", context, status=status)


def standings_url(request, night) -> str:
    """The standings page of ``night`` (over for the phone that asks), if this visitor may
    read it (``PUBLIC_PAGES``); "" otherwise, or without a night."""
    if night is None or not shown_to(request.user, STANDINGS):
        return ""
    return reverse("scoring:night-standings", args=[night.pk])
