"""The environment helpers in cinch_club.env, and prod's refusal of an unsafe SECRET_KEY."""

import importlib
import os
import secrets
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from cinch_club import env


@pytest.mark.parametrize("raw", ["1", "true", "True", "YES", "on", " on "])
def test_env_bool_true(monkeypatch, raw):
    monkeypatch.setenv("CINCH_FLAG", raw)

    assert env.env_bool("CINCH_FLAG", False) is True


@pytest.mark.parametrize("raw", ["0", "false", "No", "off", ""])
def test_env_bool_false(monkeypatch, raw):
    monkeypatch.setenv("CINCH_FLAG", raw)

    assert env.env_bool("CINCH_FLAG", True) is False


@pytest.mark.parametrize("default", [True, False, None])
def test_env_bool_unset_gives_default(monkeypatch, default):
    monkeypatch.delenv("CINCH_FLAG", raising=False)

    assert env.env_bool("CINCH_FLAG", default) is default


def test_env_bool_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("CINCH_FLAG", "maybe")

    with pytest.raises(ImproperlyConfigured, match="CINCH_FLAG"):
        env.env_bool("CINCH_FLAG", False)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("a.example", ["a.example"]),
        ("a.example,b.example", ["a.example", "b.example"]),
        (" a.example , ,b.example, ", ["a.example", "b.example"]),
        ("", []),
    ],
    ids=["one", "two", "blanks-dropped", "empty"],
)
def test_env_list(monkeypatch, raw, expected):
    monkeypatch.setenv("CINCH_HOSTS", raw)

    assert env.env_list("CINCH_HOSTS", ["default"]) == expected


def test_env_list_unset_gives_a_copy_of_default(monkeypatch):
    monkeypatch.delenv("CINCH_HOSTS", raising=False)
    default = ["localhost"]

    result = env.env_list("CINCH_HOSTS", default)

    assert result == default
    assert result is not default


def test_env_str(monkeypatch):
    monkeypatch.setenv("CINCH_NAME", "club")

    assert env.env_str("CINCH_NAME", "x") == "club"
    monkeypatch.delenv("CINCH_NAME")
    assert env.env_str("CINCH_NAME", "x") == "x"


SETTINGS_VARIABLES = (
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "TIME_ZONE",
    "LIMITS_STORE",
)


@pytest.fixture
def settings_module(monkeypatch):
    """``settings_module("cinch_club.settings.prod", SECRET_KEY=...)``: that module, imported
    afresh in this process with cinch_club.env reading this environment.

    In-process, so coverage sees prod.py without tracing a subprocess; the modules Django
    already runs on are put back afterwards. The variables the settings read are removed
    from the environment unless given.
    """
    names = ("cinch_club.env", "cinch_club.settings.base")

    def load(module: str, **overrides: str):
        for key in SETTINGS_VARIABLES:
            monkeypatch.delenv(key, raising=False)
        for key, value in overrides.items():
            monkeypatch.setenv(key, value)
        for name in (*names, module):
            # The parent package's attribute too: `from cinch_club import env` reads it first.
            parent, _, child = name.rpartition(".")
            monkeypatch.delattr(sys.modules[parent], child, raising=False)
            monkeypatch.delitem(sys.modules, name, raising=False)
        return importlib.import_module(module)

    return load


