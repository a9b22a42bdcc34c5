"""Settings for production: no debug, a real SECRET_KEY, HTTPS only."""

from django.core.exceptions import ImproperlyConfigured

from cinch_club import env

from .base import *  # noqa: F403

if not env.SECRET_KEY or env.SECRET_KEY == env.DEV_SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set to a secret value in production")

DEBUG = False

SECURE_SSL_REDIRECT = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
# Not preloaded: joining browsers' preload lists is hard to undo; a deployer opts in.
SECURE_HSTS_PRELOAD = False
SECURE_REFERRER_POLICY = "same-origin"
