"""``{{ game.dispute|author_words }}``: who did something, as stored (a sign-in name or a
table link's English label, maybe followed by ``": "`` and words), in the page's language
(``core.records.authors.label_words``): ``paire 3 (lien de table) : …``."""

from django import template

from scoring.core.records.authors import label_words

register = template.Library()


@register.filter
def author_words(label) -> str:
    return label_words(str(label or ""))
