"""Seasons: the nights a season takes, its ladder (the rules core's, from the nights'
kept standings), its file and its printed sheet.
"""
