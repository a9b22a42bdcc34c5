"""WSGI entry point of ``make hall``'s Hypercorn: the site's application
(``cinch_club.wsgi``), with the cap on connections per address
(``cinch_club.connection_cap``) set in the worker process that imports it.

Hypercorn imports this module in each worker before the worker listens; its config file
(``hypercorn.conf.py``) is read by the parent alone, so the cap cannot be set there.
"""

from cinch_club import connection_cap

connection_cap.install()

from cinch_club.wsgi import application  # noqa: E402 (the cap first: it fails fast)

__all__ = ["application"]
