"""The draw that gives new partners: a night's numbers dealt so that the fewest pairs are
partnerships of the season's earlier nights.

Seed 001's players draw their numbers, and numbers 2k-1 and 2k are pair k for the night,
so a draw is a way of pairing the players. Over a season chance keeps putting the same
two together; this draw looks at every way of pairing the night's players and takes one
that is best by these rules, in this order (the club's decision, seeds/README.md):

1. the fewest **repeats**: pairs whose two players were partners on an earlier night of
   the season (however many nights, and however long ago);
2. then the least **recency**: each earlier night a repeat's two players were partners
   weighs 2 to the power of that night's place in the season (the first night 1, the
   second 2, the third 4, …), added up over the deal's repeats; so a partnership from
   last night weighs more than all the nights before it together, and of repeats that
   cannot be avoided the draw keeps the oldest;
3. then chance: among the deals equal on both, every one can come out.

Two house players are never a pair (rules.md, attendance). Late pairs come after the
draw and are not part of it; on earlier nights they were partners like any other pair.

Exact, whatever the number of players: the best pairing is a minimum-cost perfect
matching (``matching.cheapest_pairing``), each possible pair costing
``repeat × A + recency × B + noise``. ``noise`` is drawn at random for each possible pair
below ``NOISE``; ``B`` is more than all the noise of a deal together, and ``A`` more than
all of a deal's recency and noise together, so the costs order the deals exactly as the
three rules do, and the noise alone chooses among equals. Any best deal comes out when
its own pairs draw the least noise and every other pair the most, which has a chance, so
every best deal can come out (not each with the same chance: counting them is out of
reach for 80 players). The pairs are then numbered in a random order, and who of the two
holds the lower number is drawn too.

Vocabulary: a *player* is any hashable key the caller gives (a name's ``name_key``, a
member's id); a *partnership* is two players who formed a pair on a night; *nights ago*
counts back from the night being drawn (1: the night before it).
"""

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import NamedTuple

from scoring.rules.attendance import refuse_more_house_than_pairs
from scoring.rules.errors import InvalidInput, Problem, Refused, gettext_noop, typed, words
from scoring.rules.ladder import read_season
from scoring.rules.matching import cheapest_pairing
from scoring.rules.names import name_key, normal_name
from scoring.rules.night.reading import NightReader, read_night

NOISE = 1 << 20
# The matching is O(n³) in pure Python: 80 players take about 0.15 s, 200 about 2 s
# (docs/performance.md, ``python3 bench/run.py partners``).
MOST_PLAYERS = 200


class Repeat(NamedTuple):
    """A pair of the deal whose players were partners before: ``players`` in number order,
    and the nights ago they were (the latest first)."""

    pair: int
    players: tuple[Hashable, Hashable]
    nights_ago: tuple[int, ...]


class Deal(NamedTuple):
    """What the draw did: ``numbers[i]`` is the number drawn by the i-th player given; the
    deal's repeats (the fewest possible) by pair number, out of ``earlier_nights``."""

    numbers: tuple[int, ...]
    earlier_nights: int
    repeats: tuple[Repeat, ...] = ()

    @property
    def clear_nights(self) -> int:
        """How many of the latest earlier nights no partnership of the deal comes from:
        all of them when nothing repeats ("no partnership from the last 6 nights")."""
        if not self.repeats:
            return self.earlier_nights
        return min(repeat.nights_ago[0] for repeat in self.repeats) - 1


def night_partnerships(players: Sequence[Hashable]) -> list[tuple[Hashable, Hashable]]:
    """The partnerships of a night whose players are given in number order."""
    return [(players[at], players[at + 1]) for at in range(0, len(players) - 1, 2)]


def deal_new_partners(
    players: Sequence[Hashable],
    earlier: Sequence[Iterable[tuple[Hashable, Hashable]]],
    *,
    house: Iterable[Hashable] = (),
    chance: random.Random,
) -> Deal:
    """Deal numbers 1..n to ``players`` (distinct keys, an even count) with the fewest
    repeats of the partnerships of ``earlier`` (the season's earlier nights, oldest first,
    each its partnerships), then the least recency, then at random (``chance``). Players
    of ``house`` are never paired together."""
    count = len(players)
    if count % 2:
        raise Refused(
            words(
                gettext_noop("{count} players cannot all be paired: the draw needs an even count"),
                count=count,
            )
        )
    if count > MOST_PLAYERS:
        said = gettext_noop("the draw deals new partners to at most {most} players")
        raise Refused(words(said, most=MOST_PLAYERS))
    house = set(house)
    refuse_more_house_than_pairs(sum(player in house for player in players), count)
    together = _nights_together(players, earlier)
    costs = _costs(players, together, house, len(earlier), chance)
    partner = cheapest_pairing(costs)
    pairs = [(first, partner[first]) for first in range(count) if first < partner[first]]
    chance.shuffle(pairs)
    numbers = [0] * count
    repeats = []
    for pair, seats in enumerate(pairs, start=1):
        low, high = seats if chance.random() < 0.5 else seats[::-1]
        numbers[low], numbers[high] = 2 * pair - 1, 2 * pair
        nights = together.get(frozenset((players[low], players[high])))
        if nights:
            repeats.append(Repeat(pair, (players[low], players[high]), tuple(nights)))
    return Deal(tuple(numbers), len(earlier), tuple(repeats))


