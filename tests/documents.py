"""The documents the checks against the rules core import: nights (``cinch-night/1``) and
single games (``cinch-game/1``), each with a readable id. One list, read by the import
tests of one club and by those of three clubs at once (``tests/views/clubs``)."""

from pathlib import Path

import pytest

from scoring.rules.jsonio import load_json
from scoring.rules.simulate import random_night, random_table

NIGHT_FORMAT_EXAMPLE = Path(__file__).parent / "rules" / "night_format_example.json"


def example() -> dict:
    """The night of ``night-format.md``'s example."""
    return load_json(NIGHT_FORMAT_EXAMPLE.read_text(encoding="utf-8"))


def nights() -> list:
    """Nights that go in and out unchanged: the format's example, one part-way, another
    variant, one listing its games last round first."""
    return [
        pytest.param(example(), id="night-format-example"),
        pytest.param(random_night(5, seed=9, rounds_played=3), id="random-part-way"),
        pytest.param(random_night(4, seed=8, variant_id="cinch51"), id="random-cinch51"),
        pytest.param(
            {**random_night(4, seed=7), "games": random_night(4, seed=7)["games"][::-1]},
            id="games-listed-last-round-first",
        ),
    ]


def tables() -> list:
    """Single games played to their end: Razzle-Dazzle for five, Chicago for three."""
    return [
        pytest.param(random_table("razzle", 5, seed=1), id="razzle-5"),
        pytest.param(random_table("chicago42", 3, seed=2), id="chicago42-3"),
    ]
