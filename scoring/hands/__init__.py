"""A hand, wherever it is typed: one form built from the variant's sides (``forms``), one
path of save, correction and deletion (``writes``), one base of the pages (``views``):
for a night's game and for a table of single players alike.
"""
