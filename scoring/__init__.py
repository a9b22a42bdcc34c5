"""The Cinch scoring app: a club's round-robin night, from the draw to the pot.

Vocabulary (as in rules.md): night, pair, round, table, game, hand, bid, side, Cinch,
play-off, pot. The scoring itself lives in the pure rules core, `scoring.rules`; this app
stores nights and shows them.
"""
