"""The pattern table: a round robin of N pairs over rounds and tables.

The circle method: pair 1 stays put and the others move round a ring, one place a round.
Table 1 holds pair 1's game; table k+1 holds the two pairs k places either side of it on
the ring. The ring is laid out so that round 1 is 1-2, 3-4, 5-6, … and, as seed 001
describes for 3 tables, pair 3 meets pair 4, then pair 1, then pair 5. An odd number of
pairs gets a phantom pair: whoever meets it has the bye that round.
"""

from scoring.rules.errors import Refused, gettext_noop, words


def _ring(pair_count: int) -> list[int]:
    """The moving pairs in ring order; pairs 2k+1 and 2k+2 sit k places either side of 0."""
    size = pair_count - 1
    ring = [0] * size
    ring[0] = 2
    for k in range(1, size // 2 + 1):
        low, high = 2 * k + 1, 2 * k + 2
        ring[k], ring[size - k] = (low, high) if k % 2 else (high, low)
    return ring


def schedule(pair_count: int) -> list[dict]:
    """Rounds as ``{"round": r, "games": [{"table": t, "pairs": [a, b]}], "bye": p|None}``."""
    if not isinstance(pair_count, int) or isinstance(pair_count, bool) or pair_count < 2:
        raise Refused(words(gettext_noop("a round robin needs at least 2 pairs")))
    padded = pair_count + pair_count % 2
    ring = _ring(padded)
    size = len(ring)
    rounds = []
    for r in range(size):
        meetings = [(1, ring[r])]
        meetings += [(ring[(r + k) % size], ring[(r - k) % size]) for k in range(1, size // 2 + 1)]
        games, bye = [], None
        for a, b in meetings:
            if padded in (a, b) and padded != pair_count:
                bye = a if b == padded else b
                continue
            games.append({"table": len(games) + 1, "pairs": sorted((a, b))})
        rounds.append({"round": r + 1, "games": games, "bye": bye})
    return rounds


def byes(pair_count: int, playing) -> list[int]:
    """The pairs sitting out a round: those of 1 … ``pair_count`` not in ``playing``
    (the pairs of the round's games as they were entered, which may differ from the
    pattern's)."""
    seated = set(playing)
    return [pair for pair in range(1, pair_count + 1) if pair not in seated]


def schedule_document(pair_count: int) -> dict:
    """The ``cinch-schedule/1`` document for ``pair_count`` pairs."""
    return {
        "format": "cinch-schedule/1",
        "pairs": pair_count,
        "tables": pair_count // 2,
        "rounds": schedule(pair_count),
    }
