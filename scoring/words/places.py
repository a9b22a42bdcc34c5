"""A prize's place as the page's language says it (``1st place`` / ``1re place``), where
the rules core's ``PrizeShare.words`` is English; and the booby prize."""

from django.utils.translation import gettext, pgettext


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … / ``1re``, ``2e`` … (a place is feminine)."""
    special = {
        1: pgettext("place", "1st"),
        2: pgettext("place", "2nd"),
        3: pgettext("place", "3rd"),
    }
    return special.get(place) or pgettext("place", "%(place)sth") % {"place": place}


def place_words(place: int | None) -> str:
    """``1st place`` for a place, ``Booby prize`` for ``None``."""
    if place is None:
        return gettext("Booby prize")
    return gettext("%(ordinal)s place") % {"ordinal": ordinal(place)}
