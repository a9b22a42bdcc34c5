"""A worker of the task queue killed with SIGKILL in the middle of sending a player's
e-mail: the message goes once, after a worker starts again.

The site runs as a club runs it: its own SQLite file, migrated; the database backend of
the queue and its worker, ``manage.py db_worker``, in processes of their own; a real mail
server here (aiosmtpd, ``tests.mail``). The mail server holds the worker's message at its
recipient, that is after the outbox row was marked *sending* and before the server took
the message: the point where the outbox can promise once (``scoring.mail.outbox``). The
worker is killed there; a worker started again sends the message once its hold has
passed (ten of the mail server's timeouts: ``EMAIL_TIMEOUT=1`` here), with the same
``Message-ID``, and never a second time.
"""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.mail import mail_server

pytestmark = pytest.mark.slow  # processes of their own, a 10 s hold: make test-slow

ROOT = Path(__file__).resolve().parents[2]

# The club's settings with the queue's database backend (what the site's settings name
# once a worker runs beside the server).
SETTINGS = """
from cinch_club.settings.dev import *  # noqa: F403

TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
"""

# A night of two pairs played out; Ann asked for her nights; closed (which queues her
# e-mail and the task that sends it), as the site's one club.
NIGHT = """
from scoring.clubs.scopes import home_club, in_club
from scoring.mail import services, tokens
from scoring.models import Member
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out

with in_club(home_club()):
    night = night_with_schedule(2, names=["Ann Lee", "Bob Roy", "Cy Dunn", "Di Fox"])
    play_out(night)
    ann = Member.objects.get(name="Ann Lee")
    services.member_mail_set(member=ann, email="ann@example.org", language="")
    services.member_mail_yes(token=tokens.yes_token(ann.pk, "ann@example.org"))
    results_services.night_close(night=night)
"""


@pytest.fixture
def site(tmp_path):
    """The environment of the club's processes: its database migrated, its mail server's
    timeout one second; ``PORT`` to be set to the mail server's."""
    (tmp_path / "kill_settings.py").write_text(SETTINGS)
    environ = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    environ |= {
        "DJANGO_SETTINGS_MODULE": "kill_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "LIMITS_FILE": str(tmp_path / "limits.sqlite3"),
        "SECRET_KEY": "mail-worker-killed-test-" + "x" * 30,
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_TIMEOUT": "1",
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=environ, check=True)
    subprocess.run([*manage, "shell", "-c", NIGHT], cwd=ROOT, env=environ, check=True)
    return environ, tmp_path / "club.sqlite3"


def worker(environ: dict, name: str) -> subprocess.Popen:
    command = [sys.executable, "manage.py", "db_worker", "--worker-id", name]
    command += ["--interval", "0.2", "--no-startup-delay", "--no-reload", "-v0"]
    return subprocess.Popen(command, cwd=ROOT, env=environ)


def outbox(database: Path) -> list[tuple]:
    with sqlite3.connect(database) as db:
        query = "SELECT state, attempts, message_id FROM scoring_outgoingmail"
        return db.execute(query).fetchall()


def tasks_ready(database: Path) -> int:
    """The queue's tasks still to run (the killed worker's stays *running* for ever)."""
    with sqlite3.connect(database) as db:
        query = "SELECT count(*) FROM django_tasks_database_dbtaskresult WHERE status = 'READY'"
        return db.execute(query).fetchone()[0]


def wait_for(check, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_a_worker_killed_mid_send_the_message_goes_once_after_restart(site):
    environ, database = site
    with mail_server() as (server, port):
        environ["EMAIL_PORT"] = str(port)
        server.hold.clear()
        first = worker(environ, "first")
        try:
            assert server.held.wait(60), "the worker never reached the mail server"
            ((state, attempts, message_id),) = outbox(database)
            assert (state, attempts) == ("sending", 1)
            first.send_signal(signal.SIGKILL)
            first.wait(10)
        finally:
            first.kill()
        server.hold.set()
        assert server.accepted == [] and server.tries == 0

        again = worker(environ, "again")
        try:
            assert wait_for(lambda: server.accepted, 60), "not sent after the restart"
            assert wait_for(lambda: outbox(database)[0][0] == "sent", 10)
            # Every run queued since (for the end of each run's hold) has run: none sent.
            assert wait_for(lambda: not tasks_ready(database), 60)
        finally:
            again.send_signal(signal.SIGTERM)
            again.wait(30)

    (message,) = server.accepted
    assert message["To"] == "ann@example.org"
    assert str(message["Message-ID"]).strip() == message_id
    assert outbox(database) == [("sent", 2, message_id)] and server.tries == 1
