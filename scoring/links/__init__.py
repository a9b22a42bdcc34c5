"""A table's phone links: one signed link per game and pair (``tokens``), the device a
link is used from (``devices``), the phone's page behind it, the news it polls, and the
confirmation or dispute of a result.
"""
