"""The cash counted at the end of a night, against the pot the rules core expects.

The treasurer counts the cash (the total, or each prize's envelope) and types it on the
pot page; each count is kept as a row of its own (who, when, what was expected, what was
counted, a note), the latest standing. Expected figures are the rules core's: the pot
(``fees.pot``), and each prize's amount for its envelope. A night whose latest count
differs from the pot is closed only when that count says why (``check_closable``).
Here the reads; keeping a count and that check are ``services.closing``'s writes.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext

from scoring.models import CashCount, Night


@dataclass(frozen=True)
class Envelope:
    """A prize's envelope: what it should hold."""

    label: str
    expected: Decimal


def envelopes(summary) -> list[Envelope]:
    """The prize envelopes of a night that can be paid out (none while it is blocked)."""
    payout = summary.payout
    if payout is None:
        return []
    places = [
        Envelope(gettext("Place %(place)s") % {"place": n}, amount)
        for n, amount in enumerate(payout.places, start=1)
    ]
    booby = (
        [Envelope(gettext("Booby prize"), payout.booby)]
        if summary.ranking.booby is not None
        else []
    )
    return places + booby


def cash_counts(night: Night) -> list[CashCount]:
    """The night's counts, newest first, with who counted."""
    return list(night.cash_counts.select_related("counted_by").order_by("-counted_at", "-id"))
