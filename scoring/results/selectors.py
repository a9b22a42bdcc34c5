"""Reads of the end of the night: standings, play-offs and the pot from the rules core's
summary, the cash counted against it, when the night was closed, and each member's
record from the kept rows of every night played (``MemberNight``). A fixed number of
queries however many games or nights; the figures are the rules core's, only added up
here to show that they add up.
"""

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from django.db.models import Count, Sum
from django.utils.translation import gettext

from scoring.core.records import documents, kept_summaries
from scoring.core.records.documents import night_games, night_seats
from scoring.core.records.pairs import pair_names
from scoring.models import (
    CashCount,
    Game,
    Member,
    MemberNight,
    Night,
    NightSummary,
    Seat,
    Substitute,
    TablePlayer,
)
from scoring.rules import live
from scoring.rules.night.documents import summary_document
from scoring.rules.night.summary import LedgerLine, Prize, Summary
from scoring.rules.pot import share_stake, stake_pot
from scoring.rules.standings import PlayoffProposal, propose_playoffs
from scoring.words.names import by_name
from scoring.words.places import place_words
from scoring.words.problems import say


def night_standings(night: Night) -> dict:
    """The ``cinch-standings/1`` document, from the stored game totals."""
    return documents.standings(night, night_seats(night), night_games(night))


@dataclass(frozen=True)
class PrizeSoFar:
    """A prize as the pot stands now (``live.PrizeShare``), in the page's words."""

    place: int | None
    amount: Decimal
    words: str


@dataclass
class NightResults:
    """The night as the club sees it at the end of the evening, read in two queries and
    scored once (``summary``): the standings document and its rows are derived from it.
    A page builds it once per request (``results.pages.NightResultsPage``)."""

    night: Night
    seats: list[Seat]
    games: list[Game]
    names: dict[int, str]
    summary: Summary

    @cached_property
    def standings(self) -> dict:
        """The ``cinch-standings/1`` document (what ``export_night`` prints)."""
        return summary_document(self.summary)

    def kept_summary(self) -> NightSummary:
        """The night's summary as ``kept_summaries`` keeps it, from this read: a page that
        shows the night and a ladder it counts in scores it once."""
        return NightSummary(
            night=self.night,
            as_of=self.night.updated_at,
            players=[seat.member.name for seat in self.seats],
            standings=self.standings,
        )

    @property
    def playoffs(self) -> list[Game]:
        return [game for game in self.games if game.is_playoff]

    @cached_property
    def proposals(self) -> list[PlayoffProposal]:
        """The next whole round of play-offs each prize tie needs (the rules core's)."""
        proposals = propose_playoffs(self.summary.ranking.ties, self.playoffs, self.night.tiebreak)
        return live.playoffs_due(proposals, round_robin_done=self.round_robin_done)

    @cached_property
    def standing_rows(self) -> list[dict]:
        """The standings rows with the games each pair has ``played`` and the prize it is
        on ``course`` for (provisional until the night is final), as the rules core says."""
        records = self.summary.ranking.records  # the document's rows, in their order
        courses = {
            pair: course._replace(words=say(course.said))
            for pair, course in live.prizes_on_course(
                self.summary.ranking, final=self.night.is_final
            ).items()
        }
        return [
            row | {"played": live.played(record), "course": courses.get(record.pair)}
            for row, record in zip(self.standings["standings"], records, strict=True)
        ]

    @property
    def prizes_so_far(self) -> list["PrizeSoFar"]:
        summary = self.summary
        night = summary.night
        shares = live.prizes_so_far(night.money, summary.fees.pot, len(night.pairs_in_the_prizes))
        return [PrizeSoFar(share.place, share.amount, say(share.said)) for share in shares]

    @property
    def unfinished(self) -> list[Game]:
        """Games and play-offs not finished, in pattern order (ended early, the play-offs
        only: the other games are void)."""
        return [
            game
            for game in self.games
            if not game.finished and (game.is_playoff or not self.night.ended_early)
        ]

    @property
    def round_robin_done(self) -> bool:
        """Every scheduled game is finished and no pairing lacks one (play-offs may start)."""
        if self.night.ended_early:  # the games not finished are void
            return True
        scheduled = [game for game in self.games if not game.is_playoff]
        done = bool(scheduled) and all(game.finished for game in scheduled)
        return done and not self.summary.missing

    def tie_names(self, tie) -> list[str]:
        return [
            gettext("Pair %(pair)s (%(names)s)")
            % {"pair": pair, "names": self.names.get(pair, "—")}
            for pair in tie.pairs
        ]

    @property
    def places(self) -> list[Prize]:
        return self.summary.places

    @property
    def booby(self) -> Prize | None:
        return self.summary.booby

    @property
    def ledger(self) -> list[LedgerLine]:
        """Every player's paid, won and net: the rules core's ledger."""
        return self.summary.ledger

    @property
    def paid_out(self) -> Decimal | None:
        """The places and the booby added up: the check that they make the pot."""
        if self.summary.payout is None:
            return None
        return sum((prize.amount for prize in (*self.places, self.booby) if prize), Decimal(0))

    @property
    def players_paid(self) -> Decimal:
        """What the players paid, added up: the check that it makes the pot."""
        return sum((line.paid for line in self.ledger), Decimal(0))

    @property
    def players_won(self) -> Decimal | None:
        if self.summary.payout is None:
            return None
        return sum((line.won for line in self.ledger), Decimal(0))

    @property
    def paid_out_check(self) -> "PotCheck | None":
        """The prizes added up against the pot, once they are awarded."""
        if self.paid_out is None:
            return None
        pot = self.summary.fees.pot
        return PotCheck("paid-out-check", gettext("Paid out"), self.paid_out, pot)

    @property
    def ledger_checks(self) -> list["PotCheck"]:
        """What the players paid and (once the prizes are awarded) won, against the pot."""
        pot = self.summary.fees.pot
        checks = [PotCheck("paid-check", gettext("Players paid"), self.players_paid, pot)]
        if self.players_won is not None:
            checks.append(PotCheck("won-check", gettext("Players won"), self.players_won, pot))
        return checks


