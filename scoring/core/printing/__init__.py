"""The printed sheets' machinery: template -> HTML -> PDF (``renderer``), sheets kept and
rendered once (``kept_sheets``), and the answer a page gives for one (``pages``).
"""
