"""The documents a night is written as: ``cinch-standings/1``, and money as text.

``summary_document`` writes a :class:`~scoring.rules.night.summary.Summary` as the
``cinch-standings/1`` document of night-format.md (English words, money as decimal
strings, ``money_text``), the one the CLI prints, ``manage.py export_night`` exports and
the site's downloads serve; ``score_night`` reads a ``cinch-night/1`` document, scores it
and writes it, all three steps. It decides nothing: every figure comes from the summary.
"""

from decimal import Decimal
from typing import NamedTuple

from scoring.rules.attendance import pair_of
from scoring.rules.night.reading import Night, NightGame, read_night
from scoring.rules.night.summary import Summary, summarise
from scoring.rules.pot import players_of

STANDINGS_FORMAT = "cinch-standings/1"


def money_text(amount: Decimal) -> str:
    """Money as a decimal string with at least two places: ``"2.00"``, ``"0.125"``."""
    cents = amount.quantize(Decimal("0.01"))
    return str(cents) if cents == amount else str(amount.normalize())


def standings_document(night: Night) -> dict:
    """The ``cinch-standings/1`` document of ``night``."""
    return summary_document(summarise(night))


def summary_document(summary: Summary) -> dict:
    """The ``cinch-standings/1`` document of a night already summarised: a page that
    shows the summary and the document scores the night once. Its rows are in the order
    of ``summary.ranking.records``; its words are English, whatever ``summary.blocked``
    was translated into (they are said again from ``said_blocked``)."""
    night = summary.night
    document = {"format": STANDINGS_FORMAT, "variant": night.variant_id}
    if night.ended_early:
        document["ended_early"] = True
    document |= {
        "standings": [_standing_row(record, night) for record in summary.ranking.records],
        "unresolved_ties": [list(tie.pairs) for tie in summary.ranking.ties],
        "games": [_game_row(game) for game in summary.finished],
    }
    void = night.void_games
    if void:
        document["void_games"] = [
            {"round": game.round, "table": game.table, "pairs": list(game.pairs)} for game in void
        ]
    document["money"] = _money_section(summary)
    return document


def _standing_row(record, night: Night) -> dict:
    row = {
        "rank": record.rank,
        "pair": record.pair,
        "players": [night.players[number - 1] for number in players_of(record.pair)],
        "wins": record.wins,
        "losses": record.losses,
        "pegs_for": record.pegs_for,
        "pegs_against": record.pegs_against,
        "cinches": record.cinches,
        "playoff_wins": record.playoff_wins,
    }
    if record.pair in night.withdrawn:
        row["withdrawn"] = True
    return row


def _game_row(game: NightGame) -> dict:
    outcome = game.outcome()
    row = {
        "round": game.round,
        "table": game.table,
        "pairs": list(game.pairs),
        "score": list(outcome.score),
        "cinches": list(outcome.cinches),
        "winner": outcome.winner,
        "money_bid": not game.forfeit and game.state.money_bid,
    }
    if game.forfeit:
        row["forfeit"] = True
    return row


def _money_section(summary: Summary) -> dict:
    fees, payout = summary.fees, summary.payout
    section = {
        "entries": money_text(fees.entries),
        "loss_fees": money_text(fees.loss_fees),
        "cinch_fees": money_text(fees.cinch_fees),
        "pot": money_text(fees.pot),
    }
    if payout is None:
        blocked = "; ".join(reason.say() for reason in summary.said_blocked)
        section |= {"blocked": blocked, "booby": None, "places": None}
    else:
        booby = summary.booby
        section["booby"] = (
            {"pair": booby.pair, "amount": money_text(booby.amount)} if booby is not None else None
        )
        section["places"] = [
            {"place": prize.place, "pair": prize.pair, "amount": money_text(prize.amount)}
            for prize in summary.places
        ]
    section["players"] = [
        {
            "number": line.number,
            "name": line.name,
            "paid": money_text(line.paid),
            "won": None if line.won is None else money_text(line.won),
        }
        for line in summary.ledger
    ]
    return section


class PlayerNight(NamedTuple):
    """A player's figures of one night, as its ``cinch-standings/1`` document gives them:
    what a record over many nights adds up. ``won`` is ``None`` while the payout is
    blocked."""

    number: int
    games_won: int
    cinches: int
    paid: Decimal
    won: Decimal | None


def player_nights(standings: dict) -> list[PlayerNight]:
    """Each player's figures from a ``cinch-standings/1`` document, its pair's wins and
    Cinches beside the player's money; none before a game is finished (a night not
    begun counts for no one)."""
    rows = {row["pair"]: row for row in standings["standings"]}
    if not any(row["wins"] for row in rows.values()):
        return []
    return [
        PlayerNight(
            number=player["number"],
            games_won=rows[pair_of(player["number"])]["wins"],
            cinches=rows[pair_of(player["number"])]["cinches"],
            paid=Decimal(player["paid"]),
            won=None if player["won"] is None else Decimal(player["won"]),
        )
        for player in standings["money"]["players"]
    ]


def score_night(doc) -> dict:
    """The ``cinch-standings/1`` document for a ``cinch-night/1`` document."""
    return standings_document(read_night(doc))
