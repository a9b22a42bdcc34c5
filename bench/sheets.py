"""The sheets a director prints at the draw, for a night of 4, 7 and 40 pairs: the pair
cards (a card a pair, each with its code), the round's table cards (a page a table, two
QR codes) and the night packet (the draw, the pattern table and a blank score sheet a
game), each rendered from nothing (no kept sheet or part). ``.venv/bin/python bench/run.py draw``.

Seconds are wall time, the best of ``REPEATS`` renders (a process's first print also
loads WeasyPrint and its fonts, about a second, once); the cost per page is what must
not grow with the night.
"""

import io
import time

from bench.site import django_site

PAIRS = (4, 20, 40)
REPEATS = 3
TARGET_SECONDS = 3.0


def best_of(render, repeats: int = REPEATS) -> tuple[float, bytes]:
    """``(seconds, pdf)``: the fastest of ``repeats`` renders."""
    seconds, pdf = [], b""
    for _ in range(repeats):
        started = time.perf_counter()
        pdf = render()
        seconds.append(time.perf_counter() - started)
    return min(seconds), pdf


def bench_draw_sheets() -> None:
    """Each sheet of the draw for each night size: pages, size, seconds, a page's share."""
    django_site()
    from django.core.cache import cache
    from pypdf import PdfReader

    from scoring.core.printing import renderer
    from scoring.printing import night_sheets
    from scoring.printing.pair_cards import pair_cards_pdf
    from scoring.room.sheets import round_cards_context
    from tests.factories import night_with_schedule

    def table_cards(night) -> bytes:
        context = round_cards_context(night)
        return renderer.render_pdf("scoring/room/round_cards.html", context, paper="letter")

    def packet(night) -> bytes:
        cache.clear()  # every part rendered again
        return night_sheets.sheet_pdf(night, "packet", paper="letter")

    sheets = {
        "pair cards": lambda night: pair_cards_pdf(night, paper="letter"),
        "table cards": table_cards,
        "packet": packet,
    }
    print(f"sheets at the draw, best of {REPEATS} renders each, nothing kept:")
    for pairs in PAIRS:
        night = night_with_schedule(pairs, name=f"Sheets of {pairs} pairs")
        for name, render in sheets.items():
            seconds, pdf = best_of(lambda render=render, night=night: render(night))
            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            verdict = ""
            if pairs == max(PAIRS):
                verdict = f" (target {TARGET_SECONDS:.0f} s: "
                verdict += "meets)" if seconds <= TARGET_SECONDS else "ABOVE)"
            print(
                f"  {name}, {pairs} pairs: {pages} pages, {len(pdf) / 1e3:,.0f} kB, "
                f"{seconds:.2f} s, {seconds / pages * 1000:.0f} ms a page{verdict}"
            )


def bench_packet_ahead() -> None:
    """The 40-pair packet as the director asks for it after the draw: its render queued
    once the schedule is made (``printing.ahead``), rendered by a worker of the task queue
    (run here, in this process, as ``run_worker --batch``), then served kept."""
    django_site()
    from django.conf import settings
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import override_settings

    from scoring.core.printing import kept_sheets
    from scoring.printing.night_sheets import request_pdf
    from tests.factories import night_with_schedule

    settings.PRINT_AHEAD = True
    cache.clear()
    pairs = max(PAIRS)
    with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}):
        started = time.perf_counter()
        night = night_with_schedule(pairs, name=f"Ahead, {pairs} pairs")
        scheduled = time.perf_counter() - started
        call_command("run_worker", batch=True, startup_delay=False, reload=False, verbosity=0)
        ready = time.perf_counter() - started
        night.refresh_from_db()
        asked = time.perf_counter()
        answer = request_pdf(night, "packet", paper=night.paper, filled=False, client="director")
        served = time.perf_counter() - asked
    verdict = (
        "meets" if isinstance(answer, kept_sheets.Ready) and served <= TARGET_SECONDS else "ABOVE"
    )
    print(
        f"  packet, {pairs} pairs, rendered ahead: schedule made (its render queued) in "
        f"{scheduled:.1f} s, kept {ready:.0f} s after it by a worker; asked then: "
        f"{type(answer).__name__} in {served * 1000:.0f} ms "
        f"(target {TARGET_SECONDS:.0f} s: {verdict})"
    )
