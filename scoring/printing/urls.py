"""A night's printed sheets, PDF and preview."""

from django.urls import re_path

from scoring.printing import views

# A night's number: at most 18 digits, as scoring.rules.digits reads one, so a longer one
# finds no URL (404) instead of reaching a lookup that ``int`` refuses (a server error).
NIGHT = r"^nights/(?P<pk>[0-9]{1,18})"
PUBLIC_SHEET = NIGHT + r"/sheets/(?P<sheet>standings)"
# Sheets for scorers only: the payouts, and the sheets the room's staff hand out (the
# packet, the play-off sheets, the seating cards; the pair cards, ``night-pair-cards``).
SCORERS_SHEET = NIGHT + r"/sheets/(?P<sheet>packet|playoffs|tables|payouts)"

urlpatterns = [
    # The pair cards carry each pair's code: for the staff, rendered for each request.
    re_path(NIGHT + r"/sheets/pairs\.pdf$", views.pair_cards, name="night-pair-cards"),
    re_path(PUBLIC_SHEET + r"\.pdf$", views.sheet_pdf, name="night-sheet"),
    re_path(PUBLIC_SHEET + r"/$", views.sheet_preview, name="night-sheet-preview"),
    re_path(SCORERS_SHEET + r"\.pdf$", views.scorers_pdf, name="night-scorers-sheet"),
    re_path(SCORERS_SHEET + r"/$", views.scorers_preview, name="night-scorers-sheet-preview"),
]
