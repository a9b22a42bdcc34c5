"""A round-robin night: its file read (``reading``), scored (``summary``) and written
(``documents``), each step apart so that a page can take the one it needs.

Nothing is imported here: callers name the module they use.
"""