def _python(code: str, **overrides: str) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter, so env.py reads this environment.

    The variables the settings read (and DJANGO_SETTINGS_MODULE, which pytest-django sets)
    are removed from the environment unless given.
    """
    unset = {"DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "DATABASE_URL"}
    # Test-only switches (the browser tests set this one) have no place in a deploy check.
    unset.add("DJANGO_ALLOW_ASYNC_UNSAFE")
    environ = {key: value for key, value in os.environ.items() if key not in unset}
    environ.update(overrides)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=env.BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )


def _manage(*args: str, **overrides: str) -> subprocess.CompletedProcess[str]:
    """``manage.py ARGS`` in a fresh interpreter, with the environment as `_python` makes it."""
    code = "from django.core.management import execute_from_command_line; "
    code += f"execute_from_command_line(['manage.py', *{list(args)!r}])"
    return _python(code, **overrides)


def test_default_database_is_the_sqlite_file_in_the_project(settings_module):
    url = settings_module("cinch_club.env").DATABASE_URL

    assert url == f"sqlite:///{env.BASE_DIR / 'db.sqlite3'}"


def test_prod_refuses_missing_secret_key(settings_module):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        settings_module("cinch_club.settings.prod")


@pytest.mark.parametrize("secret_key", ["", env.DEV_SECRET_KEY], ids=["empty", "dev-default"])
def test_prod_refuses_unsafe_secret_key(settings_module, secret_key):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        settings_module("cinch_club.settings.prod", SECRET_KEY=secret_key)


def test_prod_accepts_a_real_secret_key(settings_module):
    prod = settings_module("cinch_club.settings.prod", SECRET_KEY="a-real-secret-0123456789")

    assert prod.SECRET_KEY == "a-real-secret-0123456789"
    assert prod.DEBUG is False


def test_check_deploy_is_clean_with_prod_settings():
    # HSTS preload (W021) is silenced on purpose in prod.py; nothing else may warn.
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="cinch_club.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="example.org",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "System check identified no issues (1 silenced)."
    assert result.stderr == ""


def test_prod_serves_static_files_through_whitenoise(settings_module):
    prod = settings_module("cinch_club.settings.prod", SECRET_KEY=secrets.token_urlsafe(50))

    assert prod.MIDDLEWARE[:2] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ]
    assert (
        prod.STORAGES["staticfiles"]["BACKEND"]
        == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    )


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [({}, "True"), ({"DEBUG": "0"}, "False")],
    ids=["on-by-default", "off-when-asked"],
)
def test_dev_debug(settings_module, overrides, expected):
    dev = settings_module("cinch_club.settings.dev", **overrides)

    assert str(dev.DEBUG) == expected


@pytest.mark.parametrize("module", ["cinch_club.wsgi", "cinch_club.asgi", "cinch_club.hall_wsgi"])
def test_entry_points_default_to_prod_settings(module):
    refused = _python(f"import {module}")
    served = _python(
        f"import {module}; print({module}.application is not None)",
        SECRET_KEY="a-real-secret-for-this-test-only-0123456789",
    )

    assert "ImproperlyConfigured" in refused.stderr
    assert served.returncode == 0, served.stderr
    assert served.stdout.strip() == "True"


@pytest.mark.parametrize("module", ["cinch_club.wsgi", "cinch_club.asgi"])
def test_entry_points_name_prod_when_nothing_is_named(module, monkeypatch):
    """In-process, for coverage: the subprocess test above sees them load prod itself."""
    monkeypatch.delenv("DJANGO_SETTINGS_MODULE")
    monkeypatch.delattr(sys.modules["cinch_club"], module.rpartition(".")[2], raising=False)
    monkeypatch.delitem(sys.modules, module, raising=False)

    entry_point = importlib.import_module(module)

    assert os.environ["DJANGO_SETTINGS_MODULE"] == "cinch_club.settings.prod"
    assert callable(entry_point.application)


@pytest.mark.parametrize(("raw", "expected"), [("0", 0), ("2", 2), (" 1 ", 1)])
def test_env_int(monkeypatch, raw, expected):
    monkeypatch.setenv("CINCH_COUNT", raw)

    assert env.env_int("CINCH_COUNT", 5, minimum=0) == expected


@pytest.mark.parametrize("raw", ["-1", "one", ""])
def test_env_int_refuses_nonsense(monkeypatch, raw):
    monkeypatch.setenv("CINCH_COUNT", raw)

    with pytest.raises(ImproperlyConfigured, match="CINCH_COUNT"):
        env.env_int("CINCH_COUNT", 0, minimum=0)


def test_trusted_proxy_count_comes_from_the_environment(settings_module, monkeypatch):
    monkeypatch.delenv("TRUSTED_PROXY_COUNT", raising=False)
    default = settings_module("cinch_club.settings.test").TRUSTED_PROXY_COUNT
    result = settings_module("cinch_club.settings.test", TRUSTED_PROXY_COUNT="1")

    assert (result.TRUSTED_PROXY_COUNT, default) == (1, 0)


def test_the_async_unsafe_switch_is_off_outside_the_browser_tests():
    """The browser tests switch Django's async-safety check off while their browser is
    open (tests/browser/conftest.py), and only then: every other test keeps it."""
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ


# Each request reads its club first (scoring.clubs.middleware): a migrated database.
FAILING_REQUEST = """
import django
django.setup()
from django.core.management import call_command
from django.test import Client
call_command("migrate", verbosity=0)
from scoring.nights import views

