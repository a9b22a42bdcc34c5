"""The printed sheets on the web: each sheet as PDF, and as HTML for a quick look.

The standings are public like the pages; the packet, the seating cards and the payout
sheet are the scorers' and directors', and no browser or proxy may keep a copy of them.
The pair cards carry each pair's code: the director's alone, and rendered for each
request (``pair_cards``), never kept.
Paper: ``?paper=a4`` or ``letter``, else the night's setting; ``?filled=1`` fills the
packet's score sheets with the hands entered; ``?language=fr`` prints in that language,
else the night's (``Night.language``), whatever the screen's. A PDF or a preview comes
from ``kept_sheets``: at once when it is kept or small, else a page that says it is being
prepared and reloads itself (in the screen's language), or that the client asked for
too many sheets lately (429).
"""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from scoring.core.http.permissions import DirectorRequiredMixin, PublicPage, ScorerRequiredMixin
from scoring.core.printing.pages import pdf_response, sheet_answer
from scoring.core.printing.renderer import paper_or_default
from scoring.core.ui.views import NightPage
from scoring.models import Night
from scoring.printing import night_sheets
from scoring.printing.pair_cards import pair_cards_pdf

NAMES = {
    "packet": gettext_lazy("night packet"),
    "playoffs": gettext_lazy("play-off score sheets"),
    "tables": gettext_lazy("table cards"),
    "standings": gettext_lazy("standings"),
    "payouts": gettext_lazy("payout sheet"),
}


class SheetView(PublicPage, View):
    """A night's sheet (``sheet`` in the URL) as PDF, or as HTML when ``preview``."""

    preview = False

    def get(self, request, pk: int, sheet: str):
        night = get_object_or_404(Night, pk=pk)
        asked = night_sheets.night_sheet(
            night,
            sheet,
            paper=paper_or_default(request.GET.get("paper") or night.paper),
            filled=request.GET.get("filled") == "1",
            language=request.GET.get("language"),
        )
        url = reverse("scoring:night-detail", args=[night.pk])
        place = {
            "title": night.name,
            "sheet": NAMES[sheet],
            "crumbs": [(reverse("scoring:home"), _("Nights")), (url, night.name)],
            "back": {"url": url, "words": _("Back to the night")},
        }
        filename = f"night-{night.pk}-{sheet}.pdf"
        return sheet_answer(request, asked, filename, place, preview=self.preview)


class ScorersSheetView(ScorerRequiredMixin, SheetView):
    """A sheet for the scorers' hands only: the payouts (who takes home what, with a line
    to sign), and the packet, play-off sheets and table cards the room's staff hand out
    (none prints a code: the round's table cards, ``room.sheets``, and the pair cards,
    ``PairCardsView``, do)."""

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        patch_cache_control(response, private=True, no_store=True)
        return response


class PairCardsView(DirectorRequiredMixin, NightPage):
    """The pair cards, each with its pair's code, as PDF: for the director, who hands each
    card to its pair at the draw (as the round's table cards, ``room.sheets``), rendered
    now and kept by nobody (``private, no-store``)."""

    def get(self, request, pk: int):
        pdf = pair_cards_pdf(
            self.night,
            paper=paper_or_default(request.GET.get("paper") or self.night.paper),
            language=request.GET.get("language"),
        )
        return pdf_response(pdf, f"night-{self.night.pk}-pairs.pdf", secret=True)


sheet_pdf = SheetView.as_view()
sheet_preview = SheetView.as_view(preview=True)
scorers_pdf = ScorersSheetView.as_view()
scorers_preview = ScorersSheetView.as_view(preview=True)
pair_cards = PairCardsView.as_view()
