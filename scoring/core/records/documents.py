"""Night files: the ``cinch-night/1`` document of a night in the database, and its parts.

The site scores exactly as ``python3 -m scoring.rules score`` does because it hands the
rules core the same document: ``night_document`` builds it from the stored rows, and
``standings`` passes it to :func:`scoring.rules.score_night`. For standings a finished
game is given as its stored result (the totals the services keep), so no hand is
re-folded; the downloadable file gives every hand as entered (``night_file``). The reads
it is built from, the night's seats and its games in pattern order, are here too: every
feature that prints, scores or exports a night reads them so.
"""

from django.db.models import Count, Prefetch

from scoring.models import Game, Hand, Night, Seat
from scoring.rules import read_night, score_night
from scoring.rules.night.documents import money_text
from scoring.rules.night.summary import Summary, summarise
from scoring.rules.variant import PEDRO_CARDS
from scoring.words.problems import say

NIGHT_FORMAT = "cinch-night/1"
# Every scoring card of every variant, in the order the variants list them.
CARD_ORDER = tuple(card.key for card in PEDRO_CARDS)


def hand_data(hand) -> dict:
    """A stored hand as the rules core reads it."""
    if hand.passed:
        return {"passed": True}
    return {"bidder": hand.bidder, "bid": "money" if hand.money else hand.bid} | play_data(hand)


def play_data(hand) -> dict:
    """How a stored hand (a pair's or a table's) was played: the points as typed, or who
    took each card; and the revoke, if any."""
    data = {"points": list(hand.points)} if hand.points is not None else cards_data(hand.cards)
    if hand.revoke is not None:
        data["revoke"] = hand.revoke
    return data


def cards_data(cards: dict | None) -> dict:
    """Who took each card, in the cards' own order (High, Low, Jack, Game, the Pedros):
    PostgreSQL keeps JSON keys in an order of its own, and a night file must be the same
    bytes from either database."""
    cards = cards or {}
    ordered = {key: cards[key] for key in CARD_ORDER if key in cards}
    return ordered | cards


def hand_fields(data: dict, card_keys) -> dict:
    """Model fields for a hand the rules core has accepted (the inverse of ``hand_data``)."""
    if data.get("passed"):
        return dict(
            passed=True, bidder=None, bid=None, money=False, revoke=None, cards=None, points=None
        )
    money = isinstance(data["bid"], str)
    return dict(
        passed=False,
        bidder=data["bidder"],
        bid=None if money else data["bid"],
        money=money,
        **play_fields(data, card_keys),
    )


def play_fields(data: dict, card_keys) -> dict:
    """Model fields for how an accepted hand was played (the inverse of ``play_data``)."""
    points = data.get("points")
    return dict(
        revoke=data.get("revoke"),
        cards=None if points is not None else {key: data.get(key) for key in card_keys},
        points=list(points) if points is not None else None,
    )


def result_data(game) -> dict:
    """A finished game's stored totals as a pegboard ``result``."""
    result = {
        "winner": game.winner,
        "score": [game.score_a, game.score_b],
        "cinches": [game.cinches_a, game.cinches_b],
    }
    if game.money_bid:
        result["money"] = True
    return result


def game_data(game, *, with_hands: bool) -> dict:
    """A game as the night file gives it. A forfeit carries nothing played; substitutes
    (no figure) come with the hands, from the prefetched ``substitutes``."""
    data = {} if game.is_playoff else {"round": game.round, "table": game.table}
    data["pairs"] = [game.pair_a, game.pair_b]
    if game.forfeit:
        return data
    if with_hands and not game.is_playoff:
        sat = {str(sub.number): sub.name for sub in game.substitutes.all()}
        if sat:
            data["sat"] = sat
    if not game.confirmed:
        data["confirmed"] = False
    if game.confirmed_by:
        data["confirmed_by"] = game.confirmed_by
    if game.from_pegboard or (game.winner is not None and not with_hands):
        data["result"] = result_data(game)
    elif with_hands:
        hands = [hand_data(hand) for hand in game.hands.all()]
        if hands:
            data["hands"] = hands
    return data


def money_data(night) -> dict:
    return {
        "entry_fee": money_text(night.entry_fee),
        "loss_fee": money_text(night.loss_fee),
        "cinch_fee": money_text(night.cinch_fee),
        "booby_prize": money_text(night.booby_prize),
        "split": list(night.split),
        "unit": money_text(night.unit),
    }


def night_document(night, seats, games, *, with_hands: bool = True) -> dict:
    """The ``cinch-night/1`` document of ``night`` from its seats and games.

    ``games`` need their hands and substitutes prefetched when ``with_hands`` is true.
    Games are listed in the order they were made (the schedule's, or an imported file's),
    so a night file comes back out in the order it went in.
    """
    games = sorted(games, key=lambda game: game.pk)
    return (
        {
            "format": NIGHT_FORMAT,
            "name": night.name,
            "date": night.date.isoformat(),
            "variant": night.variant,
            "tiebreak": night.tiebreak,
            "money": money_data(night),
            "players": [player_data(seat) for seat in seats],
            "games": [
                game_data(game, with_hands=with_hands) for game in games if not game.is_playoff
            ],
            "playoffs": [
                game_data(game, with_hands=with_hands) for game in games if game.is_playoff
            ],
        }
        | ({"withdrawn": list(night.withdrawn)} if night.withdrawn else {})
        | ({"ended_early": True} if night.ended_early else {})
    )


def player_data(seat):
    """A name, or ``{"name": ..., "house": true}`` for a house player."""
    return {"name": seat.member.name, "house": True} if seat.house else seat.member.name


def standings(night, seats, games) -> dict:
    """The ``cinch-standings/1`` document of the night, from the stored totals."""
    return score_night(night_document(night, seats, games, with_hands=False))


def summary(night, seats, games, *, ended_early: bool | None = None) -> Summary:
    """The rules core's summary of the night (ranks, ties, fees with counts, payout), why
    it cannot be paid yet said in the page's language; ``ended_early`` true: as ending
    the night now would make it (the rules core refuses while a pair has no finished game)."""
    document = night_document(night, seats, games, with_hands=False)
    if ended_early is not None:
        document = {key: value for key, value in document.items() if key != "ended_early"}
        document |= {"ended_early": True} if ended_early else {}
    summary = summarise(read_night(document))
    return summary._replace(blocked=[say(reason) for reason in summary.said_blocked])


def night_seats(night: Night) -> list[Seat]:
    return list(Seat.objects.filter(night=night).select_related("member").order_by("number"))


def night_games(
    night: Night, *, with_hands: bool = False, with_hand_counts: bool = False
) -> list[Game]:
    """The night's games in pattern order; ``with_hand_counts`` adds ``hand_count``."""
    games = Game.objects.filter(night=night).order_by("is_playoff", "round", "table", "id")
    if with_hand_counts:
        games = games.annotate(hand_count=Count("hands"))
    if with_hands:
        games = games.prefetch_related(
            Prefetch("hands", queryset=Hand.objects.order_by("position")), "substitutes"
        )
    return list(games)


def night_file(night: Night) -> dict:
    """The downloadable ``cinch-night/1`` document, every hand as entered."""
    return night_document(
        night, night_seats(night), night_games(night, with_hands=True), with_hands=True
    )
