"""``{{ amount|money }}``: money as the documents print it ("2.00"), never a float."""

from decimal import Decimal

from django import template

from scoring.rules.night import money_text

register = template.Library()


@register.filter
def money(amount) -> str:
    if amount is None or amount == "":
        return ""
    return money_text(Decimal(amount))
