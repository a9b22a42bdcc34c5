"""The printed sheets on the web: each sheet as PDF, and as HTML for a quick look.

The packet and the standings are public like the pages; the payout sheet is the
treasurer's, for scorers and directors. Paper: ``?paper=a4`` or ``letter``, else the
night's setting; ``?filled=1`` fills the packet's score sheets with the hands entered.
"""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views import View

from scoring import sheets
from scoring.models import Night
from scoring.permissions import ScorerRequiredMixin
from scoring.printing import paper_or_default

PUBLIC_SHEETS = ("packet", "standings")


class SheetView(View):
    """A night's sheet (``sheet`` in the URL) as PDF, or as HTML when ``preview``."""

    preview = False

    def get(self, request, pk: int, sheet: str):
        night = get_object_or_404(Night, pk=pk)
        paper = paper_or_default(request.GET.get("paper") or night.paper)
        filled = request.GET.get("filled") == "1"
        if self.preview:
            return HttpResponse(sheets.sheet_html(night, sheet, paper=paper, filled=filled))
        response = HttpResponse(
            sheets.sheet_pdf(night, sheet, paper=paper, filled=filled),
            content_type="application/pdf",
        )
        response["Content-Disposition"] = f'inline; filename="night-{night.pk}-{sheet}.pdf"'
        return response


class PayoutSheetView(ScorerRequiredMixin, SheetView):
    """The payout sheet: who pays and who takes home what, with a line to sign."""


sheet_pdf = SheetView.as_view()
sheet_preview = SheetView.as_view(preview=True)
payout_pdf = PayoutSheetView.as_view()
payout_preview = PayoutSheetView.as_view(preview=True)
