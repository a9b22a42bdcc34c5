"""The pair cards handed out at the draw: a card a pair, cut apart, with the pair's
players, its itinerary ("Round 3: table 2 v pair 5, Dottie & Earl"; "Round 4: bye") and
its code for the night (``links.codes``: a QR code, the address, and the code alone to
type).

A pair's code enters and confirms that pair's results, so the cards are the staff's to
print and hand out, each card to its own pair: no public page prints them, and no cache
keeps them (``kept_sheets`` keys a sheet by what it shows, and these show keys). They
render on each request, in the night's language (or the one asked for), on the night's
paper. A final night's codes open nothing: its cards print no code, as the round's
table cards print none (``room.sheets``).
"""

from django.utils import translation
from django.utils.translation import gettext as _

from scoring.core.printing import renderer
from scoring.core.printing.parts import sheet_heading, sheet_language
from scoring.core.records import documents, pairs
from scoring.core.ui.qr import qr_print_image
from scoring.links.codes import code_url, night_codes, spoken_code
from scoring.nights import selectors as nights_selectors
from scoring.printing.sheets import pair_cards

TEMPLATE = "scoring/printing/pair_cards.html"


def pair_cards_context(night) -> dict:
    """Each pair's card: its itinerary and, while the night takes entries, its code."""
    seats = documents.night_seats(night)
    names = pairs.pair_names(seats)
    rounds = nights_selectors.pattern_rounds(documents.night_games(night), len(seats) // 2)
    cards = pair_cards(rounds, names)
    codes = {} if night.is_final else night_codes(night)
    for card in cards:
        code = codes.get(card["pair"])
        url = code_url(code) if code else None
        card.update(url=url, code=spoken_code(code.code) if code else None)
        card.update(qr=qr_print_image(url) if url else None)
    return {**sheet_heading(night, _("Pair cards")), "pair_cards": cards}


def pair_cards_pdf(night, *, paper: str, language: str | None = None) -> bytes:
    """The night's pair cards as PDF, rendered now (never kept)."""
    with translation.override(sheet_language(night, language)):
        return renderer.render_pdf(TEMPLATE, pair_cards_context(night), paper=paper)
