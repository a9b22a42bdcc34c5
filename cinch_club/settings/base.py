"""Settings shared by every environment. Values that vary come from `cinch_club.env`."""

import datetime

import dj_database_url
from csp.constants import NONE, SELF

from cinch_club import env

BASE_DIR = env.BASE_DIR

SECRET_KEY = env.SECRET_KEY
DEBUG = bool(env.DEBUG)
ALLOWED_HOSTS = env.ALLOWED_HOSTS

INSTALLED_APPS = [
    # Django's admin, its site asking for a director of the request's club (scoring.clubs).
    "scoring.apps.ClubAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "simple_history",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "scoring",
    "scoring.apps.WordsConfig",
    "scoring.apps.ClubsConfig",
    "scoring.apps.CoreConfig",
    "scoring.apps.HandsConfig",
    "scoring.apps.GamesConfig",
    "scoring.apps.PeopleConfig",
    "scoring.apps.LinksConfig",
    "scoring.apps.TablegamesConfig",
    "scoring.apps.NightsConfig",
    "scoring.apps.ResultsConfig",
    "scoring.apps.AttendanceConfig",
    "scoring.apps.SeasonsConfig",
    "scoring.apps.PrintingConfig",
    "scoring.apps.RoomConfig",
    "scoring.apps.MailConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # First to see the answer last: every answer under a code's address kept by nobody.
    "scoring.core.http.code_pages.CodePagesNotKeptMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The request's club from its address (/c/<slug>/…, else the home club), and its
    # scope around the rest: after the session (the person's role is read with the club),
    # before everything that reads the club's rows.
    "scoring.clubs.middleware.ClubMiddleware",
    # After the session (the language menu's choice is kept there), before CommonMiddleware.
    "django.middleware.locale.LocaleMiddleware",
    # A logged-in person's language (their profile's, copied into the session at login).
    "scoring.core.http.language.SessionLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Under make hall (HALL_GUARD): a phone on the hall's plain HTTP is the public.
    "scoring.core.http.hall.HallMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # A save that meets a full disk: the message, not a bare server error (scoring.core).
    "scoring.core.http.full_disk.FullDiskMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy (django-csp): the pages load nothing but their own files, run
# no inline script or style (the static files hold them all), may not be framed, and
# post forms only to the site. Images may also be data: URIs (a score sheet's ruled
# rows in the sheets' previews). Enforced here; dev.py only reports, so Django's own
# debug pages, which are inline, still work on a developer's machine.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}
# Permissions-Policy (django-permissions-policy): none of the browser's powerful features.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
    )
}

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
                "scoring.core.http.context_processors.roles",
            ],
        },
    },
]

DATABASES = {"default": dj_database_url.parse(env.DATABASE_URL)}

# One cache for every process: the printed sheets rendered once (kept_sheets), in the
# database; migration 0005 makes its table. Only what may be dropped and made again:
# past MAX_ENTRIES it culls a third of its keys.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "cinch_cache",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}
# The task queue: what is slow or may have to wait goes through it (a big sheet's render,
# every e-mail), run by workers (`manage.py run_worker`: beside the server under `make run`
# and `make hall`, a service of their own in production, any number, on any machine).
# django-tasks' database backend: the queue is a table of the site's own database, so a
# task is written in the same transaction as what it is for, and runs on SQLite and
# PostgreSQL alike. settings/test.py runs each task at once instead.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# The limits every process shares, where nothing evicts them (scoring.core.http.limits):
# a SQLite file of their own for one machine's processes, or a table of the site's
# PostgreSQL database for the servers of every machine (LIMITS_STORE).
LIMITS_STORE = env.LIMITS_STORE
LIMITS_FILE = env.LIMITS_FILE
# Each SQLite connection's set-up (the reasons are below). The write-ahead file is folded
# back into the database every 1000 pages (SQLite's automatic checkpoint, about 4 MB), and
# cut back to 8 MB once folded: a big import or a long read would otherwise leave it as
# large as it ever grew, on a laptop's small disk.
SQLITE_INIT_COMMAND = (
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
    "PRAGMA wal_autocheckpoint=1000; PRAGMA journal_size_limit=8388608;"
)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Many scorers at once on one file: WAL lets pages read while a hand is written,
    # IMMEDIATE takes the write lock when a transaction starts (so two writers queue
    # instead of failing with "database is locked" halfway), and the timeout is how
    # long a writer waits in that queue. FULL sync: an acknowledged hand survives a crash.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": SQLITE_INIT_COMMAND,
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# English and French: English is the source language (the msgids are the
# English words), French comes from locale/fr/LC_MESSAGES/django.po. A visitor's language
# is the menu's choice (kept in the language cookie; a logged-in person's in their profile
# too, scoring.core.http.language), else the browser's Accept-Language, else the club's
# LANGUAGE_CODE.
LANGUAGE_CODE = env.LANGUAGE_CODE
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language cookie, and the text size's beside it (scoring.core.http.text_size): read by the
# server alone (no script of the site reads either), sent with the site's own requests
# and links into it, not with another site's posts; secure in production (prod.py), like
# the session's.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env.TIME_ZONE
USE_I18N = True
USE_TZ = True

