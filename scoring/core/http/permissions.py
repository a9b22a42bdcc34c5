"""Who may do what: anyone reads, scorers enter hands and results, directors run the night.

Roles are the current club's (``scoring.clubs.roles``: a ``ClubRole`` of the request's
club; a superuser, the host, is a director everywhere): a *director* of one club may be a
scorer or nothing at another; directors may score too. Views add one of the mixins below; a
visitor who is not logged in is sent to the login page, a logged-in user without the
role gets 403.

Who reads is the club's choice, ``PUBLIC_PAGES`` (the club's own, else the site's):
``all`` (the default: anyone reads every page but the payout sheet), ``standings`` (the
public sees the nights, their draw, games and standings, their packet and standings
sheets, and no money: no pot, ledger, members' season or night file, and
``standings.json`` without its money) or ``none`` (the public sees the login page only).
Anyone logged in reads everything.
"""

from django.contrib.auth.mixins import UserPassesTestMixin
from django.utils.cache import add_never_cache_headers

from scoring.clubs.roles import is_director, is_scorer
from scoring.models import club_setting

__all__ = ["is_director", "is_scorer"]

# The group of the scorers before roles were a club's (migration 0021 made them the home
# club's scorers).
SCORERS = "Scorers"


# What a page shows, for ``PUBLIC_PAGES``: the standings kind, or money.
STANDINGS, MONEY = "standings", "money"
SHOWN_TO_THE_PUBLIC = {"all": {STANDINGS, MONEY}, "standings": {STANDINGS}, "none": set()}


def shown_to(user, kind: str, club=None) -> bool:
    """Whether ``user`` may read a page of ``kind`` (``STANDINGS`` or ``MONEY``) of
    ``club`` (the current one by default: a league's page asks for each of its clubs)."""
    if user.is_authenticated:
        return True
    return kind in SHOWN_TO_THE_PUBLIC[club_setting("PUBLIC_PAGES", club)]


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
    """Anonymous: to the login page; logged in but not the club's director: 403."""

    def test_func(self) -> bool:
        return is_director(self.request.user)
