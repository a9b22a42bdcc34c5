"""Printed sheets: the one renderer (``renderer``: template -> HTML -> PDF with
WeasyPrint), what goes on each sheet of a night (``sheets``), the sheets kept for every
worker (``kept_sheets``) and their pages on the web.
"""
