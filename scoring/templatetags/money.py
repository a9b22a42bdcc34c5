"""``{{ amount|money }}``: money as people read it, with the club's currency sign
(``$2.00``, ``-$0.50``; ``CINCH_CURRENCY_SIGN``), exact as the documents print it, never a
float. Files (CSV, the night documents) carry the bare amount (``money_text``)."""

from decimal import Decimal

from django import template
from django.conf import settings

from scoring.rules.night import money_text

register = template.Library()


def shown_money(amount) -> str:
    """An amount with the currency sign in front, the minus before it."""
    amount = Decimal(amount)
    sign = "-" if amount < 0 else ""
    return f"{sign}{settings.CURRENCY_SIGN}{money_text(abs(amount))}"


@register.filter
def money(amount) -> str:
    if amount is None or amount == "":
        return ""
    return shown_money(amount)
