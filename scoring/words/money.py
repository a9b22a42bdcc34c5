"""Money as people read it, in the page's language, with the club's currency sign where
that language puts it (``$2.50`` / ``2,50 $``, ``−$0.50`` with the minus sign;
``CINCH_CURRENCY_SIGN``), its thousands grouped (``$3,703.50`` / ``3 703,50 $``, a
non-breaking space), exact as the documents print it, never a float. Files (CSV, the
night documents) carry the bare amount (``money_text``).
"""

from decimal import Decimal

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext
from django_scopes import get_scope

from scoring.rules.night.documents import money_text
from scoring.words.numbers import MINUS


def currency_sign() -> str:
    """The current club's sign (``models.Club.setting``, read through the active scope,
    as the words know no models), else the site's."""
    club = get_scope().get("club")
    setting = getattr(club, "setting", None)
    return setting("CURRENCY_SIGN") if setting else settings.CURRENCY_SIGN


def shown_money(amount) -> str:
    """An amount with the currency sign where the language puts it, the minus before it."""
    amount = Decimal(amount)
    text = money_text(abs(amount))
    places = len(text.partition(".")[2])
    # Thousands grouped as the language groups them: "3 703,50 $", "$3,703.50".
    number = number_format(Decimal(text), decimal_pos=places, force_grouping=True)
    # Translators: where the currency sign goes; French writes "2,50 $".
    shown = gettext("{sign}{amount}").format(sign=currency_sign(), amount=number)
    return f"{MINUS}{shown}" if amount < 0 else shown


def cash_gap(difference) -> str:
    """``$0.36 short`` / ``il manque 0,36 $``: how far the cash counted is from the pot,
    said as a treasurer says it rather than as a signed difference."""
    said = {"amount": shown_money(abs(Decimal(difference)))}
    if difference < 0:
        return pgettext("the cash counted against the pot", "%(amount)s short") % said
    return pgettext("the cash counted against the pot", "%(amount)s over") % said
