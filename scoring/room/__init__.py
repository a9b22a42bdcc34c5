"""The room on the night: the round board the people running it watch, the projector
view for the players across the hall, and the round's table cards.
"""
