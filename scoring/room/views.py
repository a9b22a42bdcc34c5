"""The room on the night: the round board for the people running it, the projector view
for the players across the hall, and a second scorer's phone (its first page lists the
night's games as the round board does).

Both reload themselves: the round board every ``ROUND_BOARD_RELOAD`` seconds (a
``<meta http-equiv="refresh">``), the projector after showing each of its screens for
``PROJECTOR_PAGE_SECONDS`` (``scoring/static/scoring/projector.js``; a page with more rows
than one screen holds is cut into screens by ``room.screens``). Figures are the rules
core's, through the selectors (``round_board``, ``night_results``).
"""

from functools import cached_property
from typing import Any

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.generic import TemplateView

from scoring.core.http.permissions import (
    MONEY,
    STANDINGS,
    DirectorRequiredMixin,
    PublicPage,
    ScorerRequiredMixin,
    shown_to,
)
from scoring.core.printing import renderer
from scoring.core.printing.pages import pdf_response
from scoring.core.ui.views import NightPage
from scoring.links import scorers
from scoring.links.refusals import TOO_MANY, forged_too_often, refused_page
from scoring.links.tokens import LinkForged, LinkRefused
from scoring.results import selectors as results_selectors
from scoring.results.pages import NightResultsPage
from scoring.room import selectors, services, sheets
from scoring.room.screens import Screen, page_screens
from scoring.rules.digits import number_from_digits
from scoring.seasons import selectors as seasons_selectors

ROUND_BOARD_RELOAD = 30
PROJECTOR_PAGE_SECONDS = 15
PROJECTOR_PAGES = ("standings", "playing", "pot", "ladder")
LADDER_ROWS = 12  # the season ladder's top rows: the projector shows no more of it


def ladder_top(rows: list[dict]) -> list[dict]:
    """The ladder's first ``LADDER_ROWS`` rows and every row tied with the last of them:
    a tie for 10th is shown whole, not cut at the 12th row."""
    if len(rows) <= LADDER_ROWS:
        return rows
    last = rows[LADDER_ROWS - 1].get("rank")
    return [row for at, row in enumerate(rows) if at < LADDER_ROWS or row.get("rank") == last]


class RoundBoardPage(ScorerRequiredMixin, NightPage):
    """Which tables still have to report: the current round, then the others folded."""

    template_name = "scoring/room/round_board.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(
            night=self.night,
            board=selectors.round_board(self.night),
            reload=ROUND_BOARD_RELOAD,
            **kwargs,
        )


class RoundConfirmPage(ScorerRequiredMixin, NightPage):
    """Every result of a round awaiting confirmation, each shown as entered, confirmed
    with one button by a second person (a dispute is settled on the round board)."""

    template_name = "scoring/room/round_confirm.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.round = selectors.round_to_confirm(self.night, kwargs["round"])
        if self.round is None:
            raise Http404("No such round.")

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(night=self.night, row=self.round, **kwargs)

    def post(self, request, pk, round):
        seen = {}
        for pair in request.POST.getlist("game"):
            game_id, _, version = pair.partition("-")
            game, version = number_from_digits(game_id), number_from_digits(version)
            if game is not None and version is not None:
                seen[game] = version
        done = services.round_results_confirm(night=self.night, seen=seen, user=request.user)
        if done.confirmed:
            messages.success(
                request,
                ngettext(
                    "%(count)s result confirmed: it now counts in the standings.",
                    "%(count)s results confirmed: they now count in the standings.",
                    len(done.confirmed),
                )
                % {"count": len(done.confirmed)},
            )
        for refusal in done.refused:
            messages.error(request, gettext("Not confirmed: %(why)s") % {"why": refusal})
        if not seen:
            messages.error(request, gettext("Tick the results to confirm."))
        return redirect(self.night_url("night-round"))


class ProjectorPage(PublicPage, NightResultsPage):
    """Full screen, large type: standings, the tables still playing, the pot (for those
    who may see money) and the ladder of the season the night counts in (if any);
    ``?page=standings`` (or ``playing``, ``pot``, ``ladder``) holds one page."""

    kind = STANDINGS
    template_name = "scoring/room/projector.html"

    def pages(self, season) -> list[str]:
        hidden = {"pot"} if not shown_to(self.request.user, MONEY) else set()
        if season is None:
            hidden.add("ladder")
        shown = [page for page in PROJECTOR_PAGES if page not in hidden]
        held = self.request.GET.get("page")
        return [held] if held in shown else shown

    def page_rows(self, page: str, ladder) -> list:
        """The rows ``page`` shows: the standings, the tables still playing, the prizes,
        the ladder's top (none while the night cannot be scored: the page says why)."""
        results, current = self.results, self.board.current
        if page == "playing":
            return current.playing if current else []
        if page == "ladder":
            return ladder_top(ladder.document["ladder"]) if ladder else []
        if results is None:
            return []
        return results.standing_rows if page == "standings" else results.prizes_so_far

    def screens(self, pages: list[str], ladder) -> list[Screen]:
        """Each page's rows in as many screens as they need (``room.screens``)."""
        return [
            screen for page in pages for screen in page_screens(page, self.page_rows(page, ladder))
        ]

    @cached_property
    def board(self) -> selectors.RoundBoard:
        return selectors.round_board(self.night)

    def read_results(self):
        """The results from the round board's seats and games: the night read once."""
        return results_selectors.night_results(self.night, self.board.seats, self.board.games)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        board = self.board
        season = seasons_selectors.night_season(self.night)
        tonight = self.results.kept_summary() if self.results else None
        ladder = seasons_selectors.season_ladder(season, tonight) if season else None
        pages = self.pages(season)
        return super().get_context_data(
            pages=pages,
            ladder=ladder,
            board=board,
            screens=self.screens(pages, ladder),
            seconds=PROJECTOR_PAGE_SECONDS,
            **kwargs,
        )


class RoundCards(DirectorRequiredMixin, NightPage):
    """The table cards of the round (``?round=N``, else the current one) as PDF, each
    pair's link a QR code: directors only, as a link is its table's key to the scores."""

    def get(self, request, pk):
        number = number_from_digits(request.GET.get("round"))
        context = sheets.round_cards_context(self.night, number)
        pdf = renderer.render_pdf("scoring/room/round_cards.html", context, paper=self.night.paper)
        name = f"night-{self.night.pk}-round-{context['round']}-table-cards.pdf"
        return pdf_response(pdf, name, secret=True)


@method_decorator(never_cache, name="dispatch")
class DeviceHome(TemplateView):
    """A scorer device's first page (``links.scorers``): the night's games, the round
    being played first, each leading to its page; a refusal page unless the code is good
    now."""

    template_name = "scoring/room/device_home.html"

    def dispatch(self, request, *args, token, **kwargs):
        try:
            self.device = scorers.open_device(token)
        except LinkForged as forged:
            if forged_too_often(request):
                return refused_page(request, str(TOO_MANY), 429, kind="scorer")
            return refused_page(request, str(forged), 403, kind="scorer")
        except LinkRefused as refused:
            return refused_page(request, str(refused), 403, kind="scorer", ended=refused.night)
        self.token = token
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        board = selectors.round_board(self.device.night)
        for game in board.games:
            game.device_url = reverse("scoring:device-game", args=[self.token, game.pk])
        return super().get_context_data(
            device=self.device,
            night=self.device.night,
            board=board,
        )


round_board = RoundBoardPage.as_view()
round_confirm = RoundConfirmPage.as_view()
round_cards = RoundCards.as_view()
projector = ProjectorPage.as_view()
device_home = DeviceHome.as_view()
