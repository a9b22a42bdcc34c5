"""A real site for the reliability tests: gunicorn on 127.0.0.1 over a database of its own.

The closest this machine gets to production: production settings (``DEBUG`` off, a random
``SECRET_KEY``, whitenoise over freshly collected static files, django-axes), gunicorn
with production's processes and threads (``gunicorn.conf.py``), and a database that is
neither the test suite's nor in memory: a SQLite file in a temporary folder, or a new
database on the PostgreSQL server that ``DATABASE_URL`` names (the second run of ``make test``). The
scorers are :class:`Browser` sessions that post forms with their CSRF token, as a browser
does; the TLS proxy's ``X-Forwarded-Proto: https`` comes with every request.

A test run migrates one database, imports the night and opens each scorer's session
once (the *template*, shared by the run's pytest-xdist workers: ``conftest.py``); every
site is a copy of it (SQLite's backup API, or ``CREATE DATABASE … TEMPLATE``) whose
scorers reuse their session cookies, under the template's ``SECRET_KEY``. Only
127.0.0.1 is ever addressed; every wait is bounded. The functions at the end read a
site's database back: from the test process, through a connection of its own
(:meth:`Site.read`), or inside the site's environment (``manage.py shell -c``,
:meth:`Site.inside`, for the bench).
"""

import http.client
import json
import os
import re
import runpy
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, closing, contextmanager, nullcontext
from dataclasses import asdict, dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import dj_database_url

REPOSITORY = Path(__file__).parents[2]
HOST = "127.0.0.1"
PASSWORD = "live-site-password-7c1d"
TIMEOUT = 60  # seconds for one request; far above what any takes here
START_TIMEOUT = 60
# The shared live site (conftest's ``live``): an 8-pair night, a director and 16 scorers.
PAIRS = 8
SCORERS = 16
# The key of a site made from nothing; a copy keeps its template's (``Site.secret_key``).
SECRET_KEY = secrets.token_urlsafe(50)


def phone_address(number: int) -> str:
    """The loopback address phone ``number`` (from 0) connects from: a client of its own
    to the server, as each phone is on the hall's Wi-Fi (Linux answers all of
    127.0.0.0/8; :class:`Browser`'s ``source``)."""
    if not 0 <= number < 250:
        raise ValueError(f"phone {number}: the loopback has addresses for phones 0 to 249")
    return f"127.0.0.{2 + number}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def is_postgres(url: str) -> bool:
    return bool(url) and dj_database_url.parse(url)["ENGINE"] == "django.db.backends.postgresql"


@dataclass
class Database:
    """A database for one site: a SQLite file (``path``), or a PostgreSQL database
    (``name``, on the server ``admin_url`` names). :meth:`create` makes one.

    PostgreSQL is used when the suite itself runs on it (``DATABASE_URL``), so a run on
    each database tries the site on each.
    """

    url: str
    admin_url: str | None = None
    name: str = ""
    path: str = ""

    @classmethod
    def create(cls, folder: Path, template: "Database | None" = None) -> "Database":
        """Empty, or a copy of ``template`` (which nothing may be connected to meanwhile)."""
        suite_url = os.environ.get("DATABASE_URL", "")
        if is_postgres(suite_url):
            name = f"cinch_live_{uuid.uuid4().hex[:12]}"
            url = urlsplit(suite_url)._replace(path=f"/{name}").geturl()
            database = cls(url, admin_url=suite_url, name=name)
            copy = f' TEMPLATE "{template.name}"' if template else ""
            database._execute(f'CREATE DATABASE "{name}"{copy}', retry_while_in_use=True)
            return database
        path = folder / "live.sqlite3"
        if template:
            # The backup API rather than a file copy: it reads through SQLite's WAL.
            with (
                closing(sqlite3.connect(template.path)) as source,
                closing(sqlite3.connect(path)) as copy,
            ):
                source.backup(copy)
        return cls(f"sqlite:///{path}", path=str(path))

    @property
    def engine(self) -> str:
        return "postgresql" if self.admin_url else "sqlite"

    def _execute(self, sql: str, retry_while_in_use: bool = False) -> None:
        """``sql`` on the server; a template's last connection may take a moment to end
        after its site stopped, so copying one is tried for up to 10 seconds."""
        import psycopg

        deadline = time.monotonic() + (10 if retry_while_in_use else 0)
        while True:
            try:
                with psycopg.connect(self.admin_url, autocommit=True) as connection:
                    connection.execute(sql)
                return
            except psycopg.errors.ObjectInUse:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def drop(self) -> None:
        if self.admin_url:
            self._execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


