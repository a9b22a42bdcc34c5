"""What the pages and sheets say, in the reader's language: dates, lists, money, names,
places, the rules core's problems, why a game was won. Below the models (a model's name
is said with them), above the rules core; no database.
"""
