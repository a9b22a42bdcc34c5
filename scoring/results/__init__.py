"""The end of the night: standings, ties and play-offs, the pot and its ledger, the cash
counted, closing and re-opening a night, and each member's record over every night.
"""
