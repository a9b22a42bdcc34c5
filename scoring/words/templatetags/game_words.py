"""``{{ card.label|game_word }}``, ``{{ variant.name|game_word }}``: a name the rules core
gives in English (a scoring card, a variant, a variant's summary) as the page's or sheet's
language says it: ``Pedro droit``, ``Cinch en 51``. The names reach the catalogue from
the rules core (``gettext_noop``). A name the catalogue lacks stays as it is."""

from django import template
from django.utils.translation import gettext

register = template.Library()


@register.filter
def game_word(name) -> str:
    return gettext(str(name))
