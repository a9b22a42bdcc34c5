"""``{{ amount|money }}``: money as people read it, in the page's language, with the club's
currency sign where that language puts it (``$2.50`` / ``2,50 $``, ``-$0.50``;
``CINCH_CURRENCY_SIGN``), exact as the documents print it, never a float. Files (CSV, the
night documents) carry the bare amount (``money_text``)."""

from django import template

from scoring.words.money import shown_money

register = template.Library()


@register.filter
def money(amount) -> str:
    if amount is None or amount == "":
        return ""
    return shown_money(amount)
