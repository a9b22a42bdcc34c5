"""When the night does not go to plan: a substitute for one game, a pair that
withdraws (and comes back), a late pair taking the bye.
"""
