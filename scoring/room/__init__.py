"""The room on the night: the round board the people running it watch, the projector
view for the players across the hall, the round's table cards, and a scorer device's
first page (the night's games, as the round board lists them).
"""
