"""The pair links' pages: ``/p/<token>/``, the pair card's code, and the director's page
of the night's pair cards with those codes, to print and cut at the draw.

``/p/<token>/`` sends the phone on to the game links' page under the same token
(``links.views``), which opens the pair's game of the moment (``links.pairs``); a forged
token is refused there, counted like a forged game link. The cards' page is a
director's alone: a pair's code is printed only on the card that pair holds.
"""

import segno
from django.utils.decorators import method_decorator
from django.views.decorators.cache import never_cache
from django.views.generic import RedirectView

from scoring.core import pairs as core_pairs
from scoring.core.permissions import DirectorRequiredMixin
from scoring.core.views import NightPage
from scoring.links.pairs import pair_link_url
from scoring.nights import selectors as nights_selectors


class PairLink(RedirectView):
    """The code's address, sent on to the game links' page under the same token."""

    pattern_name = "scoring:table-link"


@method_decorator(never_cache, name="dispatch")
class PairCodes(DirectorRequiredMixin, NightPage):
    """Each pair's card with its code (a QR code and the address), one to cut a pair."""

    template_name = "scoring/links/pair_codes.html"

    def get_context_data(self, **kwargs):
        names = core_pairs.pair_names(nights_selectors.night_seats(self.night))
        scheduled = self.night.games.exists()
        cards = []
        for pair in sorted(names) if scheduled else []:
            url = pair_link_url(self.night, pair)
            qr = segno.make(url, error="m").svg_data_uri(scale=3, border=2)
            cards.append({"pair": pair, "names": names[pair], "url": url, "qr": qr})
        return super().get_context_data(night=self.night, cards=cards, **kwargs)


pair_link = PairLink.as_view()
pair_codes = PairCodes.as_view()
