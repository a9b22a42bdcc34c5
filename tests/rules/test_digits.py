"""``number_from_digits``: the one reading of a number typed as text (URLs, posts, files)."""

import pytest

from scoring.rules.digits import number_from_digits


@pytest.mark.parametrize(
    ("text", "number"), [("0", 0), ("7", 7), ("007", 7), ("9" * 18, 10**18 - 1)]
)
def test_ascii_digits_are_their_number(text, number):
    assert number_from_digits(text) == number


@pytest.mark.parametrize(
    "text",
    [
        "²",
        "①",
        "٣",
        "１",
        "9" * 19,
        "9" * 5000,
        "-1",
        "+1",
        "",
        " 1",
        "1 ",
        "1\n",
        "1.0",
        "1e3",
        None,
        3,
    ],
)
def test_anything_else_is_no_number(text):
    assert number_from_digits(text) is None
