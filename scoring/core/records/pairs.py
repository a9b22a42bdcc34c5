"""A night's pairs in words, ``{pair: "Ann & Bob"}``, from its seats (``Zed for Ann``
where a substitute sat in): what every page and sheet that names a pair shows.
"""

from scoring.models import Seat


def pair_names(seats: list[Seat], sat: dict[int, str] | None = None) -> dict[int, str]:
    """``{pair: "Ann & Bob"}`` from a night's seats; ``sat`` (number: name) shows a
    game's substitutes, ``Zed for Ann``."""
    names: dict[int, list[str]] = {}
    sat = sat or {}
    for seat in seats:
        name = seat.member.name
        names.setdefault(seat.pair, []).append(
            f"{sat[seat.number]} for {name}" if seat.number in sat else name
        )
    return {pair: " & ".join(players) for pair, players in names.items()}
