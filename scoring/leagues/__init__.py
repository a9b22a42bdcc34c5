"""Leagues: clubs of one site that play for one ladder.

A *league* (``models.League``) is the host's: a name, its address ``/l/<slug>/``
(outside every club), the clubs that joined it and, as a season has, first and last
dates and ``best``. Its page lists the nights of its clubs side by side, each linking to
the night under its club's address, and its *league ladder*: the rules core's season
ladder over those nights, a player being one player of the league by name whichever
clubs they played for (as the season ladder keys players).

The clubs' rows are read across clubs in one place, ``selectors.league_read``, and only
those each club lets the reader see (its ``PUBLIC_PAGES``); no money is shown. It must
not write a club's rows nor score a night: the figures are the rules core's.
"""
