"""Settings for the test suite (named in pyproject.toml).

The database still comes from DATABASE_URL, so the suite can run on PostgreSQL as well
as on the default SQLite file (Django tests on SQLite use an in-memory database).
"""

from .base import *  # noqa: F403

DEBUG = False

# A deliberately weak hasher: creating users in tests should cost nothing.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The suite makes hundreds of nights: a packet rendered ahead only where a test asks.
PRINT_AHEAD = False

# Each task runs the moment it is queued, in the process that queues it: a test sees its
# effect at once. The tests of the queue itself (a worker, a killed worker, a retry) set
# the database backend of base.py and run the worker.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}

# The suite's clock is UTC wherever it runs (the machine's own zone is the default
# elsewhere); the tests of the club's clock set their zone themselves.
TIME_ZONE = "UTC"

# A ``make hall`` running on the machine lends its key and address to commands run beside
# it (cinch_club.env): never to the suite, whose links and sheets are its own.
SECRET_KEY = "cinch-club-test-suite-only-" + "x" * 30
SITE_URL = MAIL_SITE_URL = "http://localhost:8000"
