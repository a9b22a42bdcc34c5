"""Settings for ``make hall``: the production settings, served straight to the players'
phones on the hall's network, with no proxy in front.

Plain HTTP is the rule in a hall (no certificate, no domain name): no redirect to HTTPS,
cookies that travel over HTTP, no HSTS. What keeps it safe is ``HallMiddleware``
(``scoring.core.http.hall``): off this machine, over plain HTTP, a visitor is the public,
and signing in is refused with a page that says where to do it. With
``HALL_CERT``/``HALL_KEY`` Hypercorn serves HTTPS and the usual secure cookies return.
``scripts/hall`` sets ``SECRET_KEY``, ``SITE_URL`` and ``ALLOWED_HOSTS`` for it.
"""

from django.core.exceptions import ImproperlyConfigured

from cinch_club import env

from .prod import *  # noqa: F403

HALL_GUARD = True
_HTTPS = bool(env.HALL_CERT)

SECURE_SSL_REDIRECT = False
SECURE_PROXY_SSL_HEADER = None  # no proxy: Hypercorn itself says whether it is HTTPS
SECURE_HSTS_SECONDS = 0  # an address on a hall's network, not a domain to pin
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = _HTTPS

if env.TRUSTED_PROXY_COUNT:
    # Hypercorn listens on the hall's network itself: any phone could write the header.
    raise ImproperlyConfigured("make hall has no proxy in front: unset TRUSTED_PROXY_COUNT")
