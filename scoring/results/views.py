"""The end of the night on the web: standings, play-offs, the pot and the cash count,
closing; the members' page.

Thin: figures come from ``results.selectors.night_results`` (the rules core's summary of
the stored totals) and ``members_season``; directors' buttons call one service each. The
standings, the pot and the members' page are public, as the site is open to read;
starting play-offs, the tie-break and closing or re-opening a night are directors'; the
cash count is the scorers' and directors'.

Vocabulary: a *tie* is pairs still level where it decides a prize (a place or the booby);
*play-offs* settle it; the *pot* is what the players paid; a *final* night takes no change.
"""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.cache import add_never_cache_headers
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext
from django_tables2 import RequestConfig, SingleTableMixin, SingleTableView
from django_tables2.export import ExportMixin

from scoring.core.http.permissions import (
    MONEY,
    DirectorRequiredMixin,
    PublicPage,
    ScorerRequiredMixin,
    shown_to,
)
from scoring.core.ui.confirm import Confirmation, ConfirmFirst
from scoring.core.ui.tables import CsvExport
from scoring.core.ui.views import NightPage, OneButton
from scoring.games.tables import PlayoffTable
from scoring.models import Tiebreak
from scoring.results import selectors, services
from scoring.results.forms import CashCountForm, TiebreakForm, cash_context
from scoring.results.pages import NightResultsPage
from scoring.results.tables import LedgerTable, MemberTable, PrizeTable, StandingsTable
from scoring.rules import InvalidInput
from scoring.rules.jsonio import dump_json
from scoring.words.money import cash_gap, shown_money
from scoring.words.places import place_words
from scoring.words.problems import say


class NightStandings(PublicPage, ExportMixin, SingleTableMixin, NightResultsPage):
    """The standings, live as games finish; the ties, their play-offs; the CSV export."""

    template_name = "scoring/results/night_standings.html"
    table_class = StandingsTable
    table_pagination = False
    export_class = CsvExport

    def get_export_filename(self, export_format: str) -> str:
        name = slugify(self.night.name) or "night"
        return f"{self.night.date:%Y-%m-%d}-{name}-standings.{export_format}"

    def get_table_data(self):
        return self.results.standing_rows if self.results else []

    def get_table_kwargs(self) -> dict[str, Any]:
        return {"ended_early": self.night.ended_early}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        results = self.results
        if results is not None:
            proposals = results.proposals
            by_tie = {proposal.tie.pairs: proposal for proposal in proposals}
            context["ties"] = [
                {
                    "tie": tie,
                    "pairs": results.tie_names(tie),
                    "stake": say(tie.said) if tie.said else tie.stake,
                    "proposal": by_tie.get(tie.pairs),
                }
                for tie in results.summary.ranking.ties
            ]
            context["can_start"] = results.round_robin_done and any(p.games for p in proposals)
            context["playoff_table"] = PlayoffTable(results.playoffs)
        context["closings"] = selectors.night_closings(self.night)
        context["tiebreaks"] = Tiebreak.choices
        return context


class NightStandingsJson(PublicPage, NightPage):
    """The ``cinch-standings/1`` document, byte for byte what ``export_night`` prints;
    without its ``money`` section for a public that may not see money, and with it kept
    by no cache (as the pages of money are, ``PublicPage``)."""

    def get(self, request, pk):
        try:
            document = selectors.night_standings(self.night)
        except InvalidInput as invalid:
            lines = "".join(f"{problem}\n" for problem in invalid.problems)
            return HttpResponse(
                gettext("This night cannot be scored yet:") + f"\n{lines}",
                status=409,
                content_type="text/plain",
            )
        money = shown_to(request.user, MONEY)
        if not money:
            document = {key: value for key, value in document.items() if key != "money"}
        response = HttpResponse(dump_json(document), content_type="application/json")
        if money:
            add_never_cache_headers(response)
        return response


class NightPot(PublicPage, NightResultsPage):
    """The pot with the counts behind it, the prizes, every player's ledger, the checks."""

    kind = MONEY

    template_name = "scoring/results/night_pot.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        results = self.results
        if results is not None:
            prizes = [*results.places, *([results.booby] if results.booby else [])]
            kwargs["prize_table"] = PrizeTable(prizes)
            kwargs["ledger_table"] = RequestConfig(self.request, paginate=False).configure(
                LedgerTable(results.ledger)
            )
            kwargs.update(cash_context(self.request, self.night, results, kwargs))
        return super().get_context_data(**kwargs)


