"""People's names made comparable: one person, one name, however it was typed or pasted.

Standard library only (``unicodedata``), so everything that reads names (the site's
forms, the night file's reader, matching players across nights) applies the same rule.

``normal_name`` is the form a name is kept in: Unicode NFKC (full-width ``Ｍabel`` is
``Mabel``, ligatures and other compatibility forms become ordinary letters), every run of
white space one space, none at either end. Characters that show nothing or reorder the
text around them are refused (``ValueError``, its message in words): zero-width spaces
and joiners, the bidirectional controls, other control and format characters,
unassigned and private code points, and the letters that draw as blank space. They make
two names that look the same differ. ``name_key`` is what names are matched by: the
normal form, case-folded, so ``mabel`` finds the member ``Mabel``.
"""

import unicodedata

from scoring.rules.errors import Refused, gettext_noop, words

# Control, format (zero-width, bidirectional), surrogate, private use, unassigned; and
# the line and paragraph separators, which are not spaces for ``str.split``'s purpose.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters that are drawn as blank space (Hangul fillers, the blank Braille pattern).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _hidden(character: str) -> bool:
    if character in " \t\n\r\f\v":
        return False
    return unicodedata.category(character) in HIDDEN_CATEGORIES or character in BLANK_LETTERS


def normal_name(text: str) -> str:
    """``text`` as a name is kept; ``ValueError`` if it holds a character that shows
    nothing or reorders the text (the message names it)."""
    normal = unicodedata.normalize("NFKC", text)
    hidden = next((character for character in normal if _hidden(character)), None)
    if hidden is not None:
        name = unicodedata.name(hidden, "a control character")
        raise Refused(
            words(
                gettext_noop(
                    "contains {point} ({name}), which shows nothing or reorders the text "
                    "around it: type the name without it"
                ),
                point=f"U+{ord(hidden):04X}",
                name=name,
            )
        )
    return " ".join(normal.split())


def name_key(text: str) -> str:
    """What two names are compared by: the normal form, case-folded."""
    return unicodedata.normalize("NFKC", normal_name(text).casefold())
