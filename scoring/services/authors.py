"""Who made a change: the service's ``user`` as the author of its history rows."""

import functools

from simple_history.models import HistoricalRecords


class _Author:
    """Stands in for the request django-simple-history takes a change's user from."""

    def __init__(self, user):
        self.user = user


def audited(service):
    """Record the service's ``user`` as the author of every history row it writes.

    django-simple-history finds the user on the current request (its middleware), so
    without this the changes made by ``manage.py`` commands, the import and tests were
    recorded with no user although the service was told who made them.
    """

    @functools.wraps(service)
    def recorded(*args, user=None, **kwargs):
        context = HistoricalRecords.context
        outer = getattr(context, "request", None)
        if user is not None:
            context.request = _Author(user)
        try:
            return service(*args, user=user, **kwargs)
        finally:
            if outer is not None:
                context.request = outer
            elif hasattr(context, "request"):
                del context.request

    return recorded
