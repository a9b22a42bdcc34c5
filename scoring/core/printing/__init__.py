"""The printed sheets' machinery: template -> HTML -> PDF (``renderer``), a sheet's
render in parts, each kept (``jobs``), sheets made once for everyone, the big ones by the
task queue's workers (``kept_sheets``), and the answer a page gives for one (``pages``).
"""
