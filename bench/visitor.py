"""What an anonymous visitor's requests cost the site, with a 40-pair night on it.

In-process (the test client, as ``bench_pages``): the nights list, the standings sheet
as a page and as PDF, a table's score sheet, each the first time (built, rendered) and kept
(served again: best and median of ``REPEATS``); and a reload of the 40-pair packet's
"being prepared" page while its render waits in the task queue (a scorer's).
``tests/reliability/test_one_visitor.py`` tries the same against gunicorn, many at once.
"""

import datetime
import time

from scoring.rules.simulate import random_night

PAIRS = 40


def first_and_kept(client, url: str) -> str:
    from bench.measure import timings

    started = time.perf_counter()
    answer = client.get(url)
    first = time.perf_counter() - started
    if answer.status_code != 200:
        raise RuntimeError(f"{url} answered {answer.status_code}")
    best, median = timings(lambda: client.get(url))
    kept = f"kept best {best * 1000:.1f} ms (median {median * 1000:.1f})"
    return f"first {first * 1000:,.0f} ms, {kept}"


def bench_one_visitor() -> None:
    try:
        import django  # noqa: F401
    except ImportError:
        print("visitor: Django is not installed here (run make bench): skipped")
        return
    from bench.measure import timings
    from bench.site import django_site

    scorer = django_site()
    from django.test import Client, override_settings

    from scoring.core.http import limits
    from scoring.nights import services as nights_services
    from scoring.tablegames import services as tablegames_services

    limits.clear()
    night = nights_services.night_import(document=random_night(PAIRS, seed=3, rounds_played=0))
    table = tablegames_services.table_create(
        variant="chicago42", player_names=["Ann", "Bob"], date=datetime.date(2026, 11, 24)
    )
    visitor = Client()
    print(f"one visitor's requests, a {PAIRS}-pair night on the site (80 seats, 780 games):")
    for words, url in (
        ("nights list", "/"),
        ("standings sheet page", f"/nights/{night.pk}/sheets/standings/"),
        ("standings sheet PDF", f"/nights/{night.pk}/sheets/standings.pdf"),
        ("a table's score sheet PDF", f"/tables/{table.pk}/sheet.pdf"),
    ):
        print(f"  {words}: {first_and_kept(visitor, url)}")

    url = f"/nights/{night.pk}/sheets/packet.pdf"
    # The site's queue, and no worker taking from it: the packet waits its turn.
    with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}):
        started = time.perf_counter()
        first = scorer.get(url)
        answered = time.perf_counter() - started
        best, median = timings(lambda: scorer.get(url))
        reload = scorer.get(url)
    if first.status_code != 202 or b"waiting for another sheet" not in reload.content:
        raise RuntimeError("the packet did not wait in the queue")
    print(
        f"  the packet (787 pages) while its render waits in the queue: first answer "
        f"{answered:.2f} s (its HTML built, its render queued), each reload best "
        f"{best * 1000:.1f} ms (median {median * 1000:.1f})"
    )
