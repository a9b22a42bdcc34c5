"""Seating rules for a night that does not go to plan (rules.md, attendance).

``keep_house_apart`` mends a draw so that no pair has two house players;
``late_pair_games`` plans the games of a pair that arrives late on a night with an odd
number of pairs. The figures (fees, forfeits, prizes) are in ``night``, ``pot`` and
``standings``; this module only seats.
"""

from scoring.rules.errors import Refused, gettext_noop, words
from scoring.rules.pot import players_of


def pair_of(number: int) -> int:
    return (number + 1) // 2


def refuse_more_house_than_pairs(house: int, players: int) -> None:
    """A pair never has two house players, so there can be no more of them than pairs."""
    if 2 * house > players:
        raise Refused(
            words(gettext_noop("more house players than pairs: two would have to share a pair"))
        )


def keep_house_apart(numbers: list[int], house: list[bool]) -> list[int]:
    """``numbers`` (the number drawn by each seat) with no pair of two house players.

    ``house[i]`` says whether seat i is a house player. Where two share a pair, the
    second swaps numbers with a player of the first pair that has no house player, so the
    draw changes as little as it can. More house players than pairs cannot be kept apart:
    ``ValueError``.
    """
    numbers = list(numbers)
    refuse_more_house_than_pairs(sum(house), len(numbers))
    for _ in range(len(numbers)):
        by_pair: dict[int, list[int]] = {}
        for seat, number in enumerate(numbers):
            if house[seat]:
                by_pair.setdefault(pair_of(number), []).append(seat)
        crowded = next((seats for seats in by_pair.values() if len(seats) > 1), None)
        if crowded is None:
            return numbers
        free_pair = min(pair for pair in range(1, len(numbers) // 2 + 1) if pair not in by_pair)
        other = numbers.index(players_of(free_pair)[0])
        moved = crowded[1]
        numbers[moved], numbers[other] = numbers[other], numbers[moved]
    return numbers


def late_pair_games(byes: dict[int, int], pair_count: int, first_round: int) -> list[tuple]:
    """``(round, table, (bye, late pair))`` for every game of a late pair, pair N+1.

    ``byes`` maps each round of the night (N odd pairs, N rounds) to the pair that sits
    it out; ``first_round`` is the first round still to be played. The late pair plays
    the bye of each round from then on at the bye's table (the one after the last), and
    the byes of the rounds already played in make-up games after the last round, one a
    round, at table 1, so every pairing has its game before the payout.
    """
    if pair_count % 2 == 0:
        raise Refused(
            words(gettext_noop("an even number of pairs has no bye for a late pair to take"))
        )
    late, table, last = pair_count + 1, pair_count // 2 + 1, max(byes)
    games = [(r, table, (bye, late)) for r, bye in sorted(byes.items()) if r >= first_round]
    played = [bye for r, bye in sorted(byes.items()) if r < first_round]
    games += [(last + step, 1, (bye, late)) for step, bye in enumerate(played, start=1)]
    return games