class NightAction(OneButton, DirectorRequiredMixin, NightPage):
    """A one-button change to the night: the service, a note, back to the standings."""

    service = None  # a ``services`` function taking ``night`` and ``user``; ``done(result)``
    # gives the note shown after it

    def service_kwargs(self) -> dict:
        return {}

    def change(self, user):
        return self.service(night=self.night, user=user, **self.service_kwargs())

    def done_note(self, result) -> str:
        return self.done(result)

    def back_url(self) -> str:
        return self.night_url("night-standings")


class PlayoffsStart(NightAction):
    service = staticmethod(services.playoffs_start)

    def done(self, games) -> str:
        listed = ", ".join(
            gettext("pair %(a)s v pair %(b)s") % {"a": game.pair_a, "b": game.pair_b}
            for game in games
        )
        return gettext("Play-offs started: %(games)s. Enter them on their game pages.") % {
            "games": listed
        }


class NightTiebreak(ConfirmFirst, NightAction):
    http_method_names = ["get", "post"]
    service = staticmethod(services.night_tiebreak_set)

    def confirmation(self) -> Confirmation:
        form = TiebreakForm(self.request.GET)
        chosen = form.cleaned_data["tiebreak"] if form.is_valid() else None
        if chosen is None or chosen == self.night.tiebreak:
            chosen = next(value for value in Tiebreak.values if value != self.night.tiebreak)
        now, then = Tiebreak(self.night.tiebreak).label.lower(), Tiebreak(chosen).label.lower()
        lost = [gettext("Ties broken by %(now)s: the places may change.") % {"now": now}]
        waiting = selectors.waiting_playoffs(self.night) if chosen == Tiebreak.PEGS else 0
        if waiting:
            lost.append(
                ngettext(
                    "%(count)s play-off not yet begun: "
                    "play-offs do not count under pegs, so they are removed.",
                    "%(count)s play-offs not yet begun: "
                    "play-offs do not count under pegs, so they are removed.",
                    waiting,
                )
                % {"count": waiting}
            )
        return Confirmation(
            title=gettext("Break ties by %(then)s instead?") % {"then": then},
            lost=lost,
            button=gettext("Break ties by %(then)s") % {"then": then},
            back=self.night_url("night-standings"),
            fields={"tiebreak": chosen},
            undo=gettext(
                "Switching back is one more click; removed play-offs stay in the history."
            ),
        )

    def service_kwargs(self) -> dict:
        form = TiebreakForm(self.request.POST)
        if not form.is_valid():
            raise ValidationError(gettext("Choose how ties are broken: play-off games or pegs."))
        self.tiebreak = form.cleaned_data["tiebreak"]
        return {"tiebreak": self.tiebreak}

    def done(self, removed: int) -> str:
        label = Tiebreak(self.tiebreak).label.lower()
        note = gettext("Ties are now broken by %(label)s.") % {"label": label}
        if removed:
            note += " " + ngettext(
                "%(count)s play-off not yet begun removed.",
                "%(count)s play-offs not yet begun removed.",
                removed,
            ) % {"count": removed}
        return note


class NightClose(NightAction):
    service = staticmethod(services.night_close)

    def done(self, night) -> str:
        return gettext("%(name)s is final: nothing changes now unless a director re-opens it.") % {
            "name": night.name
        }


class NightReopen(ConfirmFirst, NightAction):
    http_method_names = ["get", "post"]
    service = staticmethod(services.night_reopen)

    def confirmation(self) -> Confirmation:
        return Confirmation(
            title=gettext("Re-open %(name)s?") % {"name": self.night.name},
            lost=[
                gettext(
                    "The night's final mark: games and play-offs may be changed again, so the "
                    "standings and the payout sheet already printed may no longer match."
                )
            ],
            button=gettext("Re-open the night"),
            back=self.night_url("night-standings"),
            undo=gettext("Marking it final again is one click once nothing is left to settle."),
        )

    def done(self, night) -> str:
        return gettext("%(name)s is re-opened: games and play-offs may be changed again.") % {
            "name": night.name
        }


class NightEndEarly(ConfirmFirst, NightAction):
    """End the night now: first shows which games become void and what the standings
    and the payout become (the rules core's summary of the night ended early)."""

    http_method_names = ["get", "post"]
    service = staticmethod(services.night_end_early)

    def get(self, request, *args, **kwargs):
        try:
            self.preview = services.end_early_preview(self.night)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(self.night_url("night-standings"))
        return super().get(request, *args, **kwargs)

    def confirmation(self) -> Confirmation:
        summary = self.preview
        void = summary.night.void_games
        lost = [
            gettext("%(game)s: void, it counts for nobody and carries no fee")
            % {"game": void_game_words(game)}
            for game in void
        ] or [gettext("No game: every game is finished.")]
        return Confirmation(
            title=gettext("End %(name)s now?") % {"name": self.night.name},
            lost=lost,
            button=gettext("End the night now"),
            back=self.night_url("night-standings"),
            undo=gettext(
                "Re-opening the night is one click: the void games count again once finished."
            ),
            after=ranking_words(summary),
            after_title=gettext("The standings then rank by the share of finished games won:"),
        )

    def done(self, summary) -> str:
        count = len(summary.night.void_games)
        return ngettext(
            "%(name)s is ended: %(count)s game is void; pairs rank by share of games won.",
            "%(name)s is ended: %(count)s games are void; pairs rank by share of games won.",
            count,
        ) % {"name": self.night.name, "count": count}


