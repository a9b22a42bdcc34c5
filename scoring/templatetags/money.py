"""``{{ amount|money }}``: money as the page's language writes it ("2.00", "2,00"), never a
float; ``{{ amount|priced }}`` adds the club's sign where the language puts it ("$2.50",
"2,50 $")."""

from decimal import Decimal

from django import template
from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext

from scoring.rules.night import money_text

register = template.Library()


@register.filter
def money(amount) -> str:
    if amount is None or amount == "":
        return ""
    text = money_text(Decimal(amount))
    places = len(text.partition(".")[2])
    return number_format(Decimal(text), decimal_pos=places)


@register.filter
def priced(amount) -> str:
    if amount is None or amount == "":
        return ""
    # Translators: where the currency sign goes; French writes "2,50 $".
    return gettext("{sign}{amount}").format(sign=settings.CURRENCY_SIGN, amount=money(amount))
