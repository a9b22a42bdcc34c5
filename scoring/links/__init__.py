"""The phones at the tables: a pair's code for the night (``codes``, ``pairs``), one
signed link per game and pair (``tokens``), a second scorer's device (``scorers``), the
browser a code is used from (``devices``), the phone pages behind them, the news they
poll, and how often each may be used (``refusals``).
"""
