"""Money as people read it, in the page's language, with the club's currency sign where
that language puts it (``$2.50`` / ``2,50 $``, ``-$0.50``; ``CINCH_CURRENCY_SIGN``), its
thousands grouped (``$3,703.50`` / ``3 703,50 $``, a non-breaking space), exact
as the documents print it, never a float. Files (CSV, the night documents) carry the bare
amount (``money_text``).
"""

from decimal import Decimal

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext

from scoring.rules.night.documents import money_text


def shown_money(amount) -> str:
    """An amount with the currency sign where the language puts it, the minus before it."""
    amount = Decimal(amount)
    text = money_text(abs(amount))
    places = len(text.partition(".")[2])
    # Thousands grouped as the language groups them: "3 703,50 $", "$3,703.50".
    number = number_format(Decimal(text), decimal_pos=places, force_grouping=True)
    # Translators: where the currency sign goes; French writes "2,50 $".
    shown = gettext("{sign}{amount}").format(sign=settings.CURRENCY_SIGN, amount=number)
    return f"-{shown}" if amount < 0 else shown