def broken(self, request, *args, **kwargs):
    raise RuntimeError("the home page broke on purpose")

views.HomeView.get = broken
response = Client(raise_request_exception=False).get("/", secure=True)
print(response.status_code)
"""


@pytest.mark.slow  # a production process on a database it migrates: 5–6 s
def test_production_logs_a_server_error_with_its_traceback_to_stderr(tmp_path):
    result = _python(
        FAILING_REQUEST,
        DJANGO_SETTINGS_MODULE="cinch_club.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        ADMINS="Treasurer <treasurer@example.org>",
        DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}",
    )

    assert result.stdout.strip() == "500", result.stderr
    assert "ERROR django.request" in result.stderr
    assert "Internal Server Error: /" in result.stderr
    assert "Traceback (most recent call last):" in result.stderr
    assert "RuntimeError: the home page broke on purpose" in result.stderr


REFUSED_AND_FAILED = """
import django
django.setup()
from django.conf import settings
from django.core import mail
from django.core.management import call_command
from django.test import Client
from scoring.nights import views

call_command("migrate", verbosity=0)
settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
mail.outbox = []
client = Client(raise_request_exception=False)
statuses = [
    client.post("/text-size/", {"size": "x" * (1024 * 1024 + 1)}, secure=True).status_code,
    client.get("/", secure=True, HTTP_HOST="evil.example").status_code,
]

def broken(self, request, *args, **kwargs):
    raise RuntimeError("the home page broke on purpose")

views.HomeView.get = broken
statuses.append(client.get("/", secure=True).status_code)
print(statuses)
print(len(mail.outbox))  # none yet: queued for a worker
call_command("run_worker", batch=True, startup_delay=False, verbosity=0)
for message in mail.outbox:
    print(message.subject)
