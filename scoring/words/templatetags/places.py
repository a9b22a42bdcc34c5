"""``{{ share.place|place_words }}``: a prize's place as the page's language says it
(``1st place`` / ``1re place``; ``scoring.words.places``)."""

from django import template

from scoring.words import places

register = template.Library()


@register.filter
def place_words(place: int | None) -> str:
    return places.place_words(place)
