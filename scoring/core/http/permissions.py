"""Who may do what: anyone reads, scorers enter hands and results, directors run the night.

Roles come from Django auth: a *director* is a staff user; a *scorer* is a member of the
``Scorers`` group (directors may score too). Views add one of the mixins below; a
visitor who is not logged in is sent to the login page, a logged-in user without the
role gets 403.

Who reads is the club's choice, ``PUBLIC_PAGES``: ``all`` (the default: anyone reads
every page but the payout sheet), ``standings`` (the public sees the nights, their draw,
games and standings, their packet and standings sheets, and no money: no pot, ledger,
members' season or night file, and ``standings.json`` without its money) or ``none``
(the public sees the login page only). Anyone logged in reads everything.
"""

from django.conf import settings
from django.contrib.auth.mixins import UserPassesTestMixin
from django.utils.cache import add_never_cache_headers

SCORERS = "Scorers"


def is_director(user) -> bool:
    """Directors are staff: they set nights up, draw, schedule and re-open games."""
    return bool(user.is_authenticated and user.is_staff)


def is_scorer(user) -> bool:
    """Scorers enter and correct hands and results; the answer is kept on ``user``."""
    if not user.is_authenticated:
        return False
    if not hasattr(user, "_is_scorer"):
        # One query per request at most, however often a page asks.
        user._is_scorer = user.is_staff or user.groups.filter(name=SCORERS).exists()
    return user._is_scorer


# What a page shows, for ``PUBLIC_PAGES``: the standings kind, or money.
STANDINGS, MONEY = "standings", "money"
SHOWN_TO_THE_PUBLIC = {"all": {STANDINGS, MONEY}, "standings": {STANDINGS}, "none": set()}


def shown_to(user, kind: str) -> bool:
    """Whether ``user`` may read a page of ``kind`` (``STANDINGS`` or ``MONEY``)."""
    return user.is_authenticated or kind in SHOWN_TO_THE_PUBLIC[settings.PUBLIC_PAGES]


class PublicPage(UserPassesTestMixin):
    """A page to read: for anyone logged in, and for the public as ``PUBLIC_PAGES`` says
    for its ``kind``; else the login page. A page of money (the pot, the cash count, the
    members' winnings, the files) is kept by no browser or proxy: the club's laptop
    shows it no more once its reader has logged out."""

    kind = STANDINGS

    def test_func(self) -> bool:
        return shown_to(self.request.user, self.kind)

    def dispatch(self, request, *args, **kwargs):
        response = super().dispatch(request, *args, **kwargs)
        if self.kind == MONEY:
            add_never_cache_headers(response)
        return response


class ScorerRequiredMixin(UserPassesTestMixin):
    """Anonymous: to the login page; logged in without the role: 403."""

    def test_func(self) -> bool:
        return is_scorer(self.request.user)


class DirectorRequiredMixin(UserPassesTestMixin):
    """Anonymous: to the login page; logged in but not staff: 403."""

    def test_func(self) -> bool:
        return is_director(self.request.user)
