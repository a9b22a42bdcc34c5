"""What today's rules refuse in a night as it is stored, and who may mend it.

A database made by an earlier version holds what that version accepted: a pegboard
result of 110–3, "Ann" and "ann" in one night, a Money hand with the Jack not out. After an
upgrade such a night is still shown as stored (its pages answer, its file exports as it
is); these are the words that say what is wrong with it and who mends it where. The
rules core decides, from the night's file with every hand: the same check that
``python3 -m scoring.rules score`` makes of the exported file.

A night refused for its players' names alone ("Ann" and "ann": one person holding two
numbers, refused today) still has standings: the figures go by number, never by name.
``stored_standings`` scores such a night with the names set aside and gives its
standings with the names as stored, so it exports as stored (``export_night``), the
names to mend said apart.
"""

import re
from dataclasses import dataclass

from django.utils.translation import gettext

from scoring.core.records import documents
from scoring.core.records.documents import night_games, night_seats
from scoring.models import Game, Night
from scoring.rules import InvalidInput, read_night, score_night
from scoring.rules.names import normal_name
from scoring.words.problems import name_refused, spoken

# ``games[3].hands[2].jack``: the list, the game's index in it, and the rest of the place.
GAME_PLACE = re.compile(r"^(games|playoffs)\[(\d+)\]\.?(.*)$")


@dataclass(frozen=True)
class Mend:
    """One thing to mend: where (a game, or the night), what is wrong, who mends it how."""

    where: str
    problem: str
    who: str
    game: Game | None = None

    def __str__(self) -> str:
        return f"{self.where}: {self.problem} ({self.who})"


def night_mends(night: Night) -> list[Mend]:
    """What today's rules refuse in ``night`` as stored: nothing for a sound night."""
    seats, games = night_seats(night), night_games(night, with_hands=True)
    document = documents.night_document(night, seats, games, with_hands=True)
    try:
        read_night(document)
    except InvalidInput as invalid:
        mends = [mend_of(problem, games) for problem in invalid.problems]
    else:
        mends = []
    return [*names_refused(seats), *mends]


def stored_standings(night: Night) -> dict:
    """The ``cinch-standings/1`` document of ``night`` from its stored totals, as
    ``documents.standings``; a night today's rules refuse for its players' names alone is
    scored with each player named by number instead, its document then giving the names as
    stored. ``InvalidInput`` (the problems of the night as stored) when the night is
    refused for more than its names (an odd player count, a result out of reach)."""
    seats, games = night_seats(night), night_games(night)
    try:
        return documents.standings(night, seats, games)
    except InvalidInput as invalid:
        refused = invalid
    document = documents.night_document(night, seats, games, with_hands=False)
    names = {_stand_in(seat): seat.member.name for seat in seats}
    players = [
        _named(player, _stand_in(seat))
        for player, seat in zip(document["players"], seats, strict=True)
    ]
    try:
        standings = score_night(document | {"players": players})
    except InvalidInput:
        raise refused from None
    for row in standings["standings"]:
        row["players"] = [names[name] for name in row["players"]]
    for player in standings["money"]["players"]:
        player["name"] = names[player["name"]]
    return standings


def _stand_in(seat) -> str:
    """A name no two players share, whatever the members' names: ``#3``."""
    return f"#{seat.number}"


def _named(player, name: str):
    """``player`` of a night file (a name, or a house player's object) named ``name``."""
    return {**player, "name": name} if isinstance(player, dict) else name


def names_refused(seats) -> list[Mend]:
    """Players whose member's name the site refuses today (a character that shows nothing,
    say): the night file takes any text, the member's form does not."""
    mends = []
    for seat in seats:
        try:
            normal_name(seat.member.name)
        except ValueError as error:
            where = gettext("player %(number)s") % {"number": seat.number}
            mends.append(Mend(gettext("The night"), f"{where}: {name_refused(error)}", renamed()))
    return mends


def renamed() -> str:
    return gettext("a director renames the member in the admin's Members")


def game_mends(game: Game) -> list[Mend]:
    """The mends of the night that concern ``game``."""
    return [mend for mend in night_mends(game.night) if mend.game == game]


def mend_of(problem, games: list[Game]) -> Mend:
    """The problem with its game (in the file, games and play-offs come in the order made)."""
    place = GAME_PLACE.match(problem.place)
    if place is None:
        said = spoken(problem)
        if problem.place.startswith("players"):
            who = renamed()
        else:
            who = gettext("a director corrects the night's settings")
        return Mend(gettext("The night"), said, who)
    listed = sorted(
        (game for game in games if game.is_playoff == (place[1] == "playoffs")),
        key=lambda game: game.pk,
    )
    game = listed[int(place[2])]
    said = spoken(problem._replace(place=place[3]))
    if place[3].startswith("result"):
        who = gettext("a director re-opens the game on its page, then the result is corrected")
    else:
        who = gettext("a director re-opens the game on its page, then the hand is corrected")
    return Mend(game.label, said, who, game)