@dataclass(frozen=True)
class PotCheck:
    """A sum that must make the pot: ``holds`` when it does."""

    key: str
    words: str
    amount: Decimal
    pot: Decimal

    @property
    def holds(self) -> bool:
        return self.amount == self.pot


def night_results(night: Night, seats=None, games=None) -> NightResults:
    """Standings, ties, fees and prizes of ``night`` from its stored totals; from the
    ``seats`` and ``games`` (with ``hand_count``) a page has read already, if it has.

    Raises the rules core's ``InvalidInput`` for a night that cannot be scored yet.
    """
    seats = night_seats(night) if seats is None else seats
    games = night_games(night, with_hand_counts=True) if games is None else games
    summary = documents.summary(night, seats, games)
    return NightResults(night, seats, games, pair_names(seats), summary)


@dataclass
class MemberSeason:
    """A member's record over every night played (a seat in a night with a game finished).

    ``paid`` counts the games finished so far; ``won`` counts the nights whose prizes are
    awarded (not those still blocked by unfinished games or a prize tie).
    """

    member: Member
    nights: int = 0
    games_won: int = 0
    cinches: int = 0
    paid: Decimal = Decimal(0)
    won: Decimal = Decimal(0)
    sat: list[str] = field(default_factory=list)
    # Table games (``TableGame``), counted apart from the nights once finished.
    tables: int = 0
    tables_won: int = 0
    stake_won: Decimal = Decimal(0)

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def net(self) -> Decimal:
        return self.won - self.paid


def members_season() -> list[MemberSeason]:
    """Every member's season, by name: the kept ``MemberNight`` rows added up in SQL with
    the members (one query, a covering index's scan), the nights changed since they were
    kept taken out and added again from their documents computed for the read (one query
    to find none, four when any is), and one query each for the games sat in for others
    and the table games."""
    members = by_name(_members_with_kept_totals(), lambda member: member.name)
    by_member = {member.pk: _season(member) for member in members}
    stale_kept, stale_now = kept_summaries.stale_member_nights()
    for row in stale_kept:
        _add_night(by_member[row.member_id], row, -1)
    for row in stale_now:
        _add_night(by_member[row.member_id], row)
    _add_substitutes(by_member)
    _add_tables(by_member)
    return [by_member[member.pk] for member in members]


def _members_with_kept_totals():
    """Every member with the sums of their kept rows (``MemberNight``), stale or not, each
    sum ``None`` for a member with none."""
    return Member.objects.annotate(
        kept_nights=Count("member_nights"),
        kept_games_won=Sum("member_nights__games_won"),
        kept_cinches=Sum("member_nights__cinches"),
        kept_paid=Sum("member_nights__paid"),
        kept_won=Sum("member_nights__won"),
    )


def _season(member: Member) -> MemberSeason:
    return MemberSeason(
        member,
        nights=member.kept_nights,
        games_won=member.kept_games_won or 0,
        cinches=member.kept_cinches or 0,
        paid=member.kept_paid or Decimal(0),
        won=member.kept_won or Decimal(0),
    )


