"""The season ladder: ``cinch-season/1`` in, ``cinch-ladder/1`` out (rules.md, "The season
ladder").

A night gives each player of record points for the pair's standing among the pairs in the
prizes: E - r + 1, E the pairs in the prizes (withdrawn pairs left out), r the pair's rank
among them (tied pairs share it). House players and withdrawn pairs get none; a night
that cannot be paid out yet counts for nobody. Every night is scored by ``score_night``,
so the ladder can never disagree with the standings a club printed.

With ``best`` K, a player's K highest nights count; of nights with equal points the
earlier counts, so the nights left out (``dropped``) are the same on every page and sheet.
Players still level are listed by name as a reader sorts names (``collation_key``).
"""

from collections.abc import Callable
from typing import NamedTuple

from scoring.rules.errors import InvalidInput, Problem, gettext_noop, is_text, typed, words
from scoring.rules.names import collation_key, name_key, normal_name
from scoring.rules.night.documents import score_night
from scoring.rules.night.reading import MAX_NAME_LENGTH, NightReader, text_too_long
from scoring.rules.pot import players_of

SEASON_FORMAT = "cinch-season/1"
LADDER_FORMAT = "cinch-ladder/1"
SEASON_FIELDS = ("format", "name", "best", "nights")
MAX_NIGHTS = 1000


class Season(NamedTuple):
    """A season file read: its nights as documents, each scored when the ladder is made."""

    name: str
    best: int | None
    nights: tuple[dict, ...]


class LadderPlayer(NamedTuple):
    """One player's season: the name as first written, and their points night by night."""

    name: str
    points: list[int]

    def counted(self, best: int | None) -> int:
        return sum(self.points[at] for at in kept(self.points, best))


def kept(points: list[int], best: int | None) -> list[int]:
    """The positions in a ladder row's ``points`` of the nights that count: the ``best``
    highest, the earlier of equal points first."""
    highest = sorted(range(len(points)), key=lambda at: (-points[at], at))
    return sorted(highest[:best])


def dropped(points: list[int], best: int | None) -> list[int]:
    """The positions in a ladder row's ``points`` of the nights ``best`` leaves out: not a
    field of ``cinch-ladder/1``, asked by the pages and sheets that mark them."""
    counted = set(kept(points, best))
    return [at for at in range(len(points)) if at not in counted]


def read_season(doc) -> Season:
    """The season described by a ``cinch-season/1`` document; ``InvalidInput`` names every
    problem at its place, a night's own problems under ``nights[i]``."""
    reader = NightReader()
    if not reader.read_format(doc, SEASON_FORMAT, SEASON_FIELDS):
        raise InvalidInput(reader.problems)
    name = doc.get("name", "")
    if not is_text(name) or len(name) > MAX_NAME_LENGTH:
        reader.fail("name", text_too_long())
    best = doc.get("best")
    if best is not None and (type(best) is not int or not 1 <= best <= MAX_NIGHTS):
        reader.fail(
            "best",
            words(
                gettext_noop("{value} must be a whole number of nights, 1 or more"),
                value=typed(best),
            ),
        )
    nights = doc.get("nights")
    if not isinstance(nights, list) or not 1 <= len(nights) <= MAX_NIGHTS:
        reader.fail(
            "nights",
            words(
                gettext_noop("give the season's nights as a list of 1 to {most} night files"),
                most=MAX_NIGHTS,
            ),
        )
        nights = []
    if reader.problems:
        raise InvalidInput(reader.problems)
    return Season(name=name.strip(), best=best, nights=tuple(nights))


def night_points(night_doc, standings: dict) -> list[tuple[str, int]]:
    """``(player, points)`` for each player of record of a scored night; none while the
    night cannot be paid out."""
    if standings["money"]["places"] is None:
        return []
    in_prizes = [row for row in standings["standings"] if not row.get("withdrawn")]
    house = {
        number
        for number, player in enumerate(night_doc["players"], start=1)
        if isinstance(player, dict) and player.get("house")
    }
    points = []
    for row in in_prizes:
        rank = 1 + sum(other["rank"] < row["rank"] for other in in_prizes)
        for number, name in zip(players_of(row["pair"]), row["players"], strict=True):
            if number not in house:
                points.append((name, len(in_prizes) - rank + 1))
    return points


def ladder_document(doc, name_order: Callable[[str], tuple] = collation_key) -> dict:
    """The ``cinch-ladder/1`` document of a ``cinch-season/1`` document."""
    season = read_season(doc)
    scored: list[tuple[dict, dict]] = []
    problems: list[Problem] = []
    for index, night_doc in enumerate(season.nights):
        try:
            scored.append((night_doc, score_night(night_doc)))
        except InvalidInput as invalid:
            problems += invalid.under(f"nights[{index}]").problems
    if problems:
        raise InvalidInput(problems)
    return ladder(season.name, season.best, scored, name_order)


def ladder(
    name: str, best: int | None, scored, name_order: Callable[[str], tuple] = collation_key
) -> dict:
    """The ``cinch-ladder/1`` document of nights already scored: ``scored`` gives each
    night's ``(night_doc, standings)`` in season order. The site passes the standings it
    keeps for each night (``night_doc`` needs only its ``players``), so a season page does
    not score its nights again; and ``name_order``, the page's language's key for names
    (players level are listed by it)."""
    players: dict[str, LadderPlayer] = {}
    counted_nights = 0
    for night_doc, standings in scored:
        counted_nights += standings["money"]["places"] is not None
        for player_name, earned in night_points(night_doc, standings):
            player = players.setdefault(
                name_key(player_name), LadderPlayer(normal_name(player_name), [])
            )
            player.points.append(earned)
    return {
        "format": LADDER_FORMAT,
        "name": name,
        "best": best,
        "nights_counted": counted_nights,
        "ladder": _ranked(players.values(), best, name_order),
    }


def _ranked(players, best: int | None, name_order: Callable[[str], tuple]) -> list[dict]:
    """Players by points counted, then nights played (more first); still level, they share
    a rank and are listed by name."""

    def standing(player: LadderPlayer) -> tuple[int, int]:
        return (-player.counted(best), -len(player.points))

    ordered = sorted(players, key=lambda player: (standing(player), name_order(player.name)))
    rows = []
    for position, player in enumerate(ordered, start=1):
        level = rows and standing(ordered[position - 2]) == standing(player)
        rows.append(
            {
                "rank": rows[-1]["rank"] if level else position,
                "player": player.name,
                "nights": len(player.points),
                "points": player.points,
                "counted": player.counted(best),
            }
        )
    return rows
