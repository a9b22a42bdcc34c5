"""``{{ card.label|game_word }}``, ``{{ variant.name|game_word }}``: a name the rules core
gives in English (a scoring card, a variant, a variant's summary) as the page's or sheet's
language says it: ``Pedro droit``, ``Cinch en 51``. The cards' names and the variants'
summaries reach the catalogue from the rules core (``gettext_noop``); the variants' names
from here. A name the catalogue lacks stays as it is."""

from django import template
from django.utils.translation import gettext, gettext_noop

register = template.Library()

VARIANT_NAMES = (
    gettext_noop("Club Cinch to 11"),
    gettext_noop("Chicago Cinch to 42"),
    gettext_noop("Cinch to 51"),
    gettext_noop("Razzle-Dazzle Cinch"),
)


@register.filter
def game_word(name) -> str:
    return gettext(str(name))
