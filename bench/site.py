"""The one Django site every section of ``make bench`` that needs the site shares.

A module of its own, imported by ``bench.pages``, ``bench.visitor`` and the rest under
this one name: ``bench/run.py`` runs as ``__main__``, so a section that imported it back
as ``bench.run`` would get a second copy, with a second site cache, and set the site up
twice (its scorer created again: an IntegrityError halfway through ``make bench``).
"""

import atexit
import contextlib
import functools
import importlib
import os
import shutil
import tempfile
from pathlib import Path


@functools.cache
def django_site():
    """Django on ``cinch_club.settings.test`` with a migrated SQLite file in a folder
    removed at exit; one site for every Django section of the run.

    Returns a test client logged in as a scorer. Imported here, not at the top: the
    rules-core benchmarks run without Django installed.
    """
    folder = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ["DJANGO_SETTINGS_MODULE"] = "cinch_club.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
    os.environ["LIMITS_FILE"] = str(Path(folder) / "limits.sqlite3")
    # Read again: bench.table_links reads gunicorn.conf.py, which imports cinch_club.env
    # before these are set.
    importlib.reload(importlib.import_module("cinch_club.env"))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from scoring.clubs.roles import SCORER, role_give
    from scoring.clubs.scopes import home_club, in_club

    # The test client's host. Not setup_test_environment(): it would also have every
    # template render copy its context for the client, which a real server never does.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", verbosity=0)
    # The rest of the run works in the home club, as a management command does: the
    # nights a section imports are the home club's (each request sets its own club).
    home = contextlib.ExitStack()
    home.enter_context(in_club(home_club()))
    atexit.register(home.close)
    scorer = User.objects.create_user("bench-scorer")
    role_give(user=scorer, club=home_club(), role=SCORER)
    client = Client()
    client.force_login(scorer)
    return client
