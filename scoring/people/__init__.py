"""The club's logins: directors and scorers, the people page that adds them, and
changing one's own password.
"""