# Uploads: a form's fields may take 1 MB in all (more is refused with 400), and a file
# is kept only up to the night file's 2 MB limit (scoring.core.http.uploads), in memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_HANDLERS = [
    "scoring.core.http.uploads.LimitedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

# Absolute: a club's pages (/c/<slug>/…, their own script prefix) load the one copy.
STATIC_URL = "/static/"
# Where `manage.py collectstatic` gathers the files whitenoise serves in production.
STATIC_ROOT = env.STATIC_ROOT

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Login rate limiting (django-axes): 5 wrong passwords for one username from one address
# lock that pair out for 15 minutes; the fifth answer is already the lockout page (429).
# Per username *and* address, so a guesser cannot lock a scorer out from the club's own
# machine, and one address cannot try many names. The address is the client's as the
# trusted proxies give it (scoring.core.http.clients: REMOTE_ADDR unless TRUSTED_PROXY_COUNT is
# set), which a client cannot forge. Wrong old passwords on the password-change form
# count too. A director unlocks early with `manage.py axes_reset_username NAME`. The
# failures live in the database.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    # A director of the request's club has the admin's rights on the club's rows.
    "scoring.clubs.backends.ClubDirectorBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "scoring.core.http.clients.client_address"

# The site's own login page (django.contrib.auth's views); back to the nights after either.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scoring:home"
LOGOUT_REDIRECT_URL = "scoring:home"

CLUB_NAME = env.CLUB_NAME
# The club of the addresses without /c/<slug>/ (scoring.clubs): empty, the only club.
HOME_CLUB = env.HOME_CLUB
# A big night's packet queued for rendering once its schedule is made
# (scoring.printing.ahead), ready when the director asks for it at the draw.
PRINT_AHEAD = True
SITE_URL = env.SITE_URL
MAIL_SITE_URL = env.MAIL_SITE_URL
# Off this machine over plain HTTP, a visitor is the public (scoring.core.http.hall): ``make hall``.
HALL_GUARD = False
CURRENCY_SIGN = env.CURRENCY_SIGN

# What the public (not logged in) may read: all | standings | none (scoring.core.http.permissions).
PUBLIC_PAGES = env.PUBLIC_PAGES

# Proxies trusted to add the client's address to X-Forwarded-For (scoring.core.http.clients).
TRUSTED_PROXY_COUNT = env.TRUSTED_PROXY_COUNT

# The mail server every e-mail leaves through (the players' nights, the invitations, the
# errors mailed to ADMINS), from the environment (docs/install/configuration.md). Sent by
# the task queue, never from a page: a hall without internet keeps the players' e-mails
# waiting (scoring.mail). EMAIL_TIMEOUT bounds each exchange with the server, and so how
# long a message being sent is held before another try may take it over.
EMAIL_HOST = env.EMAIL_HOST
EMAIL_PORT = env.EMAIL_PORT
EMAIL_HOST_USER = env.EMAIL_HOST_USER
EMAIL_HOST_PASSWORD = env.EMAIL_HOST_PASSWORD
EMAIL_USE_TLS = env.EMAIL_USE_TLS
EMAIL_USE_SSL = env.EMAIL_USE_SSL
EMAIL_TIMEOUT = env.EMAIL_TIMEOUT
DEFAULT_FROM_EMAIL = env.DEFAULT_FROM_EMAIL
