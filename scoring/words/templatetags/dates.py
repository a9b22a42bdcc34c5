"""``{{ night.date|day }}`` and ``{{ entry.when|day_time }}``: one way per language
(``scoring.words.dates``)."""

from django import template

from scoring.words.dates import spoken_date, spoken_time

register = template.Library()


@register.filter
def day(value) -> str:
    return spoken_date(value) if value else ""


@register.filter
def day_time(value) -> str:
    return spoken_time(value) if value else ""
