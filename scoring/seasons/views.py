"""Seasons on the web: the list, a director's form, the ladder page (CSV too) and its
printed sheet.

The ladder is public like the standings (it shows no money). Figures come from
``selectors.season_ladder`` (the rules core's ladder over the nights' kept standings).
"""

from functools import cached_property
from typing import Any

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.generic import CreateView, ListView, TemplateView, UpdateView, View
from django_tables2 import SingleTableMixin
from django_tables2.export import ExportMixin

from scoring.core.http.permissions import DirectorRequiredMixin, PublicPage
from scoring.core.printing.pages import pdf_response, print_language
from scoring.core.printing.renderer import paper_or_default
from scoring.core.ui.tables import CsvExport
from scoring.models import Season
from scoring.seasons import selectors, services, sheets
from scoring.seasons.forms import SeasonForm
from scoring.seasons.tables import LadderTable


class SeasonList(PublicPage, ListView):
    template_name = "scoring/seasons/season_list.html"
    context_object_name = "seasons"

    def get_queryset(self):
        return Season.objects.order_by("-first_date", "-id")


class SeasonWrite(DirectorRequiredMixin):
    """A director names a season (or changes it); the service saves it."""

    model = Season
    form_class = SeasonForm
    template_name = "scoring/seasons/season_form.html"

    def form_valid(self, form):
        season = services.season_save(form=form, user=self.request.user)
        messages.success(self.request, gettext("%(name)s saved.") % {"name": season.name})
        return redirect("scoring:season-detail", pk=season.pk)


class SeasonCreate(SeasonWrite, CreateView):
    pass


class SeasonEdit(SeasonWrite, UpdateView):
    pass


class SeasonDetail(PublicPage, ExportMixin, SingleTableMixin, TemplateView):
    """The ladder, sortable, with each player's points night by night; the CSV."""

    template_name = "scoring/seasons/season_detail.html"
    table_class = LadderTable
    table_pagination = False
    export_class = CsvExport

    @cached_property
    def season(self) -> Season:
        return get_object_or_404(Season, pk=self.kwargs["pk"])

    @cached_property
    def ladder(self) -> selectors.SeasonLadder:
        return selectors.season_ladder(self.season)

    def get_export_filename(self, export_format: str) -> str:
        return f"{slugify(self.season.name) or 'season'}-ladder.{export_format}"

    def get_table_data(self):
        return self.ladder.rows

    def get_table_kwargs(self) -> dict:
        return {"nights": self.ladder.nights, "provisional": self.ladder.provisional}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(
            season=self.season,
            ladder=self.ladder,
            sheets=print_language(self.request),
            **kwargs,
        )


class SeasonLadderPdf(PublicPage, View):
    """The printed ladder (``?paper=a4`` or ``letter``; ``?language=fr``, else the club's)."""

    def get(self, request, pk: int):
        season = get_object_or_404(Season, pk=pk)
        paper = paper_or_default(request.GET.get("paper"))
        pdf = sheets.ladder_sheet_pdf(season, paper, request.GET.get("language"))
        return pdf_response(pdf, f"season-{season.pk}-ladder.pdf")


season_list = SeasonList.as_view()
season_create = SeasonCreate.as_view()
season_edit = SeasonEdit.as_view()
season_detail = SeasonDetail.as_view()
season_ladder_pdf = SeasonLadderPdf.as_view()
