"""``{{ night.date|day }}``, ``{{ entry.when|day_time }}`` and ``{{ game.changed|clock }}``:
one way per language (``scoring.words.dates``)."""

from django import template

from scoring.words.dates import clock_time, spoken_date, spoken_time

register = template.Library()


@register.filter
def day(value) -> str:
    return spoken_date(value) if value else ""


@register.filter
def day_time(value) -> str:
    return spoken_time(value) if value else ""


@register.filter
def clock(value) -> str:
    return clock_time(value) if value else ""
