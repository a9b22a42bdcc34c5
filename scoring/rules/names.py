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
normal form, case-folded, so ``mabel`` finds the member ``Mabel``; ``names_given_twice``
is the one check, by that key, that no name of a list is given twice (a member holds one
number a night, a player sits once at a table).

``collation_key`` is what names are sorted by for a reader, as the Unicode Collation
Algorithm's default order sorts Latin names (CLDR's root collation, English's and
French's): letters first with accents and case set aside (``Élise`` before ``Walt``),
then accents (``Elise`` before ``Élise``), then case (``walt`` before ``Walt``), then the
name itself, so no two names sort level. Canadian French (CLDR ``fr_CA``) compares the
accents from the end of the word (``côte`` before ``coté``): ``accents_from_end``. A key
of our own rather than PyICU (a large native library for names of a club) or
``locale.strxfrm`` (it sorts by the system's installed locales, which a server may lack).
"""

import unicodedata

from scoring.rules.errors import Problem, Refused, gettext_noop, words

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


def names_given_twice(names, refusal: str) -> list[Problem]:
    """Each name of ``names`` given again after its first, as a problem at its place
    (``players[i]``): the one check that a person holds one place, wherever names are
    listed.

    ``refusal`` says the caller's rule, a code with ``{name}`` and ``{number}`` (the
    player number the name already has). Names are compared by ``name_key`` (case,
    spacing and Unicode forms aside), so ``Mabel`` and ``mabel`` are one person; a name
    with a hidden character, refused at its own field, is compared as typed.
    """
    first: dict[str, int] = {}
    problems = []
    for index, name in enumerate(names):
        try:
            key = name_key(name)
        except ValueError:
            key = name
        if key in first:
            said = words(refusal, name=name, number=first[key])
            problems.append(Problem.said(f"players[{index}]", said))
        first.setdefault(key, index + 1)
    return problems


# Latin letters Unicode does not decompose, as the default collation sorts them.
LETTERS_APART = str.maketrans(
    {"æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i"}
)


def collation_key(name: str, *, accents_from_end: bool = False) -> tuple:
    """What ``name`` sorts by for a reader (the module's docstring says how)."""
    letters: list[list[str]] = []  # [letter, its accents]
    for character in unicodedata.normalize("NFKD", name):
        if unicodedata.combining(character) and letters:
            letters[-1][1] += character
        else:
            letters.append([character, ""])
    base = "".join(letter for letter, _accents in letters)
    accents = [accent for _letter, accent in letters]
    if accents_from_end:
        accents.reverse()
    cases = tuple(letter.isupper() for letter, _accents in letters)
    return (base.casefold().translate(LETTERS_APART), tuple(accents), cases, name)
