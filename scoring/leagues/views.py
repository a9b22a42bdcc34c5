"""A league's page, outside every club: its clubs' nights side by side (paginated as the
nights list is) and the league ladder, and the ladder's ``cinch-ladder/1`` file.

Anyone may open it; each club's nights are shown as that club's ``PUBLIC_PAGES`` lets the
reader see its standings (``shown_to``), and nothing of money is. One read,
``selectors.league_read``.
"""

from functools import cached_property, partial
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView, View
from django_tables2 import SingleTableMixin

from scoring.clubs.addresses import club_address
from scoring.core.http.permissions import STANDINGS, shown_to
from scoring.leagues import selectors
from scoring.leagues.tables import LeagueLadderTable, LeagueNightTable
from scoring.models import League
from scoring.rules.jsonio import dump_json

NIGHTS_PER_PAGE = 25  # as the nights list: a half-year of one club's weekly nights


def league_read(request, slug: str) -> selectors.LeagueRead:
    """The league ``slug`` as this reader sees it (404: no such league). The page is
    outside every club (``clubs.middleware`` sends ``/c/<club>/l/…`` here)."""
    league = get_object_or_404(League, slug=slug)
    return selectors.league_read(league, sees=partial(shown_to, request.user, STANDINGS))


class LeagueDetail(SingleTableMixin, TemplateView):
    template_name = "scoring/leagues/league_detail.html"
    table_class = LeagueNightTable
    table_pagination = {"per_page": NIGHTS_PER_PAGE}

    @cached_property
    def read(self) -> selectors.LeagueRead:
        return league_read(self.request, self.kwargs["slug"])

    def get_table_data(self):
        return self.read.nights

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        clubs = [(club, club_address(club, "scoring:home")) for club in self.read.clubs]
        return super().get_context_data(
            league=self.read.league,
            read=self.read,
            club_links=clubs,
            ladder_table=LeagueLadderTable(self.read.rows),
            **kwargs,
        )


class LeagueJson(View):
    """The league ladder's ``cinch-ladder/1`` document, as the page shows it."""

    def get(self, request, slug: str):
        document = league_read(request, slug).document
        return HttpResponse(dump_json(document), content_type="application/json")


league_detail = LeagueDetail.as_view()
league_json = LeagueJson.as_view()