def _add_substitutes(seasons: dict[int, MemberSeason]) -> None:
    """The games each member sat in for someone: ``Zed for Ann (Tuesday, round 2)``; the
    number holders' names in one more query, only when anybody sat in."""
    substitutes = list(
        Substitute.objects.filter(member__isnull=False)
        .select_related("game__night")
        .order_by("game__night__date", "game__round")
    )
    if not substitutes:
        return
    seats = Seat.objects.filter(night_id__in={sub.game.night_id for sub in substitutes})
    holders = {(s.night_id, s.number): s.member.name for s in seats.select_related("member")}
    for sub in substitutes:
        game = sub.game
        holder = holders.get(
            (game.night_id, sub.number), gettext("number %(number)s") % {"number": sub.number}
        )
        seasons[sub.member_id].sat.append(
            gettext("%(name)s for %(holder)s (%(night)s, round %(round)s)")
            % {"name": sub.name, "holder": holder, "night": game.night.name, "round": game.round}
        )


def _add_tables(seasons: dict[int, MemberSeason]) -> None:
    """Each finished table's game, win and share of the stake (the rules core's split of
    the pot among the stored winners), apart from the nights' figures."""
    for seat in TablePlayer.objects.select_related("table").exclude(table__winners=[]):
        table, season = seat.table, seasons[seat.member_id]
        season.tables += 1
        if seat.number in table.winners:
            season.tables_won += 1
            if table.stake is not None:
                pot = stake_pot(table.stake, len(table.scores))
                season.stake_won += share_stake(pot, table.winners, table.unit)[seat.number]


def _add_night(season: MemberSeason, row: MemberNight, sign: int = 1) -> None:
    """A night's row added (or, ``sign`` -1, taken out: a kept row since gone stale)."""
    season.nights += sign
    season.games_won += sign * row.games_won
    season.cinches += sign * row.cinches
    season.paid += sign * row.paid
    if row.won is not None:
        season.won += sign * row.won


@dataclass(frozen=True)
class Closing:
    """A night marked final (``closed``) or re-opened, or (``ended_early`` not ``None``)
    ended early or re-opened after that: by whom and when."""

    closed: bool
    when: object
    who: str
    ended_early: bool | None = None


def night_closings(night: Night) -> list[Closing]:
    """When the night was marked final and re-opened, and ended early and re-opened
    after that, oldest first, from its history."""
    records = Night.history.filter(id=night.pk).select_related("history_user")
    closings, final, ended = [], False, False
    for record in records.order_by("history_date", "history_id"):
        user = record.history_user
        who = user and user.get_username() or "—"
        if record.is_final != final:
            closings.append(Closing(record.is_final, record.history_date, who))
            final = record.is_final
        if record.ended_early != ended:
            closings.append(Closing(final, record.history_date, who, record.ended_early))
            ended = record.ended_early
    return closings


def waiting_playoffs(night: Night) -> int:
    """How many of the night's play-offs are not finished (a tie-break switch removes them)."""
    return Game.objects.filter(night=night, is_playoff=True, winner__isnull=True).count()


@dataclass(frozen=True)
class Envelope:
    """A prize's envelope: its ``place`` (``None``: the booby) and what it should hold."""

    place: int | None
    expected: Decimal

    @property
    def label(self) -> str:
        return place_words(self.place)


OLD_PLACE = re.compile(r"Place (\d+)")


def counted_envelopes(count: CashCount) -> list[dict]:
    """A kept count's envelopes as the page's language says them, each with its ``label``,
    ``expected``, ``counted`` (``Decimal``) and whether it is ``short``. The place is kept
    with each envelope; a count kept before that has the label in English ("Place 1",
    "Booby prize"), read back to its place."""
    shown = []
    for stored in count.envelopes:
        if "place" in stored:
            place = stored["place"]
        elif match := OLD_PLACE.fullmatch(stored.get("prize", "")):
            place = int(match.group(1))
        else:
            place = None
        expected, counted = Decimal(stored["expected"]), Decimal(stored["counted"])
        shown.append(
            {
                "label": place_words(place),
                "expected": expected,
                "counted": counted,
                "short": counted < expected,
                "missing": expected - counted,
            }
        )
    return shown


def envelopes(summary) -> list[Envelope]:
    """The prize envelopes of a night that can be paid out (none while it is blocked)."""
    payout = summary.payout
    if payout is None:
        return []
    places = [Envelope(n, amount) for n, amount in enumerate(payout.places, start=1)]
    booby = [Envelope(None, payout.booby)] if summary.ranking.booby is not None else []
    return places + booby


def cash_counts(night: Night) -> list[CashCount]:
    """The night's counts, newest first, with who counted."""
    return list(night.cash_counts.select_related("counted_by").order_by("-counted_at", "-id"))
