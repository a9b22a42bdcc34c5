"""A night from its making to its schedule: the nights list, the new-night form and
the import of a night file, the draw and its swaps, the pattern table, and a director's
edits, deletion and archiving of a night.
"""
