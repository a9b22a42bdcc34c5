"""A pair's code for the night: ``/p/<code>/``, printed on the pair's card at the draw.

A code is a stored, random value of its own (``PairCode``), never a signature over what
the night holds: the draw, a swap, a late pair and the director's revoke of a table's
links give the pairs they change new codes (``pair_codes_renew``) and turn their old
ones off for good; nothing turns a code on again (a new schedule, a re-opened night, a
restore leave the codes as they are). Play-offs and a night ended early keep every code
working: the code opens the pair's games, whatever they are (``links.pairs``).

The code is short enough to type when a camera fails: ten characters of an alphabet
without look-alikes (no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, U/V, G), printed in two groups of
five (``K7MX4-RQP9T``); typed in either case, with or without the dash. A code this site
never made is counted with forged links (guessing stops); its ~44 bits are beyond reach
at that rate.
"""

import secrets
from collections.abc import Iterable

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.core.ui.qr import qr_image
from scoring.links.tokens import LinkForged, LinkRefused, NightOver
from scoring.models import Night, PairCode, Seat

ALPHABET = "34679ACDEFHJKMNPRTWXY"
LENGTH = 10
GROUP = 5


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def spoken_code(code: str) -> str:
    """The code as printed and in the address: two groups of five, ``K7MX4-RQP9T``."""
    return f"{code[:GROUP]}-{code[GROUP:]}"


def typed_code(text: str) -> str | None:
    """The stored form of a code as typed or scanned (either case, dash or not), or None
    when it cannot be one."""
    code = text.replace("-", "").upper()
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code


def code_path(code: PairCode) -> str:
    return reverse("scoring:pair-home", args=[spoken_code(code.code)])


def code_url(code: PairCode) -> str:
    """The address printed on the pair's card, from ``settings.SITE_URL``."""
    return settings.SITE_URL.rstrip("/") + code_path(code)


def code_qr(code: PairCode) -> str:
    return qr_image(code_url(code))


def night_codes(night: Night) -> dict[int, PairCode]:
    """The night's codes in use, by pair (one query)."""
    live = PairCode.objects.filter(night=night, revoked_at__isnull=True)
    return {code.pair: code for code in live}


def night_pairs(night: Night) -> set[int]:
    """The pairs the night's seats make (numbers 2k-1 and 2k are pair k)."""
    numbers = Seat.objects.filter(night=night).values_list("number", flat=True)
    return {(number + 1) // 2 for number in numbers}


def pair_codes_renew(*, night: Night, pairs: Iterable[int] | None = None) -> list[PairCode]:
    """Turn off the codes of ``pairs`` (every pair of the night by default) and give each
    pair the night seats a new one. Part of the caller's transaction: the draw, a swap,
    a late pair, a revoke."""
    seated = night_pairs(night)
    pairs = seated if pairs is None else set(pairs)
    now = timezone.now()
    PairCode.objects.filter(night=night, pair__in=pairs, revoked_at__isnull=True).update(
        revoked_at=now
    )
    return PairCode.objects.bulk_create(
        PairCode(night=night, pair=pair, code=new_code()) for pair in sorted(pairs & seated)
    )


def open_code(text: str) -> PairCode:
    """The code ``text`` names, its night joined: ``LinkForged`` if this site never made
    it, ``LinkRefused`` if it was turned off or its night is final."""
    code = typed_code(text)
    found = PairCode.objects.select_related("night").filter(code=code).first() if code else None
    if found is None:
        raise LinkForged(_("This link is not valid."))
    if found.revoked_at is not None:
        raise LinkRefused(
            _("This code was replaced by the director: ask for your pair's new card.")
        )
    if found.night.is_final:
        raise NightOver(_("The night is final: its table links no longer work."), found.night)
    return found
