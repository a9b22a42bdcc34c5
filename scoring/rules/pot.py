"""The pot of a night in exact ``Decimal``: what every player paid, and who wins what.

Fees: the entry per player, and for each game lost, per player of the losing pair, the
loss fee and the Cinch fee for each Cinch recorded against the pair in that game (play-off
games and forfeits carry none). Prizes: the booby first, then the places by the split;
each share is rounded down to the night's unit and what is left goes to first place, so
the payouts always add up to the pot. A pair's share is split between its two players,
the lower number taking any odd unit. A house player pays nothing and wins nothing: the
partner pays only their own fees and takes the pair's whole share.
"""

from decimal import ROUND_DOWN, Decimal
from typing import NamedTuple

PLAYERS_PER_PAIR = 2


class MoneySettings(NamedTuple):
    """A night's money settings (rules.md, "The pot"); each defaults to seed 001's."""

    entry_fee: Decimal = Decimal("2.00")
    loss_fee: Decimal = Decimal("0.25")
    cinch_fee: Decimal = Decimal("0.10")
    booby_prize: Decimal = Decimal("4.00")
    split: tuple[Decimal, ...] = (Decimal("0.50"), Decimal("0.30"), Decimal("0.20"))
    unit: Decimal = Decimal("0.01")


class Fees(NamedTuple):
    """What came into the pot, with the counts behind each figure."""

    entries: Decimal
    loss_fees: Decimal
    cinch_fees: Decimal
    players: int
    games_lost: int
    cinches_charged: int
    paid: dict[int, Decimal]  # by player number

    @property
    def pot(self) -> Decimal:
        return self.entries + self.loss_fees + self.cinch_fees


class Payout(NamedTuple):
    """The prizes: the booby, the places in order, and the winnings of each prize winner."""

    booby: Decimal | None
    places: list[Decimal]
    won: dict[int, Decimal]


def players_of(pair: int) -> tuple[int, int]:
    """The numbers drawn by the two players of ``pair``."""
    return 2 * pair - 1, 2 * pair


def seats_of(pairs) -> tuple[int, ...]:
    """The numbers of every player of ``pairs``, in order."""
    return tuple(number for pair in pairs for number in players_of(pair))


def collect_fees(money: MoneySettings, pair_count: int, outcomes, house=frozenset()) -> Fees:
    """Every player's fees from the games played (``Outcome``s; no play-offs, no
    forfeits). A house player (a number in ``house``) pays nothing: no entry, no fee."""
    paying = [n for n in range(1, pair_count * PLAYERS_PER_PAIR + 1) if n not in house]
    paid = {number: Decimal(0) for number in house}
    paid |= {number: money.entry_fee for number in paying}
    games_lost = cinches_charged = loss_shares = cinch_shares = 0
    for game in outcomes:
        loser = game.loser
        cinches = game.cinches[game.pairs.index(loser)]
        games_lost += 1
        cinches_charged += cinches
        for number in players_of(loser):
            if number not in house:
                paid[number] += money.loss_fee + money.cinch_fee * cinches
                loss_shares += 1
                cinch_shares += cinches
    return Fees(
        entries=money.entry_fee * len(paying),
        loss_fees=money.loss_fee * loss_shares,
        cinch_fees=money.cinch_fee * cinch_shares,
        players=len(paying),
        games_lost=games_lost,
        cinches_charged=cinches_charged,
        paid=paid,
    )


BOOBY_FROM_PAIRS = 4


def prizes_offered(money: MoneySettings, pair_count: int) -> tuple[int, bool]:
    """How many places a night of ``pair_count`` pairs pays, and whether it has a booby."""
    return min(
        len(money.split), pair_count
    ), pair_count >= BOOBY_FROM_PAIRS and money.booby_prize > 0


def round_down(amount: Decimal, unit: Decimal) -> Decimal:
    return (amount / unit).to_integral_value(rounding=ROUND_DOWN) * unit


def split_between_players(amount: Decimal, unit: Decimal) -> tuple[Decimal, Decimal]:
    """``(lower-numbered player's share, the other's)``; the odd unit goes to the first."""
    half = round_down(amount / 2, unit)
    return amount - half, half


def pay_out(
    money: MoneySettings, pot: Decimal, places: list[int], booby: int | None, house=frozenset()
) -> Payout:
    """Shares of ``pot`` for the pairs in ``places`` (first first) and the ``booby`` pair.

    Places that cannot be awarded fold into first place; the booby never exceeds the pot.
    A house player (a number in ``house``) wins nothing: the partner takes the pair's share.
    """
    booby_amount = min(money.booby_prize, pot) if booby is not None else None
    remainder = pot - (booby_amount or 0)
    amounts = [round_down(remainder * share, money.unit) for share in money.split[1 : len(places)]]
    amounts.insert(0, remainder - sum(amounts, Decimal(0)))
    won = {}
    prizes = list(zip(places, amounts, strict=True))
    if booby is not None:
        prizes.append((booby, booby_amount))
    for pair, amount in prizes:
        lower, higher = players_of(pair)
        if lower in house or higher in house:
            won[lower], won[higher] = (
                (Decimal(0), amount) if lower in house else (amount, Decimal(0))
            )
        else:
            won[lower], won[higher] = split_between_players(amount, money.unit)
    return Payout(booby=booby_amount, places=amounts, won=won)


def stake_pot(stake: Decimal, player_count: int) -> Decimal:
    """A table's pot: every player puts in the stake."""
    return stake * player_count


def share_stake(pot: Decimal, winners: list[int], unit: Decimal) -> dict[int, Decimal]:
    """A table's pot shared by its ``winners`` (player numbers): equal shares rounded down
    to ``unit``, the units left over to the lowest-numbered winner (seed 003: "the stake
    should be divided amongst the successful hands"), so the shares add up to the pot."""
    share = round_down(pot / len(winners), unit)
    won = dict.fromkeys(winners, share)
    won[min(winners)] += pot - share * len(winners)
    return won
