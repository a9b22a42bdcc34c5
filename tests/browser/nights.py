"""The browser tests' night: twelve players, six pairs, the fifteen games of a 3-table
``club11`` round robin, with winners planned so that two pairs tie for a prize.

``test_evening`` plays it through the pages; the other browser tests, which look at a
page rather than at how it was filled, get it ready-made from the services
(:func:`played_night`), which is quicker.
"""

import datetime
import random

from scoring.games import services as games_services
from scoring.models import Game, Night
from scoring.nights import services as nights_services
from scoring.results import services as results_services

NIGHT_NAME = "Tuesday club night"
PLAYERS = ["Alma", "Burt", "Cleo", "Dewey", "Etta", "Floyd"]
PLAYERS += ["Greta", "Homer", "Ione", "Jasper", "Kit", "Lyle"]

# Who beats whom: pair 1 wins all five, pair 6 none; among pairs 2 to 5 it goes round,
# so pairs 2 and 3 end on 3 wins each (level for places 2 and 3) and pairs 4 and 5 on 2
# (level, but for no prize). Wins: 1: 5, 2: 3, 3: 3, 4: 2, 5: 2, 6: 0.
BEATS = {(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 6), (3, 6), (4, 6), (5, 6)}
BEATS |= {(2, 3), (2, 4), (3, 4), (3, 5), (4, 5), (5, 2)}
PLAYOFF_WINNER = 2  # of the play-off between pairs 2 and 3


def winner_of(pairs: tuple[int, int]) -> tuple[int, int]:
    """The planned winner and loser of the game between ``pairs``."""
    first, second = pairs
    return (first, second) if (first, second) in BEATS else (second, first)


def winner_of_playoff(pairs: tuple[int, int]) -> tuple[int, int]:
    return PLAYOFF_WINNER, sum(pairs) - PLAYOFF_WINNER


def all_to(pair: int) -> dict:
    return {"high": pair, "low": pair, "jack": pair, "game": pair}


def hands_by_cards(winner: int, loser: int) -> list[dict]:
    """Three hands card by card: 4 – 0, the loser set (a Cinch) 7 – −2, then 11 – −2."""
    return [
        {"bidder": winner, "bid": 4, "cards": all_to(winner)},
        {"bidder": loser, "bid": 2, "cards": all_to(winner) | {"low": loser}},
        {"bidder": winner, "bid": 4, "cards": all_to(winner)},
    ]


def rules_hand(hand: dict) -> dict:
    """A hand of :func:`hands_by_cards` as ``games.services.hand_record`` takes it."""
    return {"bidder": hand["bidder"], "bid": hand["bid"], **hand["cards"]}


def play(game: Game, winner: int, loser: int, *, hands: int = 3, user=None) -> None:
    """Enter the game's next hands of :func:`hands_by_cards`, up to ``hands`` in all."""
    planned = hands_by_cards(winner, loser)[game.hands.count() : hands]
    for hand in planned:
        games_services.hand_record(game=game, data=rules_hand(hand), user=user)


def played_night(*, user=None, last_game_hands: int = 3, playoff_hands=None) -> Night:
    """The night with its round-robin games won as planned, the last one only up to
    ``last_game_hands`` hands. ``playoff_hands``: start the play-off of pairs 2 and 3 and
    enter that many of its hands (3 wins it). ``user`` enters everything."""
    night = nights_services.night_create(
        name=NIGHT_NAME,
        date=datetime.date(2026, 11, 17),
        variant="club11",
        player_names=PLAYERS,
        user=user,
    )
    nights_services.night_draw(night=night, chance=random.Random(6), user=user)
    *games, last = nights_services.night_schedule(night=night, user=user)
    for game in games:
        play(game, *winner_of(game.pairs), user=user)
    play(last, *winner_of(last.pairs), hands=last_game_hands, user=user)
    if playoff_hands is not None:
        (playoff,) = results_services.playoffs_start(night=night, user=user)
        play(playoff, *winner_of_playoff(playoff.pairs), hands=playoff_hands, user=user)
    return night


def finish_night(night: Night, *, user=None) -> None:
    """Finish whatever :func:`played_night` left open, the play-off included."""
    for game in Game.objects.filter(night=night, is_playoff=False, winner=None):
        play(game, *winner_of(game.pairs), user=user)
    if not Game.objects.filter(night=night, is_playoff=True).exists():
        results_services.playoffs_start(night=night, user=user)
    for game in Game.objects.filter(night=night, is_playoff=True, winner=None):
        play(game, *winner_of_playoff(game.pairs), user=user)
