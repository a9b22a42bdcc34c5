"""The user's roles for every template: ``is_director``, ``is_scorer``, and ``sees_money``
(whether the club's ``PUBLIC_PAGES`` lets this visitor see the pot and the ledger).

``is_scorer`` is handed over uncalled: the template calls it only on pages that ask, so a
page without scorer buttons costs no query for it.
"""

from functools import partial

from scoring.core.http.permissions import MONEY, is_director, is_scorer, shown_to
from scoring.core.http.text_size import large_print
from scoring.models import club_setting


def roles(request) -> dict:
    return {
        "currency": club_setting("CURRENCY_SIGN"),
        "club": getattr(request, "club", None),
        "large_print": large_print(request),
        "is_director": is_director(request.user),
        "is_scorer": partial(is_scorer, request.user),
        "sees_money": shown_to(request.user, MONEY),
    }