def void_game_words(game) -> str:
    """``Round 3, table 2: pair 2 v pair 3``: a game of the rules core's night."""
    return gettext("Round %(round)s, table %(table)s: pair %(a)s v pair %(b)s") % {
        "round": game.round,
        "table": game.table,
        "a": game.pairs[0],
        "b": game.pairs[1],
    }


def ranking_words(summary) -> list[str]:
    """Each pair as the night ended early ranks it: won so many of so many, and its prize."""
    prizes = {prize.pair: prize for prize in summary.places}
    if summary.booby is not None:
        prizes[summary.booby.pair] = summary.booby
    lines = []
    for record in summary.ranking.records:
        line = gettext("%(rank)s. Pair %(pair)s (%(names)s): won %(wins)s of %(games)s") % {
            "rank": record.rank if record.rank is not None else gettext("withdrawn"),
            "pair": record.pair,
            "names": summary.pair_names(record.pair),
            "wins": record.wins,
            "games": record.wins + record.losses,
        }
        prize = prizes.get(record.pair)
        if prize is not None:
            line += " · " + f"{place_words(prize.place)} {shown_money(prize.amount)}"
        lines.append(line)
    lines += summary.blocked
    return lines


class NightEndEarlyUndo(ConfirmFirst, NightAction):
    http_method_names = ["get", "post"]
    service = staticmethod(services.night_end_early_undo)

    def confirmation(self) -> Confirmation:
        return Confirmation(
            title=gettext("Re-open %(name)s, ended early?") % {"name": self.night.name},
            lost=[
                gettext(
                    "The night's early end: the games not finished hold up the payout again "
                    "until they are played, and pairs rank by games won."
                )
            ],
            button=gettext("Re-open the night"),
            back=self.night_url("night-standings"),
            undo=gettext("Ending it early again is one more click."),
        )

    def done(self, night) -> str:
        return gettext("%(name)s is re-opened: the games not finished count once played.") % {
            "name": night.name
        }


class MemberList(PublicPage, SingleTableView):
    """Each member's record over every night played (paid and won among it)."""

    kind = MONEY

    template_name = "scoring/results/member_list.html"
    table_class = MemberTable
    table_pagination = False

    def get_queryset(self):
        return selectors.members_season()


night_standings = NightStandings.as_view()
night_standings_json = NightStandingsJson.as_view()
night_pot = NightPot.as_view()
night_playoffs_start = PlayoffsStart.as_view()
night_tiebreak = NightTiebreak.as_view()
night_close = NightClose.as_view()
night_reopen = NightReopen.as_view()
night_end_early = NightEndEarly.as_view()
night_end_early_undo = NightEndEarlyUndo.as_view()
member_list = MemberList.as_view()


class NightCashCount(ScorerRequiredMixin, NightPot):
    """POST a count: kept and back to the pot; refused, the pot page with the reasons."""

    http_method_names = ["post"]

    def post(self, request, pk):
        if self.results is None:
            messages.error(
                request, gettext("This night cannot be scored yet: there is no pot to count.")
            )
            return redirect(self.night_url("night-pot"))
        form = CashCountForm(request.POST, envelopes=selectors.envelopes(self.results.summary))
        if form.is_valid():
            try:
                count = services.cash_count_record(
                    night=self.night, user=request.user, **form.service_kwargs()
                )
            except (ValidationError, InvalidInput) as error:
                form.add_error(None, " ".join(getattr(error, "messages", [str(error)])))
            else:
                counted = shown_money(count.counted)
                messages.success(
                    request,
                    gettext("Cash counted %(counted)s: matches the pot.") % {"counted": counted}
                    if not count.difference
                    else gettext("Cash counted %(counted)s: %(gap)s.")
                    % {"counted": counted, "gap": cash_gap(count.difference)},
                )
                return redirect(self.night_url("night-pot") + "#cash")
        return self.render_to_response(self.get_context_data(cash_form=form))


night_cash = NightCashCount.as_view()
