"""A player's night as their e-mail tells it: their place, their pair's games won and
lost, what they paid and won, the night's standings and their place on the season's
ladder. Every figure is the rules core's, read through the results' and the seasons'
selectors (``night_results``, ``season_ladder``); nothing is scored here.

A night is read once for all its players (``NightFigures``): a night of forty players
is scored once, its ladder ranked once.
"""

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from scoring.models import Member, Night
from scoring.results.selectors import NightResults, night_results
from scoring.rules.attendance import pair_of
from scoring.rules.names import name_key
from scoring.rules.pot import players_of
from scoring.seasons.selectors import night_season, season_ladder


@dataclass(frozen=True)
class StandingLine:
    """A row of the night's standings as the e-mail lists it."""

    rank: int
    pair: int
    names: str
    wins: int
    losses: int
    mine: bool


@dataclass(frozen=True)
class PlayerNight:
    """One player's figures of a night (money as ``Decimal``; ``won`` ``None`` while the
    prizes are not awarded, which a final night never is)."""

    number: int
    pair: int
    partner: str
    place: int
    wins: int
    losses: int
    paid: Decimal
    won: Decimal | None
    ladder_place: int | None
    season: str | None

    @property
    def net(self) -> Decimal | None:
        return None if self.won is None else self.won - self.paid

    def said(self) -> dict:
        """What the message says of the night itself, as kept with a sent message: a
        correction is due when it differs once the night is closed again (the ladder
        moves with other nights, so it is not part of it)."""
        return {
            "place": self.place,
            "wins": self.wins,
            "losses": self.losses,
            "paid": str(self.paid),
            "won": None if self.won is None else str(self.won),
        }


class NightFigures:
    """The figures of ``night`` for each of its players, read once."""

    def __init__(self, night: Night):
        self.night = night

    @cached_property
    def results(self) -> NightResults:
        return night_results(self.night)

    @cached_property
    def _ladder(self) -> tuple[str | None, dict[str, int]]:
        """The season the night counts in and each ladder player's rank, by name key."""
        season = night_season(self.night)
        if season is None:
            return None, {}
        ladder = season_ladder(season, known=self.results.kept_summary())
        ranks = {name_key(row["player"]): row["rank"] for row in ladder.document["ladder"]}
        return season.name, ranks

    @cached_property
    def standings(self) -> list[dict]:
        return self.results.standings["standings"]

    def numbers_of(self, member: Member) -> list[int]:
        """The numbers ``member`` drew that night (one, or none)."""
        return [seat.number for seat in self.results.seats if seat.member_id == member.pk]

    def player(self, member: Member) -> PlayerNight | None:
        """``member``'s night, or ``None`` if they held no number in it."""
        numbers = self.numbers_of(member)
        if not numbers:
            return None
        number = numbers[0]
        pair = pair_of(number)
        row = next(row for row in self.standings if row["pair"] == pair)
        line = next(line for line in self.results.ledger if line.number == number)
        partner_number = next(n for n in players_of(pair) if n != number)
        season, ranks = self._ladder
        return PlayerNight(
            number=number,
            pair=pair,
            partner=row["players"][players_of(pair).index(partner_number)],
            place=row["rank"],
            wins=row["wins"],
            losses=row["losses"],
            paid=line.paid,
            won=line.won,
            ladder_place=ranks.get(name_key(member.name)),
            season=season,
        )

    def standing_lines(self, member: Member) -> list[StandingLine]:
        """The night's standings, ``member``'s own pair marked."""
        numbers = self.numbers_of(member)
        mine = {pair_of(number) for number in numbers}
        return [
            StandingLine(
                rank=row["rank"],
                pair=row["pair"],
                names=self.results.names.get(row["pair"], ""),
                wins=row["wins"],
                losses=row["losses"],
                mine=row["pair"] in mine,
            )
            for row in self.standings
        ]
