"""Every page of the database at ``DATABASE_URL``, read by a director: prints
``{url: [status, page]}`` as JSON (the page's text for HTML, else empty).

Run as a script against a database of its own (the upgrade test's), outside the test
database: ``DATABASE_URL=sqlite:///old.sqlite3 python tests/reliability/walk_site.py``.
The PDFs are read for the nights named in ``WALK_PDFS`` (comma-separated ids) only: every
sheet of every night would take minutes.
"""

import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ["DJANGO_SETTINGS_MODULE"] = "cinch_club.settings.test"

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model, user_logged_in  # noqa: E402
from django.contrib.auth.models import update_last_login  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import URLPattern, URLResolver, get_resolver, reverse  # noqa: E402

from scoring.clubs.roles import DIRECTOR, role_give  # noqa: E402
from scoring.clubs.scopes import home_club, in_club  # noqa: E402
from scoring.models import Game, Hand, Night, Season, TableGame  # noqa: E402

KINDS = {"nights": Night, "games": Game, "hands": Hand, "seasons": Season, "tables": TableGame}


def routes(patterns, prefix: str = "", namespace: str = ""):
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            if not route.startswith("admin/"):
                yield from routes(pattern.url_patterns, route, inner)
        elif isinstance(pattern, URLPattern) and pattern.name and not route.startswith("static"):
            yield route, namespace + pattern.name


def urls(pdf_nights: set[int]):
    """Each page's URL for each row of its kind; routes that need a token are left out."""
    for route, name in routes(get_resolver().url_patterns):
        if re.search(r"<(?!int:pk>)|\(\?P<(?!pk>|sheet>)", route):
            continue
        sheets = re.search(r"\(\?P<sheet>([a-z|]+)\)", route)
        kinds = [{}]
        if sheets:
            kinds = [{"sheet": sheet} for sheet in sheets[1].split("|")]
        if "pk>" not in route:
            yield from (reverse(name, kwargs=kwargs) for kwargs in kinds)
            continue
        model = KINDS.get(route.lstrip("^").split("/")[0])
        if model is None:
            continue
        for pk in model.objects.order_by("pk").values_list("pk", flat=True):
            if route.endswith((".pdf", r".pdf$")) and pk not in pdf_nights:
                continue
            yield from (reverse(name, kwargs={"pk": pk} | kwargs) for kwargs in kinds)


def main() -> None:
    """Every page of the upgraded club, its home club, as its director."""
    with in_club(home_club()) as club:
        walk(club)


def walk(club) -> None:
    setup_test_environment()
    # The walk leaves no trace on the pages (the people page shows each last login).
    user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")
    director = get_user_model().objects.create_user("walker", is_staff=True)
    role_give(user=director, club=club, role=DIRECTOR)
    client = Client()
    client.force_login(director)
    pdf_nights = {int(pk) for pk in os.environ.get("WALK_PDFS", "").split(",") if pk}
    seen = {}
    for url in urls(pdf_nights):
        response = client.get(url)
        html = response.get("Content-Type", "").startswith("text/html")
        seen[url] = [response.status_code, response.content.decode() if html else ""]
    json.dump(seen, sys.stdout)


if __name__ == "__main__":
    main()
