"""WSGI entry point of ``make hall``'s Hypercorn: the site's application
(``cinch_club.wsgi``) behind the guard that lets only whole requests through
(``cinch_club.whole_bodies``), with the cap on connections per address
(``cinch_club.connection_cap``) set in the worker process that imports it.

Hypercorn imports this module in each worker before the worker listens; its config file
(``hypercorn.conf.py``) is read by the parent alone, so the cap cannot be set there.
"""

from cinch_club import connection_cap

connection_cap.install()

from cinch_club.whole_bodies import WholeBodies  # noqa: E402 (the cap first: it fails fast)
from cinch_club.wsgi import application as site  # noqa: E402

application = WholeBodies(site)

__all__ = ["application"]
