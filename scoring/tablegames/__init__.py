"""Table games: single games of 2 to 6 single players, on their own or beside a night
(not to be confused with a night's tables, where pairs play, nor with django-tables2's
tables, which every feature lays out in its ``tables.py``).
"""
