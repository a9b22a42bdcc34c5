"""Who made a change: the service's ``user``, or the table link it came through, as the
author of its history rows."""

import functools
import re
import threading
from dataclasses import dataclass

from django.utils.translation import gettext
from simple_history.models import HistoricalRecords
from simple_history.signals import pre_create_historical_record

# How a table link is named in the history and the night file (``links.tokens``).
LINK_LABEL = re.compile(r"pair (\d+) \(table link\)")
# How a second scorer's device is named the same way (``links.scorers``).
DEVICE_LABEL = re.compile(r"scorer device «(.+)»")

_links = threading.local()  # the link a service is writing for, in this thread


class _Author:
    """Stands in for the request django-simple-history takes a change's user from."""

    def __init__(self, user):
        self.user = user


def _link_label(kwargs: dict) -> str:
    """The link a service was called for (``link=`` a ``TableLink``, or ``by=`` its label)."""
    link = kwargs.get("link")
    return link.label if link is not None else kwargs.get("by", "")


def audited(service):
    """Record the service's ``user`` as the author of every history row it writes; a
    write through a table link has no user, so its rows name the link instead
    (``history_change_reason``: ``pair 3 (table link)``).

    django-simple-history finds the user on the current request (its middleware), so
    without this the changes made by ``manage.py`` commands, the import and tests were
    recorded with no user although the service was told who made them.
    """

    @functools.wraps(service)
    def recorded(*args, user=None, **kwargs):
        context = HistoricalRecords.context
        outer = getattr(context, "request", None)
        outer_link = getattr(_links, "label", "")
        if user is not None:
            context.request = _Author(user)
        else:
            _links.label = _link_label(kwargs) or outer_link
        try:
            return service(*args, user=user, **kwargs)
        finally:
            _links.label = outer_link
            if outer is not None:
                context.request = outer
            elif hasattr(context, "request"):
                del context.request

    return recorded


def _name_the_link(sender, history_instance, **kwargs) -> None:
    """A row written with no user for a table link says which link (the audit's "who")."""
    label = getattr(_links, "label", "")
    if label and history_instance.history_user_id is None:
        history_instance.history_change_reason = history_instance.history_change_reason or label


pre_create_historical_record.connect(_name_the_link, dispatch_uid="scoring.link-authors")


def device_label(name: str) -> str:
    """A scorer device's label, kept in English like a table link's: ``scorer device
    «Scorer 2»``."""
    return f"scorer device «{name}»"


def label_words(label: str) -> str:
    """An author ``label`` in the page's language: a table link's stored label (``pair 3
    (table link)``, kept in English in the history and the night file) translated, a
    sign-in name as it is, and any ``": "`` and words after it (a dispute) kept."""
    head, colon, rest = label.partition(": ")
    link = LINK_LABEL.fullmatch(head)
    if link is not None:
        return gettext("pair %(pair)s (table link)") % {"pair": link[1]} + colon + rest
    device = DEVICE_LABEL.fullmatch(head)
    if device is not None:
        return gettext("scorer device «%(name)s»") % {"name": device[1]} + colon + rest
    return label


@dataclass(frozen=True)
class Author:
    """Who entered a result, as the confirmation checks it: a pair (through its code or a
    game link), a scorer device or a login, with ``label``, how pages and the night file
    name them, and ``browser``, the phone's device id (``links.devices``) if a phone."""

    label: str = ""
    pair: int | None = None
    device_id: int | None = None
    user_id: int | None = None
    browser: str = ""

    @classmethod
    def of_user(cls, user) -> "Author":
        if user is None:
            return cls()
        return cls(label=user_label(user), user_id=user.pk)


def user_label(user) -> str:
    """How a login is named on the board, in the history and the night file."""
    return user.get_username() if user is not None else ""


def entered_by(game, author: Author) -> bool:
    """Whether ``author`` entered ``game``'s result awaiting confirmation: the same pair,
    scorer device or login, read from the stored fields, never from their words."""
    if author.pair is not None:
        return game.entered_pair == author.pair
    if author.device_id is not None:
        return game.entered_device_id == author.device_id
    return author.user_id is not None and game.entered_user_id == author.user_id
