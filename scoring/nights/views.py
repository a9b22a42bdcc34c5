"""The nights on the web: the list, a new night (typed or imported from a night file),
its page, the draw and its swaps, the schedule, the night file, and a director's edits,
deletion and archiving. Thin: a form converts, one ``nights.services`` write or one
``nights.selectors`` read, a template renders.
"""

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext
from django.views.generic import FormView
from django_tables2 import SingleTableView

from scoring.core.http.permissions import (
    MONEY,
    DirectorRequiredMixin,
    PublicPage,
    is_director,
)
from scoring.core.printing.pages import print_language
from scoring.core.records import documents, errors, kept_summaries, outbox
from scoring.core.records import pairs as core_pairs
from scoring.core.ui.confirm import Confirmation, ConfirmFirst
from scoring.core.ui.forms import ImportForm
from scoring.core.ui.views import NightPage, already_done, by_method
from scoring.games import audit
from scoring.games.tables import PlayoffTable
from scoring.links import scorers
from scoring.links.forms import ScorerDeviceForm
from scoring.nights import selectors, services
from scoring.nights.forms import (
    DrawForm,
    NightEditForm,
    NightForm,
    SwapForm,
    seating,
    split_percent,
)
from scoring.nights.tables import NightTable, PairTable, PatternTable, SeatTable
from scoring.rules import all_variants
from scoring.rules.jsonio import dump_json
from scoring.tablegames import selectors as tablegames_selectors
from scoring.words.elision import with_names
from scoring.words.lists import separated
from scoring.words.mail import mail_counts_words

NIGHTS_PER_PAGE = 25  # a half-year of weekly nights; older ones on the next pages


class HomeView(PublicPage, SingleTableView):
    """The nights, newest first, and the variants the rules core scores."""

    template_name = "scoring/nights/home.html"
    table_class = NightTable
    table_pagination = {"per_page": NIGHTS_PER_PAGE}

    def get_queryset(self):
        return selectors.nights_list().select_related("kept_summary")

    def get_table(self, **kwargs):
        """The page's nights with their kept standings (the winners column)."""
        table = super().get_table(**kwargs)
        kept_summaries.freshen([row.record for row in table.page.object_list])
        return table

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(variants=all_variants(), **kwargs)


class NightDetailView(PublicPage, NightPage):
    template_name = "scoring/nights/night_detail.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        overview = selectors.night_overview(self.night)
        gone = {entry["pair"]: entry["from_round"] for entry in self.night.withdrawn}
        pairs = [
            {
                "pair": pair,
                "players": name
                + (
                    gettext(" (withdrawn from round %(round)s)") % {"round": gone[pair]}
                    if pair in gone
                    else ""
                ),
            }
            for pair, name in overview.names.items()
        ]
        return super().get_context_data(
            night=self.night,
            money=documents.money_data(self.night),
            split_percent=split_percent(self.night.split),
            overview=overview,
            pair_table=PairTable(pairs),
            draw_said=selectors.draw_said(self.night, overview.seats),
            pattern_table=PatternTable(overview.rounds, tables_used=overview.tables),
            playoff_table=PlayoffTable(overview.playoffs),
            tables=tablegames_selectors.night_tables(self.night),
            sheets=print_language(self.request, self.night),
            **self.scorer_devices(),
            **self.mail(),
            **kwargs,
        )

    def mail(self) -> dict[str, Any]:
        """The director's line of the night's e-mails to its players (``scoring.mail``):
        how many are to send, sent, refused by the server."""
        if not is_director(self.request.user):
            return {}
        counts = outbox.night_mail_counts(self.night)
        words = mail_counts_words(counts.to_send, counts.sent, counts.refused)
        return {"mail": counts, "mail_words": words}

    def render_to_response(self, context, **kwargs):
        """A director's page holds the scorer devices' codes: no browser or proxy keeps
        it once the director has logged out of the club's laptop."""
        response = super().render_to_response(context, **kwargs)
        if "device_form" in context:
            add_never_cache_headers(response)
        return response

    def scorer_devices(self) -> dict[str, Any]:
        """The director's part of the page for a second scorer's phone (``links.scorers``):
        each device still good with its code, and the form adding one."""
        if not is_director(self.request.user) or self.night.is_final:
            return {}
        devices = [
            {
                "device": device,
                "url": scorers.device_url(device),
                "qr": scorers.device_qr(device),
                "qr_words": with_names(gettext("QR code of %(name)s"), {"name": device.name}),
            }
            for device in scorers.night_devices(self.night)
        ]
        return {"scorer_devices": devices, "device_form": ScorerDeviceForm(night=self.night)}


