"""A game and its hands: the game page, entering, correcting and deleting a hand, the
pegboard result, confirming, disputing and settling it (``confirmation``), the entry key
each phone's post carries (``entries``), re-opening a game, corrections and restores
from its audit trail.
"""
