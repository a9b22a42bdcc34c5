"""A game and its hands: the game page, entering, correcting and deleting a hand, the
pegboard result, re-opening a game, corrections and restores from its audit trail.
"""