class NightDrawPage(PublicPage, NightPage):
    """The draw, number → name → pair; directors also draw and swap here."""

    template_name = "scoring/nights/night_draw.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        seats = documents.night_seats(self.night)
        kwargs.setdefault("swap_form", SwapForm(seats=seats))
        overview = selectors.night_overview(self.night)
        return super().get_context_data(
            night=self.night,
            seat_table=SeatTable(seats),
            started=overview.started,
            scheduled=bool(overview.rounds),
            draw_form=DrawForm() if selectors.in_a_season(self.night) else None,
            draw_said=selectors.draw_said(self.night, seats),
            **kwargs,
        )


class NightDraw(DirectorRequiredMixin, NightPage):
    def post(self, request, pk):
        form = DrawForm(request.POST)
        form.is_valid()
        try:
            services.night_draw(night=self.night, user=request.user, new_partners=form.new_partners)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, gettext("Numbers drawn"))
        return redirect(self.night_url("night-draw"))


class NightDrawAgain(ConfirmFirst, NightDraw):
    """Drawing again once the numbers are out: asks first, as the pairs change."""

    def confirmation(self) -> Confirmation:
        names = core_pairs.pair_names(documents.night_seats(self.night))
        pairs = separated(
            gettext("pair %(pair)s: %(players)s") % {"pair": pair, "players": players}
            for pair, players in names.items()
        )
        lost = [gettext("The pairs as drawn now (%(pairs)s).") % {"pairs": pairs}]
        if selectors.night_overview(self.night).rounds:
            lost.append(gettext("The schedule made from them: make it again after the draw."))
            lost.append(
                gettext(
                    "The table links printed or shown so far: they stop working; print the "
                    "round's table cards again."
                )
            )
        return Confirmation(
            title=gettext("Draw the numbers again?"),
            lost=lost,
            button=gettext("Draw again"),
            back=self.night_url("night-draw"),
            undo=gettext("The old draw stays in the night's history; swaps can put numbers back."),
            **self.partners_asked(),
        )

    def partners_asked(self) -> dict[str, Any]:
        """The draw page's choice of partners, carried to the button that draws again."""
        if not selectors.in_a_season(self.night):
            return {}
        form = DrawForm(self.request.GET)
        form.is_valid()
        choice, said = form.chosen
        return {
            "fields": {"partners": choice},
            "after_title": gettext("The numbers will be dealt:"),
            "after": [said],
        }


class NightSwap(DirectorRequiredMixin, NightDrawPage):
    http_method_names = ["post"]

    def post(self, request, pk):
        form = SwapForm(request.POST, seats=documents.night_seats(self.night))
        if form.is_valid():
            first, second = form.cleaned_data["first"], form.cleaned_data["second"]
            try:
                services.seats_swap(
                    night=self.night,
                    first=first,
                    second=second,
                    seating=form.cleaned_data["seating"],
                    user=request.user,
                )
            except errors.AlreadyDone as done:
                return already_done(request, done, self.night_url("night-draw"))
            except ValidationError as error:
                form = self.fresh_swap_form(request.POST)
                form.add_error(None, error)
            else:
                messages.success(
                    request,
                    gettext("Numbers %(first)s and %(second)s swapped")
                    % {"first": first, "second": second},
                )
                return redirect(self.night_url("night-draw"))
        return self.render_to_response(self.get_context_data(swap_form=form))

    def fresh_swap_form(self, posted) -> SwapForm:
        """The posted swap again, on the draw as it is now: the director may resend it."""
        seats = documents.night_seats(self.night)
        data = posted.copy()
        data["seating"] = seating(seats)
        form = SwapForm(data, seats=seats)
        form.is_valid()
        return form


class NightSchedule(ConfirmFirst, DirectorRequiredMixin, NightPage):
    """Make the pattern table's games; making them again asks first."""

    def confirmation(self) -> Confirmation:
        games = len(selectors.night_overview(self.night).games)
        lost = (
            [
                ngettext(
                    "The %(games)s game of the pattern table as it is: pairs may meet at "
                    "other tables and rounds, and score sheets already printed no longer match.",
                    "The %(games)s games of the pattern table as they are: pairs may meet at "
                    "other tables and rounds, and score sheets already printed no longer match.",
                    games,
                )
                % {"games": games}
            ]
            if games
            else [gettext("Nothing: no schedule has been made yet.")]
        )
        return Confirmation(
            title=gettext("Make the schedule again?") if games else gettext("Make the schedule?"),
            lost=lost,
            button=gettext("Make the schedule"),
            back=self.night_url(),
            undo=gettext("No game has been played yet, so no hand or result is lost."),
        )

    def post(self, request, pk):
        try:
            games = services.night_schedule(night=self.night, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request,
                ngettext(
                    "Schedule made: %(count)s game", "Schedule made: %(count)s games", len(games)
                )
                % {"count": len(games)},
            )
        return redirect(self.night_url())


