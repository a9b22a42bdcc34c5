"""Numbers below zero as a page prints them: with the minus sign (−4, U+2212), not a
hyphen, in both languages; a change of score with its sign (+2, −4). Files (CSV, the
night documents) keep the hyphen a program reads."""

MINUS = "\u2212"


def minus(number) -> str:
    """``−4`` for -4; any other number as it is."""
    text = str(number)
    return MINUS + text[1:] if text.startswith("-") else text


def signed(number: int) -> str:
    """``+2``, ``−4``, ``0``: what a hand changed."""
    return f"+{number}" if number > 0 else minus(number)
