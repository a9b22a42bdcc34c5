"""``{{ score|minus }}``: a score below zero with the minus sign (``scoring.words.numbers``)."""

from django import template

from scoring.words import numbers

register = template.Library()


@register.filter
def minus(value) -> str:
    return numbers.minus(value)
