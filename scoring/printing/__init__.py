"""A night's printed sheets: what goes on each (``sheets``), the pair cards with their
codes (``pair_cards``), the night's sheets as the kept sheets know them
(``night_sheets``), and their pages on the web. The machinery is core's
(``core.printing``).
"""
