"""The one place that reads the process environment.

Settings modules import the values below instead of touching `os.environ`, so every
knob the site has is listed here with its default. The defaults are for a developer's
machine; `cinch_club.settings.prod` refuses the ones that are unsafe in production.
"""

import os
import zoneinfo
from email.utils import parseaddr
from pathlib import Path

import dj_database_url
import tzlocal
from django.core.exceptions import ImproperlyConfigured

from cinch_club import hall

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off", ""})


def env_str(name: str, default: str) -> str:
    """The variable as a string, or `default` when it is unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool | None) -> bool | None:
    """The variable as a boolean (1/0, true/false, yes/no, on/off), or `default` when unset.

    Anything else is a configuration error rather than a silent False.
    """
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean: use 1/0, true/false, yes/no or on/off"
    )


def env_list(name: str, default: list[str]) -> list[str]:
    """The variable as a comma-separated list with blanks dropped, or `default` when unset."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int, *, minimum: int) -> int:
    """The variable as a whole number of at least ``minimum``, or ``default`` when unset."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        value = None
    if value is None or value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number from {minimum} up")
    return value


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """The variable as one of ``choices``, or ``default`` when unset."""
    value = os.environ.get(name, default).strip().lower()
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r} is not one of: {', '.join(choices)}")
    return value


def env_time_zone(name: str) -> str:
    """The variable as an IANA time zone, or the machine's own zone when unset."""
    raw = os.environ.get(name)
    zone = raw.strip() if raw is not None else (tzlocal.get_localzone_name() or "UTC")
    try:
        zoneinfo.ZoneInfo(zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ImproperlyConfigured(
            f"{name}={zone!r} is not a time zone: use a name like America/Chicago or Europe/Paris"
        ) from None
    return zone


def env_addresses(name: str) -> list[tuple[str, str]]:
    """``Ann <ann@example.org>, bob@example.org`` as Django's ``[(name, address), ...]``."""
    people = []
    for item in env_list(name, []):
        person, address = parseaddr(item)
        if "@" not in address:
            raise ImproperlyConfigured(f"{name}: {item!r} is not an e-mail address")
        people.append((person or address, address))
    return people


# Known to be unsafe: prod refuses to start with it.
DEV_SECRET_KEY = "django-insecure-cinch-club-development-only"

DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
# ``make hall`` keeps its secret key beside the database and, while it runs, the address
# it serves (cinch_club.hall): a command run on the same laptop unset (``manage.py
# table_links``, ``print_night``) signs and addresses what the running hall accepts.
_HALL_KEY_FILE = hall.secret_key_file(DATABASE_URL, BASE_DIR)
SECRET_KEY = env_str("SECRET_KEY", "") or hall.kept_key(_HALL_KEY_FILE) or DEV_SECRET_KEY
# None when unset: each settings module picks its own default (dev on, everything else off).
DEBUG = env_bool("DEBUG", None)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
# Where `manage.py collectstatic` gathers the static files whitenoise serves.
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# The counters and locks every server process shares (scoring.core.http.limits): a writable place.
LIMITS_FILE = Path(env_str("LIMITS_FILE", str(BASE_DIR / "limits.sqlite3")))
# Where the limits are counted: "file" (LIMITS_FILE, this machine's processes) or
# "database" (a table of the site's PostgreSQL database, every machine's servers alike).
# By default the database on PostgreSQL, the file on SQLite, whose one writer at a time
# the counts would queue behind (scoring.core.http.limits).
_ON_POSTGRES = dj_database_url.parse(DATABASE_URL)["ENGINE"] == "django.db.backends.postgresql"
LIMITS_STORE = env_choice(
    "LIMITS_STORE", "database" if _ON_POSTGRES else "file", ("file", "database")
)
if LIMITS_STORE == "database" and not _ON_POSTGRES:
    raise ImproperlyConfigured(
        "LIMITS_STORE=database needs a PostgreSQL DATABASE_URL: on SQLite use LIMITS_STORE=file"
    )
# The site's address as the players' phones reach it: table links and their QR codes
# (by default the running hall's, else this machine's own, which no phone reaches).
LOCAL_SITE_URL = "http://localhost:8000"
SITE_URL = env_str("SITE_URL", "") or hall.running_url(_HALL_KEY_FILE) or LOCAL_SITE_URL
# The site's address as members reach it from home, for the links in their e-mails: the
# hall's own address (SITE_URL under ``make hall``) is one no phone reaches off its Wi-Fi.
MAIL_SITE_URL = env_str("MAIL_SITE_URL", "") or SITE_URL
# ``make hall`` (scripts/hall): the address the phones use (found by itself when
# unset), and a certificate and its key for HTTPS (plain HTTP when unset).
HALL_ADDRESS = env_str("HALL_ADDRESS", "")
HALL_CERT = env_str("HALL_CERT", "")
HALL_KEY = env_str("HALL_KEY", "")
# The club's name, printed at the head of every sheet (a site of several clubs: the
# name the upgrade gives its first club; each club's own name is in the admin).
CLUB_NAME = env_str("CLUB_NAME", "Cinch Club")
# The slug of the club whose pages have no /c/<slug>/ in their address (empty: the only
# club; a site of several clubs and none named lists its clubs at /).
HOME_CLUB = env_str("HOME_CLUB", "")
# The sign money is shown with on the pages and forms ("$", "£", "€").
CURRENCY_SIGN = env_str("CINCH_CURRENCY_SIGN", "$")
# The club's language (the pages' default before a visitor picks one, and the printed
# sheets'): "en" or "fr" (cinch_club.settings.base LANGUAGES).
LANGUAGE_CODE = env_choice("LANGUAGE_CODE", "en", ("en", "fr"))
# The club's clock: the dates and times of its pages, sheets and audit trail, and "today"
# for a new night. An IANA zone name ("America/Chicago"); by default the machine's own
# zone where it can be read (tzlocal), else UTC.
TIME_ZONE = env_time_zone("TIME_ZONE")
# How many proxies in front of the site add the address they were called from to
# X-Forwarded-For (the TLS proxy: 1). 0: the header is not read, clients are REMOTE_ADDR.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0, minimum=0)
# What a visitor who is not logged in may read: "all" (every page), "standings" (the
# nights, their games and standings, without money) or "none" (the login page only).
PUBLIC_PAGES = env_choice("PUBLIC_PAGES", "all", ("all", "standings", "none"))
# Who is mailed a server error's traceback in production (none by default: the log on
# stderr has it), and the sender of those mails.
ADMINS = env_addresses("ADMINS")
SERVER_EMAIL = env_str("SERVER_EMAIL", "cinch-club@localhost")
# The mail server every e-mail leaves through, and the sender of the players' e-mails.
# TLS is STARTTLS (port 587), SSL a connection that is TLS from the start (port 465).
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = bool(env_bool("EMAIL_USE_TLS", False))
EMAIL_USE_SSL = bool(env_bool("EMAIL_USE_SSL", False))
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL: set one of them, not both")
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "cinch-club@localhost")
# How much the production log says: DEBUG, INFO, WARNING (the default) or ERROR.
LOG_LEVEL = env_str("LOG_LEVEL", "WARNING").upper()
