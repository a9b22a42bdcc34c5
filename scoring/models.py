"""Database models of the scoring app: none yet; the night, pair, game and hand models
arrive with the next issue. Scoring rules stay in `scoring.rules`, never here.
"""
