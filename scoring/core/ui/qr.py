"""An address as a QR code for a page or a sheet: every code the site shows or prints
(the hall's address, a table's or a pair's link, a scorer device's) is drawn here."""

from functools import lru_cache

import segno


# A night's codes and links are the same from one print to the next: each drawn once.
@lru_cache(maxsize=512)
def qr_image(url: str, scale: int = 3) -> str:
    """``url`` as a QR code, an SVG ``data:`` URI for an ``<img>`` (segno, error level M:
    a card a little creased still reads); ``scale`` is the size of a module."""
    return segno.make(url, error="m").svg_data_uri(scale=scale, border=2)


@lru_cache(maxsize=512)
def qr_print_image(url: str) -> str:
    """``url`` as a QR code for a printed sheet: a PNG ``data:`` URI of a pixel a module,
    which the print stylesheet scales up unsmoothed (``image-rendering: pixelated``).
    WeasyPrint embeds so small an image in a fraction of the time it draws the SVG's path
    (some 400 strokes a code)."""
    return segno.make(url, error="m").png_data_uri(scale=1, border=2)
