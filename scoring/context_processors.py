"""The user's roles for every template: ``is_director`` and ``is_scorer``.

``is_scorer`` is handed over uncalled: the template calls it only on pages that ask, so a
page without scorer buttons costs no query for it.
"""

from functools import partial

from scoring.permissions import is_director, is_scorer


def roles(request) -> dict:
    return {"is_director": is_director(request.user), "is_scorer": partial(is_scorer, request.user)}