def _nights_together(players, earlier) -> dict[frozenset, list[int]]:
    """For each partnership of the night's players, the nights ago it was formed, the
    latest first."""
    present = set(players)
    together: dict[frozenset, list[int]] = {}
    for ago, night in enumerate(reversed(earlier), start=1):
        for first, second in night:
            if first in present and second in present and first != second:
                nights = together.setdefault(frozenset((first, second)), [])
                if ago not in nights:
                    nights.append(ago)
    return together


def _costs(players, together, house, nights: int, chance) -> list[list[int | None]]:
    """Each possible pair's cost, ``repeat × A + recency × B + noise`` (the docstring
    above); ``None`` for two house players."""
    count = len(players)
    noise_unit = (count // 2) * NOISE  # B: more than a whole deal's noise
    repeat_unit = noise_unit * (count // 2) << nights  # A: more than its recency and noise
    costs: list[list[int | None]] = [[None] * count for _ in range(count)]
    for first in range(count):
        for second in range(first + 1, count):
            if players[first] in house and players[second] in house:
                continue
            nights_ago = together.get(frozenset((players[first], players[second])), ())
            recency = sum(1 << (nights - ago) for ago in nights_ago)
            cost = chance.randrange(NOISE) + recency * noise_unit
            if nights_ago:
                cost += repeat_unit
            costs[first][second] = costs[second][first] = cost
    return costs


# --- the next night of a season file (the command line's ``draw``) -------------------

DRAW_FORMAT = "cinch-draw/1"


def draw_document(
    doc,
    players: Sequence[str] | None = None,
    house: Sequence[str] | None = None,
    *,
    chance: random.Random,
) -> dict:
    """The ``cinch-draw/1`` document of the next night of the ``cinch-season/1``
    document ``doc``: its ``players`` (names; by default the last night's) and among them
    its ``house`` players (by default none, or the last night's with its players) dealt
    their numbers by ``deal_new_partners`` against every night of the file.
    ``InvalidInput`` names every problem at its place."""
    season, nights = _season_nights(doc)
    if players is None:
        last = nights[-1]
        players = list(last.players)
        if house is None:
            house = [last.players[number - 1] for number in sorted(last.house)]
    house = list(house or ())
    names = _next_players(list(players), house)
    keys = [_key(name) for name in names]
    house_keys = {_key(name) for name in house}
    earlier = [night_partnerships([_key(name) for name in night.players]) for night in nights]
    try:
        deal = deal_new_partners(keys, earlier, house=house_keys, chance=chance)
    except Refused as refused:
        raise InvalidInput([Problem.of("players", refused)]) from None
    by_number = sorted(range(len(names)), key=lambda at: deal.numbers[at])
    spoken = {key: name for key, name in zip(keys, names, strict=True)}
    return {
        "format": DRAW_FORMAT,
        "season": season.name,
        "earlier_nights": deal.earlier_nights,
        "players": [
            {"name": names[at], "house": True} if keys[at] in house_keys else names[at]
            for at in by_number
        ],
        "repeats": [
            {
                "pair": repeat.pair,
                "players": [spoken[key] for key in repeat.players],
                "nights_ago": list(repeat.nights_ago),
            }
            for repeat in deal.repeats
        ],
        "clear_nights": deal.clear_nights,
    }


def _season_nights(doc) -> tuple:
    """The season file read, and every night of it read and checked, in its order."""
    season = read_season(doc)
    nights, problems = [], []
    for index, night_doc in enumerate(season.nights):
        try:
            nights.append(read_night(night_doc))
        except InvalidInput as invalid:
            problems += invalid.under(f"nights[{index}]").problems
    if problems:
        raise InvalidInput(problems)
    return season, nights


def _next_players(players: list[str], house: list[str]) -> list[str]:
    """The next night's names as they are kept, checked as a night file's ``players`` are;
    each house player among them."""
    reader = NightReader()
    names, _ = reader.read_players(players)
    problems = list(reader.problems)
    normal = []
    for index, name in enumerate(names or ()):
        try:
            normal.append(normal_name(name))
        except ValueError as error:
            problems.append(Problem.of(f"players[{index}]", error))
    present = {_key(name) for name in normal}
    for index, name in enumerate(house if names is not None else ()):
        if _key(name) not in present:
            said = words(gettext_noop("{name} is not one of the players"), name=typed(name))
            problems.append(Problem.said(f"house[{index}]", said))
    if problems:
        raise InvalidInput(problems)
    return normal


def _key(name: str) -> str:
    """A name as two nights compare it; a name the site would refuse, as typed."""
    try:
        return name_key(name)
    except ValueError:
        return name
