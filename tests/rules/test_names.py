"""Names made comparable (``scoring.rules.names``): the normal form, the refusals, the key."""

import pytest

from scoring.rules.names import collation_key, name_key, normal_name


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        pytest.param("Mabel", "Mabel", id="plain"),
        pytest.param("  Mabel   Jones ", "Mabel Jones", id="spaces-collapsed"),
        pytest.param("Mabel\tJones\n", "Mabel Jones", id="tabs-and-newlines"),
        pytest.param("Mabel\u00a0Jones", "Mabel Jones", id="no-break-space"),
        pytest.param("\uff2dabel", "Mabel", id="full-width"),
        pytest.param("\ufb01fi", "fifi", id="ligature"),
        pytest.param("Zoe\u0301", "Zoé", id="combining-accent-composed"),
        pytest.param("Ζωή Παππά", "Ζωή Παππά", id="greek"),
        pytest.param("", "", id="empty"),
    ],
)
def test_normal_name(typed, kept):
    assert normal_name(typed) == kept


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        pytest.param("Ma\u200bbel", "U+200B (ZERO WIDTH SPACE)", id="zero-width-space"),
        pytest.param("Ma\u200dbel", "U+200D (ZERO WIDTH JOINER)", id="zero-width-joiner"),
        pytest.param("\u202eleba M", "U+202E (RIGHT-TO-LEFT OVERRIDE)", id="bidi-override"),
        pytest.param("Mabel\u2066", "U+2066 (LEFT-TO-RIGHT ISOLATE)", id="bidi-isolate"),
        pytest.param("Mabel\u200f", "U+200F (RIGHT-TO-LEFT MARK)", id="bidi-mark"),
        pytest.param("\ufeffMabel", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)", id="byte-order-mark"),
        pytest.param("Ma\u00adbel", "U+00AD (SOFT HYPHEN)", id="soft-hyphen"),
        pytest.param("Ma\x07bel", "U+0007 (a control character)", id="bell"),
        pytest.param("Mabel\u3164", "U+1160 (HANGUL JUNGSEONG FILLER)", id="hangul-filler"),
        pytest.param("Mabel\u2028", "U+2028 (LINE SEPARATOR)", id="line-separator"),
        pytest.param("Mabel\ue000", "U+E000 (a control character)", id="private-use"),
    ],
)
def test_invisible_and_bidirectional_characters_are_refused(typed, named):
    with pytest.raises(ValueError, match="shows nothing or reorders") as refused:
        normal_name(typed)

    assert named in str(refused.value)


def test_look_alikes_share_one_key():
    assert {name_key(n) for n in ["Mabel", "mabel", "MABEL", " Mabel ", "\uff2dabel"]} == {"mabel"}
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Mabel") != name_key("Mable")


def test_names_sort_by_their_letters_then_accents_then_case():
    names = ["Élise", "walt", "Walt", "Zoé", "Ève", "Anne", "Elise", "Œdipe", "Odile"]

    assert sorted(names, key=collation_key) == [
        "Anne",
        "Elise",
        "Élise",
        "Ève",
        "Odile",
        "Œdipe",
        "walt",
        "Walt",
        "Zoé",
    ]


def test_canadian_french_compares_accents_from_the_end_of_the_word():
    """The Unicode Collation Algorithm's example of backward accents (UTS #10)."""
    words = ["côté", "coté", "côte", "cote"]

    assert sorted(words, key=collation_key) == ["cote", "coté", "côte", "côté"]
    assert sorted(words, key=lambda word: collation_key(word, accents_from_end=True)) == [
        "cote",
        "côte",
        "coté",
        "côté",
    ]


def test_no_two_different_names_sort_level():
    assert collation_key("Zoe\u0301") != collation_key("Zoé")  # told apart, never level
    assert collation_key("Zoé") == collation_key("Zoé")
