"""``/p/<token>/``: the pair card's code. It sends the phone on to the game links' page
under the same token (``links.views``), which opens the pair's game of the moment
(``links.pairs``); a forged token is refused there, counted like a forged game link."""

from django.shortcuts import redirect


def pair_link(request, token):
    return redirect("scoring:table-link", token=token)