"""


@pytest.mark.slow  # a production process on a database it migrates: 5–6 s
def test_production_mails_the_admins_server_errors_not_refused_requests(tmp_path):
    """A body past the limits or a wrong Host is the client's doing (400): logged, not
    mailed, or anyone could fill the admins' mailbox. A server error's mail goes through
    the task queue: a worker sends it."""
    result = _python(
        REFUSED_AND_FAILED,
        DJANGO_SETTINGS_MODULE="cinch_club.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        ADMINS="Treasurer <treasurer@example.org>",
        DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}",
        LIMITS_FILE=str(tmp_path / "limits.sqlite3"),
    )

    statuses, sent_at_once, *mailed = result.stdout.splitlines()
    assert statuses == "[400, 400, 500]", result.stderr
    assert sent_at_once == "0"
    assert mailed == ["[Django] ERROR (EXTERNAL IP): Internal Server Error: /"]
    assert "ERROR django.security.RequestDataTooBig" in result.stderr
    assert "ERROR django.security.DisallowedHost" in result.stderr


def test_admins_come_from_the_environment(settings_module, monkeypatch):
    monkeypatch.delenv("ADMINS", raising=False)
    nobody = settings_module("cinch_club.settings.prod", SECRET_KEY=secrets.token_urlsafe(50))
    result = settings_module(
        "cinch_club.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        ADMINS="Treasurer <treasurer@example.org>, director@example.org",
    )

    assert result.ADMINS == [
        ("Treasurer", "treasurer@example.org"),
        ("director@example.org", "director@example.org"),
    ]
    assert nobody.ADMINS == []


def test_admins_refuses_what_is_not_an_address(monkeypatch):
    monkeypatch.setenv("CINCH_ADMINS", "the treasurer")

    with pytest.raises(ImproperlyConfigured, match="CINCH_ADMINS"):
        env.env_addresses("CINCH_ADMINS")


def test_public_pages_comes_from_the_environment(settings_module, monkeypatch):
    monkeypatch.delenv("PUBLIC_PAGES", raising=False)
    module = "cinch_club.settings.test"

    assert settings_module(module).PUBLIC_PAGES == "all"
    assert settings_module(module, PUBLIC_PAGES="Standings").PUBLIC_PAGES == "standings"
    with pytest.raises(
        ImproperlyConfigured, match="PUBLIC_PAGES='some' is not one of: all, standings, none"
    ):
        settings_module(module, PUBLIC_PAGES="some")


COOKIE_CHOICES = """
import django
django.setup()
from django.core.management import call_command
from django.test import Client
call_command("migrate", verbosity=0)
client = Client()
response = client.post("/i18n/setlang/", {"language": "fr", "next": "/"}, secure=True)
print(response.cookies["django_language"].output())
response = client.post("/text-size/", {"size": "large", "next": "/"}, secure=True)
print(response.cookies["text_size"].output())
"""


def cookie_attributes(line: str) -> set[str]:
    return {part.strip() for part in line.removeprefix("Set-Cookie: ").split(";")}


@pytest.mark.slow  # a production process on a database it migrates: 5–6 s
def test_production_keeps_a_visitors_choices_in_secure_cookies_no_script_reads(tmp_path):
    """The language and the text size: each in a cookie sent over HTTPS alone."""
    result = _python(
        COOKIE_CHOICES,
        DJANGO_SETTINGS_MODULE="cinch_club.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}",
    )

    language, text_size = result.stdout.splitlines()
    safe = {"Secure", "HttpOnly", "SameSite=Lax"}
    assert {"django_language=fr", *safe} <= cookie_attributes(language), result.stderr
    assert {"text_size=large", *safe} <= cookie_attributes(text_size)


def test_the_club_s_time_zone_comes_from_the_environment(settings_module):
    base = settings_module("cinch_club.settings.base", TIME_ZONE="America/Chicago")

    assert base.TIME_ZONE == "America/Chicago"


def test_the_time_zone_defaults_to_the_machine_s_own(settings_module, monkeypatch):
    monkeypatch.setattr("tzlocal.get_localzone_name", lambda: "Europe/Paris")

    assert settings_module("cinch_club.settings.base").TIME_ZONE == "Europe/Paris"


def test_a_time_zone_that_does_not_exist_is_refused(settings_module):
    with pytest.raises(ImproperlyConfigured, match="TIME_ZONE='Mars/Olympus' is not a time zone"):
        settings_module("cinch_club.env", TIME_ZONE="Mars/Olympus")


def test_the_mail_server_comes_from_the_environment(settings_module):
    """Every settings module sends through the server the environment names (the
    players' e-mails are sent by the hall's laptop too)."""
    module = settings_module(
        "cinch_club.settings.dev",
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="587",
        EMAIL_HOST_USER="club",
        EMAIL_HOST_PASSWORD="secret",
        EMAIL_USE_TLS="yes",
        EMAIL_TIMEOUT="5",
        DEFAULT_FROM_EMAIL="Cinch Club <results@example.org>",
    )

    assert (module.EMAIL_HOST, module.EMAIL_PORT, module.EMAIL_TIMEOUT) == (
        "smtp.example.org",
        587,
        5,
    )
    assert (module.EMAIL_HOST_USER, module.EMAIL_HOST_PASSWORD) == ("club", "secret")
    assert module.EMAIL_USE_TLS is True and module.EMAIL_USE_SSL is False
    assert module.DEFAULT_FROM_EMAIL == "Cinch Club <results@example.org>"


def test_tls_and_ssl_at_once_are_refused(settings_module):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_USE_TLS and EMAIL_USE_SSL"):
        settings_module("cinch_club.env", EMAIL_USE_TLS="1", EMAIL_USE_SSL="1")


POSTGRES_URL = "postgres://cinch@db.example.org/cinch"


def test_the_limits_are_counted_in_the_database_on_postgresql_in_the_file_on_sqlite(
    settings_module,
):
    """Servers on several machines share one PostgreSQL database, and so its limits; a
    laptop's SQLite keeps them in their own file (scoring.core.http.limits)."""
    assert settings_module("cinch_club.settings.base").LIMITS_STORE == "file"
    on_postgres = settings_module("cinch_club.settings.base", DATABASE_URL=POSTGRES_URL)
    assert on_postgres.LIMITS_STORE == "database"
    chosen = settings_module(
        "cinch_club.settings.base", DATABASE_URL=POSTGRES_URL, LIMITS_STORE="File"
    )
    assert chosen.LIMITS_STORE == "file"


def test_a_limits_store_that_cannot_be_is_refused(settings_module):
    with pytest.raises(ImproperlyConfigured, match="LIMITS_STORE=database needs a PostgreSQL"):
        settings_module("cinch_club.env", LIMITS_STORE="database")
    with pytest.raises(ImproperlyConfigured, match="LIMITS_STORE='cache' is not one of"):
        settings_module("cinch_club.env", DATABASE_URL=POSTGRES_URL, LIMITS_STORE="cache")
