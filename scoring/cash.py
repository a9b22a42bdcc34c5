"""The cash counted at the end of a night, against the pot the rules core expects.

The treasurer counts the cash (the total, or each prize's envelope) and types it on the
pot page; each count is kept as a row of its own (who, when, what was expected, what was
counted, a note), the latest standing. Expected figures are the rules core's: the pot
(``fees.pot``), and each prize's amount for its envelope. A night whose latest count
differs from the pot is closed only when that count says why (``check_closable``).
"""

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring import documents, selectors
from scoring.models import CashCount, Night
from scoring.rules.night import money_text
from scoring.services.guards import mark_night_changed
from scoring.templatetags.money import shown_money


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


@transaction.atomic
def cash_count_record(
    *,
    night: Night,
    counted: Decimal | None = None,
    counted_envelopes: list[Decimal] | None = None,
    note: str = "",
    user=None,
) -> CashCount:
    """Keep a count: the total, or one amount per prize envelope (then their sum)."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.is_final:
        raise ValidationError(
            gettext("%(night)s is final: re-open it to count the cash again.")
            % {"night": night.name}
        )
    summary = documents.summary(night, selectors.night_seats(night), selectors.night_games(night))
    expected_envelopes = envelopes(summary)
    stored = []
    if counted_envelopes is not None:
        if len(counted_envelopes) != len(expected_envelopes) or not expected_envelopes:
            raise ValidationError(
                gettext("The prizes changed since the page was shown: count the envelopes again.")
            )
        stored = [
            {"prize": e.label, "expected": money_text(e.expected), "counted": money_text(c)}
            for e, c in zip(expected_envelopes, counted_envelopes, strict=True)
        ]
        counted = sum(counted_envelopes, Decimal(0))
    count = CashCount.objects.create(
        night=night,
        expected=summary.fees.pot,
        counted=counted,
        envelopes=stored,
        note=note.strip(),
        counted_by=user,
    )
    # The night changed: its payout sheet, which shows the count, is rendered again.
    mark_night_changed(night.pk)
    return count


def check_closable(night: Night, pot: Decimal) -> None:
    """A night whose latest cash count differs from its pot (as it is now) closes only
    when that count has a note saying why."""
    latest = night.cash_counts.order_by("-counted_at", "-id").first()
    if latest is not None and latest.counted != pot and not latest.note:
        raise ValidationError(
            gettext(
                "The cash counted (%(counted)s) differs from the pot (%(pot)s) by "
                "%(difference)s: count again, with a note saying why, before closing the night."
            )
            % {
                "counted": shown_money(latest.counted),
                "pot": shown_money(pot),
                "difference": shown_money(latest.counted - pot),
            }
        )