class Site:
    """The site's environment: its database, its static files, its settings.

    ``static_root``: files an earlier site collected (collecting takes seconds: whitenoise
    compresses every file), or None to collect them into ``folder``. ``unblock``: how the
    test process may open a database (pytest-django's ``django_db_blocker.unblock``), for
    :meth:`read`. ``logins``: each user's session cookies, once :meth:`prepare` ran.
    """

    def __init__(
        self,
        folder: Path,
        static_root: Path | None = None,
        unblock: Callable[[], AbstractContextManager] = nullcontext,
        template: "Site | None" = None,
        *,
        database: Database | None = None,
        secret_key: str | None = None,
    ):
        self.folder = folder
        self.static_root = static_root
        self.unblock = unblock
        self.database = database or Database.create(folder, template and template.database)
        self.logins: dict[str, dict[str, str]] = dict(template.logins) if template else {}
        # A copy keeps its template's key: the sessions stored in it are signed with it.
        self.secret_key = secret_key or (template and template.secret_key) or SECRET_KEY
        self.environ = {
            key: value
            for key, value in os.environ.items()
            if key not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "DEBUG", "SECRET_KEY"}
            # set by the browser tests for their own process; a production site has none
            and key != "DJANGO_ALLOW_ASYNC_UNSAFE"
        }
        self.environ.update(
            DJANGO_SETTINGS_MODULE="cinch_club.settings.prod",
            SECRET_KEY=self.secret_key,
            ALLOWED_HOSTS=HOST,
            DATABASE_URL=self.database.url,
            STATIC_ROOT=str(static_root or folder / "static"),
            # Its own limits (``scoring.core.http.limits``), beside its database.
            LIMITS_FILE=str(folder / "limits.sqlite3"),
        )

    def state(self) -> dict:
        """What :meth:`reopen` needs, as JSON: for another process of the test run."""
        return {
            "folder": str(self.folder),
            "static_root": str(self.static_root or self.folder / "static"),
            "database": asdict(self.database),
            "secret_key": self.secret_key,
            "logins": self.logins,
        }

    @classmethod
    def reopen(cls, state: dict, unblock: Callable[[], AbstractContextManager]) -> "Site":
        """The site :meth:`state` describes, over its database as it is."""
        site = cls(
            Path(state["folder"]),
            Path(state["static_root"]),
            unblock,
            database=Database(**state["database"]),
            secret_key=state["secret_key"],
        )
        site.logins = state["logins"]
        return site

    def manage(
        self, *args: str, check: bool = True, database_url: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        """``manage.py ARGS`` in the site's environment (or on another database's URL)."""
        environ = dict(self.environ, DATABASE_URL=database_url or self.database.url)
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=REPOSITORY,
            env=environ,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if check and result.returncode != 0:
            raise AssertionError(f"manage.py {args[0]} failed:\n{result.stderr}")
        return result

    def copy(self, folder: Path) -> "Site":
        """A site over a copy of this one's database, with its static files and logins."""
        static_root = self.static_root or self.folder / "static"
        return Site(folder, static_root, self.unblock, template=self)

    def read(self, function: Callable, *args, database_url: str | None = None):
        """``function(alias, *args)`` in the test process, ``alias`` naming a connection to
        the site's database (or to ``database_url``): a query, not a new interpreter."""
        from django_scopes import scopes_disabled

        # The site's whole database, every club's rows: not the suite's home club.
        url = database_url or self.database.url
        with site_database(url, self.unblock) as alias, scopes_disabled():
            return function(alias, *args)

    def browser(self, server: "Server", username: str) -> "Browser":
        """``username``'s session on ``server`` (made by :meth:`prepare`)."""
        return Browser(server, cookies=self.logins[username])

    def inside(self, call: str, database_url: str | None = None):
        """What ``tests.reliability.live_site.<call>`` returns when run in the site (JSON)."""
        code = "import json; from tests.reliability import live_site; "
        code += "from scoring.clubs.scopes import home_club, in_club; "
        code += f"exec('with in_club(home_club()): print(json.dumps(live_site.{call}))')"
        shell = self.manage("shell", "--no-imports", "-c", code, database_url=database_url)
        return json.loads(shell.stdout)

    def prepare(self, night_document: dict, scorers: int) -> dict:
        """Migrate, collect the static files, import the night, make the logins."""
        self.manage("migrate", "--noinput")
        if self.static_root is None:
            self.manage("collectstatic", "--noinput")
        night_path = self.folder / "night.json"
        night_path.write_text(json.dumps(night_document))
        night_id = int(self.manage("import_night", str(night_path)).stdout.split()[-1])
        seeded = self.inside(f"seed({night_id}, {scorers})")
        self.logins.update(seeded.pop("logins"))
        return seeded

    def drop(self) -> None:
        self.database.drop()


class Server:
    """gunicorn serving ``site`` on a free loopback port, in a process group of its own."""

    def __init__(self, site: Site, *, workers: int | None = None, threads: int | None = None):
        self.site = site
        self.port = free_port()
        production = runpy.run_path(str(REPOSITORY / "gunicorn.conf.py"))
        self.workers = workers or production["workers"]
        self.threads = threads or production["threads"]
        self.access_log = site.folder / "access.log"
        self.error_log = site.folder / "error.log"
        self.process: subprocess.Popen | None = None

    @property
    def origin(self) -> str:
        return f"https://{HOST}:{self.port}"

    # The access log's first field, a request's time in the worker, per second (``%(M)s``).
    log_ticks_per_second = 1000

    def start(self) -> "Server":
        self.process = subprocess.Popen(
            self.command(),
            cwd=REPOSITORY,
            env=self.site.environ,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: one kill reaches every worker
        )
        self._wait_until_serving()
        return self

    def command(self) -> list[str]:
        return [
            *(sys.executable, "-m", "gunicorn", "cinch_club.wsgi"),
            *("--bind", f"{HOST}:{self.port}"),
            *("--workers", str(self.workers), "--threads", str(self.threads)),
            *("--worker-class", "gthread", "--timeout", "60", "--graceful-timeout", "5"),
            *("--access-logfile", str(self.access_log)),
            *("--access-logformat", "%(M)s %(m)s %(U)s %(s)s"),  # ms in the worker first
            # The site's own log (a server error's traceback) joins gunicorn's there.
            *("--error-logfile", str(self.error_log), "--capture-output"),
            # gunicorn trusts X-Forwarded-Proto only from the addresses listed here.
            *("--forwarded-allow-ips", HOST),
        ]

    def _wait_until_serving(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited:\n{self.error_log.read_text()}")
            try:
                if Browser(self).get("/").status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("the server did not answer within a minute")

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: a crash, not a shutdown."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()

    def statuses(self) -> list[int]:
        """The status of every request served, from gunicorn's access log."""
        if not self.access_log.exists():
            return []
        return [int(line.split()[-1]) for line in self.access_log.read_text().splitlines()]


class HallServer(Server):
    """Hypercorn as ``make hall`` runs it (``hypercorn.conf.py``, ``cinch_club.hall_wsgi``),
    on a free loopback port; ``workers``: other than its processes."""

    log_ticks_per_second = 1_000_000  # ``%(D)s``: microseconds

    def __init__(self, site: Site, *, workers: int | None = None):
        super().__init__(site)
        hall = runpy.run_path(str(REPOSITORY / "hypercorn.conf.py"))
        self.workers = workers or hall["workers"]
        self.threads = min(32, (os.cpu_count() or 1) + 4)
        self.connections_per_address = hall["connections_per_address"]

    def command(self) -> list[str]:
        return [
            *(sys.executable, "-m", "hypercorn", "cinch_club.hall_wsgi:application"),
            *("--config", f"file:{REPOSITORY / 'hypercorn.conf.py'}"),
            *("--bind", f"{HOST}:{self.port}", "--workers", str(self.workers)),
            *("--access-logfile", str(self.access_log)),
            *("--access-logformat", "%(D)s %(m)s %(U)s %(s)s"),
            *("--error-logfile", str(self.error_log)),
        ]


@dataclass
class Response:
    status: int
    location: str
    text: str
    content: bytes = b""  # a PDF's bytes (``text`` is empty then)


class Browser:
    """One person's session on the site: cookies, the CSRF token, forms posted as typed."""

    def __init__(
        self,
        server: Server,
        cookies: dict[str, str] | None = None,
        address: str | None = None,
        *,
        proxied: bool = True,
        source: str | None = None,
    ):
        self.server = server
        # The address it connects from (``phone_address``), or the loopback's usual one.
        self.source = source
        self.cookies: dict[str, str] = dict(cookies or {})
        # Behind production's TLS proxy (its X-Forwarded-Proto), or a phone on the hall's
        # plain HTTP (``make hall``: no proxy).
        self.proxied = proxied
        # The client's address as the TLS proxy adds it (on a site that trusts one proxy:
        # ``TRUSTED_PROXY_COUNT=1``), so one test process stands for many visitors.
        self.address = address
        self.timeout = TIMEOUT  # seconds a request may take before it counts as unanswered
        self.sent = 0  # requests sent, answered or not

    def request(self, method: str, path: str, form: dict | None = None) -> Response:
        connection = http.client.HTTPConnection(
            HOST,
            self.server.port,
            timeout=self.timeout,
            source_address=(self.source, 0) if self.source else None,
        )
        headers = {}
        if self.proxied:
            headers["X-Forwarded-Proto"] = "https"
            # Django checks that a secure POST comes from one of the site's own pages.
            headers["Referer"] = self.server.origin + path
        if self.address:
            headers["X-Forwarded-For"] = self.address
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.sent += 1
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            body = answer.read()
            binary = answer.getheader("Content-Type", "").startswith("application/pdf")
            text = "" if binary else body.decode()
        finally:
            connection.close()
        for header in answer.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel.value and morsel["max-age"] != "0":
                    self.cookies[name] = morsel.value
                else:
                    self.cookies.pop(name, None)
        content = body if binary else b""
        return Response(answer.status, answer.getheader("Location") or "", text, content)

    def get(self, path: str) -> Response:
        return self.request("GET", path)

    def post(self, path: str, form: dict) -> Response:
        token = self.cookies.get("csrftoken", "")
        return self.request("POST", path, {**form, "csrfmiddlewaretoken": token})

    def log_in(self, username: str, password: str = PASSWORD) -> None:
        self.get("/accounts/login/")
        answer = self.post("/accounts/login/", {"username": username, "password": password})
        assert answer.status == 302, f"{username} could not log in: {answer.status}"


def form_of(hand: dict) -> dict:
    """A hand as the hand form posts it: every field, blank where nothing was chosen."""
    if hand.get("passed"):
        return {"passed": "on"}
    fields = {"bidder": "", "bid": "", "high": "", "low": "", "jack": "", "game": ""}
    return fields | {key: "" if value is None else str(value) for key, value in hand.items()}


def shown(hand: dict) -> dict:
    """A hand with its blanks dropped, to compare what was posted with what was stored."""
    return {key: value for key, value in hand.items() if value not in (None, False)}


SAVED = re.compile(r"Hand \d+ saved")


@contextmanager
def site_database(url: str, unblock: Callable[[], AbstractContextManager]) -> Iterator[str]:
    """A connection alias for the database at ``url`` while the block runs, then none.

    Added after the test's own databases were set up, so no test case guards it.
    """
    from django.db import DEFAULT_DB_ALIAS, connections

    alias = f"site_{uuid.uuid4().hex[:8]}"
    config = dj_database_url.parse(url)
    configured = connections.configure_settings({DEFAULT_DB_ALIAS: dict(config), alias: config})
    connections.settings[alias] = configured[alias]
    try:
        with unblock():
            yield alias
    finally:
        try:
            connections[alias].close()
            del connections[alias]
        finally:
            del connections.settings[alias]


# --- run inside the site (manage.py shell -c), or in the test process on an alias ---------


def seed(night_id: int, scorers: int) -> dict:
    """A director and ``scorers`` scorers, each with a session open, and the night's games:
    ``{"night": id, "games": [[id, pair_a, pair_b], ...], "logins": {username: cookies}}``.

    One password hash for all, and sessions stored as a login stores them rather than a
    login each: production's hasher takes a second of CPU per password checked
    (``test_a_scorer_logs_in_on_the_production_site`` logs in through the page).
    """
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore
    from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
    from django.utils.crypto import get_random_string

    from scoring.clubs.roles import DIRECTOR, SCORER, role_give
    from scoring.clubs.scopes import current_club
    from scoring.models import Game

    password = make_password(PASSWORD)
    director = User.objects.create(username="director", password=password, is_staff=True)
    role_give(user=director, club=current_club(), role=DIRECTOR)
    logins = {}
    for number in range(1, scorers + 1):
        user = User.objects.create(username=f"scorer{number}", password=password)
        role_give(user=user, club=current_club(), role=SCORER)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        csrf = get_random_string(CSRF_SECRET_LENGTH, CSRF_ALLOWED_CHARS)
        cookies = {
            settings.SESSION_COOKIE_NAME: session.session_key,
            settings.CSRF_COOKIE_NAME: csrf,
        }
        logins[user.username] = cookies
    games = Game.objects.filter(night_id=night_id).order_by("round", "table")
    return {
        "night": night_id,
        "games": [[g.pk, g.pair_a, g.pair_b] for g in games],
        "logins": logins,
    }


def stored_hands(using: str, night_id: int) -> list[dict]:
    """Every hand of the night in stored order: game, position, who entered it, the hand."""
    from scoring.core.records.documents import hand_data
    from scoring.models import Hand

    hands = (
        Hand.objects.using(using)
        .filter(game__night_id=night_id)
        .select_related("entered_by")
        .order_by("game_id", "position")
    )
    return [
        {
            "id": hand.pk,
            "version": hand.version,
            "game": hand.game_id,
            "position": hand.position,
            "by": hand.entered_by.username if hand.entered_by else None,
            "hand": hand_data(hand),
        }
        for hand in hands
    ]


def database_check(using: str) -> dict:
    """SQLite's own checks of the file (PRAGMA integrity_check, foreign_key_check); on
    PostgreSQL, which checks its pages itself, only that it answers."""
    from django.db import connections

    connection = connections[using]
    with connection.cursor() as cursor:
        if connection.vendor != "sqlite":
            cursor.execute("SELECT 1")
            return {"integrity": ["ok"] if cursor.fetchone() == (1,) else [], "foreign_keys": []}
        cursor.execute("PRAGMA integrity_check")
        integrity = [row[0] for row in cursor.fetchall()]
        cursor.execute("PRAGMA foreign_key_check")
        return {"integrity": integrity, "foreign_keys": [list(row) for row in cursor.fetchall()]}


def refold_mismatches(using: str, night_id: int) -> list[str]:
    """Games whose stored totals differ from the rules core's fold of their stored hands."""
    from scoring.core.records.documents import hand_data
    from scoring.models import Game
    from scoring.rules import play_game
    from scoring.rules.variants import get_variant

    wrong = []
    games = Game.objects.using(using).filter(night_id=night_id, from_pegboard=False)
    for game in games.select_related("night"):
        hands = [hand_data(hand) for hand in game.hands.order_by("position")]
        state = play_game(get_variant(game.night.variant), game.pairs, hands)
        folded = (*state.scores, *state.cinches, state.winner)
        stored = (game.score_a, game.score_b, game.cinches_a, game.cinches_b, game.winner)
        if folded != stored:
            wrong.append(f"game {game.pk}: stored {stored}, hands fold to {folded}")
    return wrong


def table_link_round(night_id: int, round_number: int) -> list[list]:
    """Turn the night's confirmation on; its round's games with each pair's table link,
    as ``[id, pair_a, pair_b, path_a, path_b]`` (the bench of issue 14)."""
    from scoring.links.tokens import link_path
    from scoring.models import Game, Night

    Night.objects.filter(pk=night_id).update(confirm_results=True)
    games = Game.objects.filter(night_id=night_id, round=round_number).order_by("table")
    return [
        [g.pk, g.pair_a, g.pair_b, link_path(g, g.pair_a), link_path(g, g.pair_b)] for g in games
    ]


def confirmations(night_id: int) -> list[list]:
    """Each game with a result: ``[id, hands, winner, confirmed, confirmed_by, entered_by]``."""
    from django.db.models import Count

    from scoring.models import Game

    games = Game.objects.filter(night_id=night_id, winner__isnull=False).annotate(n=Count("hands"))
    return [[g.pk, g.n, g.winner, g.confirmed, g.confirmed_by, g.result_entered_by] for g in games]


def sheets_and_links(night_id: int, tables: int) -> dict:
    """What the load tests of one visitor ask for, beside the night: ``tables`` tables of
    two players with no hands yet (their ids), each pair's link of the night's round 1
    (``[path_a, path_b]`` a game), and a link that was revoked after it was printed
    (``revoked``; the game's new links are among the others)."""
    import datetime

    from scoring.links import services as links_services
    from scoring.links.tokens import link_path
    from scoring.models import Game
    from scoring.tablegames import services as tablegames_services

    made = [
        tablegames_services.table_create(
            variant="chicago42",
            player_names=[f"Visitor {number} A", f"Visitor {number} B"],
            date=datetime.date(2026, 11, 24),
        ).pk
        for number in range(tables)
    ]
    games = list(Game.objects.filter(night_id=night_id, round=1).order_by("table"))
    revoked = link_path(games[-1], games[-1].pair_a)
    games[-1] = links_services.game_links_revoke(game=games[-1])
    links = [[link_path(g, g.pair_a), link_path(g, g.pair_b)] for g in games]
    return {"tables": made, "links": links, "revoked": revoked}
