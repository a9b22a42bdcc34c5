"""Lists in a sentence as the page's language writes them: items set apart by "; " (French
puts a space before the semicolon), and names "Ann, Bob, Cy and Ed" / « Ann, Bob, Cy et Ed »."""

from django.utils.text import get_text_list
from django.utils.translation import gettext, pgettext


def separated(items) -> str:
    """``a; b`` / ``a ; b`` (a non-breaking space before the semicolon in French)."""
    # Translators: what sets apart the items of a list in a sentence; French: " ; ".
    return pgettext("between the items of a list", "; ").join(str(item) for item in items)


def names_and(names) -> str:
    """``Ann, Bob, Cy and Ed`` / ``Ann, Bob, Cy et Ed``."""
    # Translators: the word before the last name of a list: "Ann, Bob and Cy".
    return get_text_list([str(name) for name in names], gettext("and"))


def scores_words(scores) -> str:
    """``9 v 5`` / ``9 à 5``: two scores or points side by side; three or more (a table's
    players) ``3, 33, 23``."""
    scores = [str(score) for score in scores]
    if len(scores) != 2:
        return ", ".join(scores)
    # Translators: between two scores side by side, "9 v 5"; French: " à ".
    return pgettext("between scores", " v ").join(scores)
