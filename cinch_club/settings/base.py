"""Settings shared by every environment. Values that vary come from `cinch_club.env`."""

import dj_database_url

from cinch_club import env

BASE_DIR = env.BASE_DIR

SECRET_KEY = env.SECRET_KEY
DEBUG = bool(env.DEBUG)
ALLOWED_HOSTS = env.ALLOWED_HOSTS

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "simple_history",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Serves the collected static files from the WSGI process itself (no web server
    # needed for them); right after SecurityMiddleware, as whitenoise asks.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "cinch_club.urls"
WSGI_APPLICATION = "cinch_club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scoring.context_processors.roles",
            ],
        },
    },
]

DATABASES = {"default": dj_database_url.parse(env.DATABASE_URL)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Many scorers at once on one file: WAL lets pages read while a hand is written,
    # IMMEDIATE takes the write lock when a transaction starts (so two writers queue
    # instead of failing with "database is locked" halfway), and the timeout is how
    # long a writer waits in that queue. FULL sync: an acknowledged hand survives a crash.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where `manage.py collectstatic` gathers the files whitenoise serves in production.
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The site's own login page (django.contrib.auth.urls); back to the nights after either.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scoring:home"
LOGOUT_REDIRECT_URL = "scoring:home"

CLUB_NAME = env.CLUB_NAME
