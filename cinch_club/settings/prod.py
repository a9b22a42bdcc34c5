"""Settings for production: no debug, a real SECRET_KEY, HTTPS only."""

from django.core.exceptions import ImproperlyConfigured

from cinch_club import env

from .base import *  # noqa: F403

if not env.SECRET_KEY or env.SECRET_KEY == env.DEV_SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set to a secret value in production")

DEBUG = False

SECURE_SSL_REDIRECT = True
# gunicorn sits behind a proxy that ends TLS and says so in X-Forwarded-Proto; without
# this every request would look like plain HTTP and be redirected for ever. The proxy
# must set the header itself (overwriting any a client sent), as docs/install/production.md says.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
# Not preloaded: joining browsers' preload lists is hard to undo; a deployer opts in.
SECURE_HSTS_PRELOAD = False
# So `check --deploy` would warn (W021) on every run; the choice above is deliberate, and
# a warning that is always there hides the ones that matter.
SILENCED_SYSTEM_CHECKS = ["security.W021"]
SECURE_REFERRER_POLICY = "same-origin"

# whitenoise serves the collected static files from the WSGI process itself, right after
# SecurityMiddleware as it asks. Only here: elsewhere runserver serves them, and whitenoise
# would warn on every start that STATIC_ROOT (filled by collectstatic) does not exist.
MIDDLEWARE = [*MIDDLEWARE]  # noqa: F405
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
    "whitenoise.middleware.WhiteNoiseMiddleware",
)

# Static files: compressed, with a hash in each name so browsers may cache them for ever.
# Only here: the manifest exists once `manage.py collectstatic` has run, which a deploy
# does and a developer's machine or the test suite does not.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Logs: everything from WARNING up (LOG_LEVEL), server errors with their tracebacks, to
# stderr, where gunicorn and systemd's journal collect them. With ADMINS set, each
# server error is also mailed to them (through EMAIL_HOST) with its traceback; a request
# Django refuses as the client's fault (400: a wrong Host header, a body past the
# limits) is logged and mailed to nobody, as anyone could send thousands.
ADMINS = env.ADMINS
SERVER_EMAIL = env.SERVER_EMAIL
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} [{process}]: {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
        # Django's, the mail sent through the task queue (scoring.core.queue.mail).
        "mail_admins": {"class": "scoring.core.queue.mail.AdminEmailHandler", "level": "ERROR"},
    },
    "root": {"handlers": ["stderr"], "level": env.LOG_LEVEL},
    "loggers": {
        # Django's own request errors (500s with tracebacks) go to both; not propagated
        # to the root as well, which would print them twice.
        "django": {
            "handlers": ["stderr", "mail_admins"],
            "level": env.LOG_LEVEL,
            "propagate": False,
        },
        "django.security": {"handlers": ["stderr"], "level": env.LOG_LEVEL, "propagate": False},
    },
}

# Each gunicorn thread keeps its database connection for a minute instead of opening one
# per request (SQLite's pragmas, or a PostgreSQL backend started afresh each time), and
# checks it is still alive before reusing it (docs/performance.md "Table links").
DATABASES["default"]["CONN_MAX_AGE"] = 60  # noqa: F405
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # noqa: F405
# SQLite's writers wait in turn on a lock file instead of polling SQLite's lock
# (cinch_club/sqlite_writers). Production's alone: pytest-django names test databases
# by the stock engine's name.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["ENGINE"] = "cinch_club.sqlite_writers"  # noqa: F405
