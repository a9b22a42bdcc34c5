"""The pair links' page: ``/p/<token>/``, the code on the pair's card (printed with the
pair cards, ``printing.pair_cards``).

``/p/<token>/`` sends the phone on to the game links' page under the same token
(``links.views``), which opens the pair's game of the moment (``links.pairs``); a forged
token is refused there, counted like a forged game link.
"""

from django.views.generic import RedirectView


class PairLink(RedirectView):
    """The code's address, sent on to the game links' page under the same token."""

    pattern_name = "scoring:table-link"


pair_link = PairLink.as_view()