class NightFile(PublicPage, NightPage):
    """The night as a ``cinch-night/1`` file, every hand as entered (its money too)."""

    kind = MONEY

    def get(self, request, pk):
        document = audit.night_file_for(
            audit.Reader.of(request.user), documents.night_file(self.night)
        )
        response = HttpResponse(dump_json(document), content_type="application/json")
        filename = f"{self.night.date:%Y-%m-%d}-{slugify(self.night.name) or 'night'}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class NightCreate(DirectorRequiredMixin, FormView):
    template_name = "scoring/nights/night_form.html"
    form_class = NightForm

    def form_valid(self, form):
        try:
            night = services.night_create(user=self.request.user, **form.night_settings())
        except errors.AlreadyDone as done:
            return already_done(
                self.request, done, reverse("scoring:night-draw", args=[done.done.pk])
            )
        messages.success(self.request, gettext("Night created: draw the numbers next"))
        return redirect("scoring:night-draw", pk=night.pk)


class NightImport(DirectorRequiredMixin, FormView):
    template_name = "scoring/nights/night_import.html"
    form_class = ImportForm

    def form_valid(self, form):
        token, again = form.cleaned_data["token"], form.cleaned_data["again"]
        # A second post of the same form is the service's (AlreadyDone), not a twin.
        asks = not again and not selectors.made_by_form(token)
        twin = selectors.night_like(form.document) if asks else None
        if twin is not None:
            # Asks first: the same night twice would count twice in the season.
            form.fields["again"].widget = forms.CheckboxInput()
            return self.render_to_response(self.get_context_data(form=form, twin=twin))
        try:
            night = services.night_import(
                document=form.document, user=self.request.user, token=form.cleaned_data["token"]
            )
        except errors.AlreadyDone as done:
            return already_done(
                self.request, done, reverse("scoring:night-detail", args=[done.done.pk])
            )
        except errors.NightFileRefused as refused:
            form.add_error("file", refused.spoken())
            return self.form_invalid(form)
        messages.success(self.request, gettext("Night imported: %(name)s") % {"name": night.name})
        return redirect("scoring:night-detail", pk=night.pk)


class NightEdit(DirectorRequiredMixin, NightPage, FormView):
    template_name = "scoring/nights/night_edit.html"
    form_class = NightEditForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "instance": self.night}

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            night=self.night, has_finished_game=services.has_finished_game(self.night), **kwargs
        )

    def form_valid(self, form):
        try:
            services.night_edit(night=self.night, user=self.request.user, **form.changes())
        except ValidationError as error:
            form.add_error(None, error)
            return self.form_invalid(form)
        messages.success(self.request, gettext("Night settings saved"))
        return redirect(self.night_url())


class NightDelete(ConfirmFirst, DirectorRequiredMixin, NightPage):
    def confirmation(self) -> Confirmation:
        return Confirmation(
            title=gettext("Delete %(name)s?") % {"name": self.night.name},
            lost=[
                gettext(
                    "The night, its players' seats and its schedule (no game of it has finished)."
                )
            ],
            button=gettext("Delete the night"),
            back=self.night_url("night-edit"),
            undo=gettext("The members stay; the night's rows stay in the history for the admin."),
        )

    def post(self, request, pk):
        try:
            services.night_delete(night=self.night, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(self.night_url("night-edit"))
        messages.success(request, gettext("%(name)s deleted") % {"name": self.night.name})
        return redirect("scoring:home")


class NightArchive(ConfirmFirst, DirectorRequiredMixin, NightPage):
    def confirmation(self) -> Confirmation:
        hiding = not self.night.archived
        name = {"name": self.night.name}
        return Confirmation(
            title=(gettext("Archive %(name)s?") if hiding else gettext("Show again %(name)s?"))
            % name,
            lost=[
                gettext(
                    "Its place in the list of nights (the night, its games and its money stay, "
                    "and count in the members' season)."
                )
                if hiding
                else gettext("Nothing: the night shows in the list of nights again.")
            ],
            button=gettext("Archive the night") if hiding else gettext("Show the night again"),
            back=self.night_url("night-edit"),
            undo=gettext("An archived night is shown again from its own page."),
        )

    def post(self, request, pk):
        hiding = not self.night.archived
        services.night_archive(night=self.night, archived=hiding, user=request.user)
        done = (
            gettext("%(name)s archived") if hiding else gettext("%(name)s shown in the list again")
        )
        messages.success(request, done % {"name": self.night.name})
        return redirect(reverse("scoring:night-detail", args=[self.night.pk]))


home = HomeView.as_view()
night_create = NightCreate.as_view()
night_import = NightImport.as_view()
night_detail = NightDetailView.as_view()
night_draw = by_method(get=NightDrawPage.as_view(), post=NightDraw.as_view())
night_draw_again = NightDrawAgain.as_view()
night_swap = NightSwap.as_view()
night_schedule = NightSchedule.as_view()
night_file = NightFile.as_view()
night_edit = NightEdit.as_view()
night_delete = NightDelete.as_view()
night_archive = NightArchive.as_view()
