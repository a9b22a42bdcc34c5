"""A straightforward club11 scorer, kept only to measure the rules core against.

It never scores for the site: it checks nothing beyond what a well-formed night file
needs, knows no other variant, no forfeit, no play-off and no money. ``bench/run.py
naive`` runs it and ``python3 -m scoring.rules score`` on the same night file as fresh
processes, checks that they agree on every pair's games won and pegs, and prints how
long each takes. Standard library only, and no import of ``scoring``: it is the plain
way to do the sum, the yardstick for the core's start-up, reading and pegging.

``python3 bench/naive_score.py FILE`` prints ``{"standings": [{"pair", "wins",
"losses", "pegs_for", "pegs_against", "cinches"}, ...]}``, most wins first.

club11 as rules.md has it: High, Low, Jack and Game score 1 each; made, the bidders peg
what they took, failed, they go back by the bid and are charged a Cinch (at most 5 a
game); the defenders always peg what they took; a Money bid pegs nothing and wins the
game with all four points, loses it (and a Cinch) otherwise; first to 11, and when both
reach it on one hand the bidders win.
"""

import json
import sys

TARGET = 11
CINCH_CAP = 5
CARDS = ("high", "low", "jack", "game")


def points_taken(pairs, hand):
    """The points each pair took, in the game's order: given, or counted from the cards."""
    if "points" in hand:
        return hand["points"]
    taken = [0, 0]
    for card in CARDS:
        owner = hand.get(card)
        if owner is not None:
            taken[pairs.index(owner)] += 1
    return taken


def play(pairs, hands):
    """``(scores, cinches, winner index)`` of a game's hands; winner ``None`` if unfinished."""
    scores, cinches = [0, 0], [0, 0]
    for hand in hands:
        if hand.get("passed"):
            continue
        bidder = pairs.index(hand["bidder"])
        other = 1 - bidder
        taken = points_taken(pairs, hand)
        bid = hand["bid"]
        if bid == "money":
            if taken[bidder] == len(CARDS):
                return scores, cinches, bidder
            cinches[bidder] = min(cinches[bidder] + 1, CINCH_CAP)
            return scores, cinches, other
        if taken[bidder] >= bid:
            scores[bidder] += taken[bidder]
        else:
            scores[bidder] -= bid
            cinches[bidder] = min(cinches[bidder] + 1, CINCH_CAP)
        scores[other] += taken[other]
        if scores[bidder] >= TARGET:
            return scores, cinches, bidder
        if scores[other] >= TARGET:
            return scores, cinches, other
    return scores, cinches, None


def standings(night):
    pair_count = len(night["players"]) // 2
    table = {
        pair: {"pair": pair, "wins": 0, "losses": 0, "pegs_for": 0, "pegs_against": 0, "cinches": 0}
        for pair in range(1, pair_count + 1)
    }
    for game in night["games"]:
        pairs = game["pairs"]
        if "result" in game:
            result = game["result"]
            scores, cinches = result["score"], result["cinches"]
            winner = pairs.index(result["winner"])
        elif "hands" in game:
            scores, cinches, winner = play(pairs, game["hands"])
            if winner is None:
                continue
        else:
            continue
        for i, pair in enumerate(pairs):
            row = table[pair]
            row["pegs_for"] += scores[i]
            row["pegs_against"] += scores[1 - i]
            row["cinches"] += cinches[i]
        table[pairs[winner]]["wins"] += 1
        table[pairs[1 - winner]]["losses"] += 1
    return sorted(table.values(), key=lambda row: (-row["wins"], row["pair"]))


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        night = json.load(handle)
    print(json.dumps({"standings": standings(night)}, indent=2))


if __name__ == "__main__":
    main()
