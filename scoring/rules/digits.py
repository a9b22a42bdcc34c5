"""A whole number typed as text, read one way wherever the site reads one: a page's
``?saved=3`` or ``?round=2``, a posted pair number, a night file's ``"sat": {"3": …}``.

ASCII digits only, as the URLs' ``<int:…>`` take them. ``str.isdigit`` is no test: it
also accepts "²" and "①", which ``int`` refuses (a server error), and "٣", which ``int``
reads as 3. At most 18 digits: below every database's integers (2**63 - 1) and far below
the 4,300 digits past which ``int`` refuses a string.
"""

import re

DIGITS = re.compile(r"[0-9]{1,18}")


def number_from_digits(text) -> int | None:
    """``"12"`` → 12; anything else (``"²"``, ``"-1"``, ``""``, ``None``, 19 digits) → None."""
    return int(text) if isinstance(text, str) and DIGITS.fullmatch(text) else None
