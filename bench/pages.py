"""The site's pages and hand entry through Django's test client, in process: a 20-table
night's page, its standings and its longest game's page (queries and time), hands typed
into the game page, the packet and the standings sheet, and the members page as the
nights add up (1 and 500); a game's page and news poll through a pair's code and
through a game link.
``.venv/bin/python bench/run.py pages entry members pair_code``.
"""

import functools
import gc
import statistics
import time

from bench.measure import REPEATS, cpu_best, timings
from bench.site import django_site
from scoring.rules.simulate import random_night

PAGE_PAIRS = 40  # 20 tables
ENTRY_BATCHES = REPEATS
ENTRY_GAMES_PER_BATCH = 4


def hand_form(hand: dict, card_keys) -> dict:
    """A rules-core hand as the game page's form posts it."""
    if hand.get("passed"):
        return {"passed": "on"}
    data = {"bidder": hand["bidder"], "bid": hand["bid"]}
    if "points" in hand:
        data["points_a"], data["points_b"] = hand["points"]
    else:
        data |= {key: "" if hand[key] is None else hand[key] for key in card_keys}
    return data


def django_installed(section: str) -> bool:
    try:
        import django  # noqa: F401
    except ImportError:
        print(f"{section}: Django is not installed here (run make bench): skipped")
        return False
    return True


@functools.cache
def played_night():
    """The 40-pair night every page is measured on, imported once for the run."""
    from scoring.nights import services as nights_services

    django_site()
    started = time.perf_counter()
    night = nights_services.night_import(document=random_night(PAGE_PAIRS, seed=1))
    print(f"import {PAGE_PAIRS}-pair night into SQLite: {time.perf_counter() - started:.2f} s")
    return night


def bench_pages() -> None:
    """A 20-table night's page, its standings and its longest game's page."""
    if not django_installed("pages"):
        return
    client, night = django_site(), played_night()
    bench_night_page(client, night)
    bench_game_page(client, night)


def bench_entry_and_sheets() -> None:
    """Hands typed into the site, the 40-pair packet and the standings sheet."""
    if not django_installed("entry_and_sheets"):
        return
    client, night = django_site(), played_night()
    from scoring.nights import services as nights_services

    empty = nights_services.night_import(document=random_night(PAGE_PAIRS, seed=2, rounds_played=0))
    bench_hand_entry(client, empty)
    packet_night = nights_services.night_import(
        document=random_night(PACKET_PAIRS, seed=3, rounds_played=0)
    )
    bench_packet(client, packet_night)
    bench_sheet("standings", night, repeats=REPEATS)


PACKET_PAIRS = 40  # 20 tables, 780 score sheets: the largest night
PAGE_TARGET_SECONDS = 0.1
OVERHEAD_TARGET = 0.25
POLL_SECONDS = 1


def bench_packet(client, night) -> None:
    """The packet of a 40-pair night through its URL, as a browser gets it: cold (the
    "being prepared" page, reloaded until the PDF is there) and kept (served again)."""
    import io
    import resource

    from django.core.cache import cache
    from pypdf import PdfReader

    url = f"/nights/{night.pk}/sheets/packet.pdf"
    cache.clear()
    memory_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    first = client.get(url)
    answered = time.perf_counter() - started
    response, polls = first, 0
    while response.status_code == 202:
        time.sleep(POLL_SECONDS)
        response, polls = client.get(url), polls + 1
    cold = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"the packet answered {response.status_code}")
    memory_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    pages = len(PdfReader(io.BytesIO(response.content)).pages)
    kept_best, kept_median = timings(lambda: client.get(url))
    print(
        f"packet of a {PACKET_PAIRS}-pair night through its URL: {pages} pages, "
        f"{len(response.content) / 1e6:.1f} MB; first answer ({first.status_code}, being "
        f"prepared) in {answered:.2f} s, PDF after {cold:.1f} s cold ({polls} reloads, "
        f"{pages / cold:.1f} pages/s), peak memory of this process "
        f"{memory_before / 1024:.0f} → {memory_after / 1024:.0f} MB; kept: best "
        f"{kept_best * 1000:.0f} ms, median {kept_median * 1000:.0f} ms"
    )


def bench_sheet(sheet: str, night, *, repeats: int) -> None:
    """A sheet rendered whole, split into our part (queries, templates) and WeasyPrint's.

    WeasyPrint's part is the same already-rendered HTML string turned into a PDF; our
    overhead is the rest, as a share of WeasyPrint's time.
    """
    import io

    from django.core.cache import cache
    from pypdf import PdfReader

    from scoring.core.printing import renderer
    from scoring.printing import night_sheets
    from scoring.printing import sheets as printing_sheets

    template, context = printing_sheets.SHEETS[sheet]

    def ours() -> str:
        return renderer.sheet_html(template, context(night, False), paper="letter")

    html = ours()
    ours_best, _ = timings(ours, repeats)
    weasy_best, _ = timings(lambda: renderer.html_to_pdf(html), repeats)
    whole_best, whole_median = timings(
        lambda: (cache.clear(), night_sheets.sheet_pdf(night, sheet, paper="letter")), repeats
    )
    pdf = night_sheets.sheet_pdf(night, sheet, paper="letter")
    kept, _ = timings(lambda: night_sheets.sheet_pdf(night, sheet, paper="letter"), REPEATS)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    print(
        f"{sheet} sheet, {night.seats.count() // 2} pairs: {pages} pages, best {whole_best:.2f} s "
        f"(median {whole_median:.2f} s), {whole_best / pages:.3f} s a page "
        f"(target {PAGE_TARGET_SECONDS}), {pages / whole_best:.1f} pages/s; "
        f"our queries + templates {ours_best:.2f} s = {ours_best / weasy_best:.0%} of "
        f"WeasyPrint's {weasy_best:.2f} s on the same HTML (target under {OVERHEAD_TARGET:.0%}); "
        f"kept copy served in {kept * 1000:.1f} ms"
    )


def page_queries(client, url: str) -> int:
    """How many queries one GET of ``url`` makes (the page already visited once)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return len(queries)


def bench_page(client, url: str, what: str) -> None:
    """A page's queries, its wall time and its CPU time (what moves least on a shared
    machine)."""
    best, median = timings(lambda: client.get(url))
    cpu = cpu_best(lambda: client.get(url), REPEATS)
    print(
        f"{what}: {page_queries(client, url)} queries, best {best * 1000:.0f} ms, "
        f"median {median * 1000:.0f} ms, CPU best {cpu * 1000:.0f} ms"
    )


def bench_night_page(client, night) -> None:
    games = night.games.count()
    bench_page(
        client, f"/nights/{night.pk}/", f"night page, {PAGE_PAIRS // 2} tables ({games} games)"
    )
    bench_page(client, f"/nights/{night.pk}/standings/", f"standings page, {PAGE_PAIRS} pairs")


def bench_game_page(client, night) -> None:
    from django.db.models import Count

    game = night.games.annotate(hand_count=Count("hands")).order_by("-hand_count").first()
    bench_page(client, f"/games/{game.pk}/", f"game page, {game.hand_count} hands")


def bench_pair_code() -> None:
    """The game page and its news poll on a phone, through a pair's code and through the
    game's own link, on a 40-pair night in round 11: what finding the pair's game of the
    moment costs."""
    if not django_installed("pair_code"):
        return
    import html
    import re

    django_site()
    from django.db.models import Q
    from django.test import Client

    from scoring.links import codes, tokens
    from scoring.nights import services as nights_services

    night = nights_services.night_import(
        document=random_night(PAGE_PAIRS, seed=4, rounds_played=10)
    )
    game = night.games.get(Q(pair_a=1) | Q(pair_b=1), round=11)
    phone = Client()
    through_code = codes.code_path(codes.night_codes(night)[1])  # the pair's page
    for what, url in (("pair's code", through_code), ("game link", tokens.link_path(game, 1))):
        page = phone.get(url).content.decode()
        news = html.unescape(re.search(r'<p id="news"[^>]*data-url="([^"]*)"', page).group(1))
        for name, address in (("game page", url), ("news poll", news)):
            cpu = cpu_best(lambda address=address: phone.get(address), REPEATS * 2)
            print(
                f"{name} through a {what}, {PAGE_PAIRS}-pair night in round 11: "
                f"queries {page_queries(phone, address)}, CPU best {cpu * 1000:.1f} ms"
            )


def bench_hand_entry(client, night) -> None:
    """Whole games of valid hands POSTed to the hand-entry view, one batch per timing."""
    import random

    from scoring.rules.simulate import random_game

    variant = night.rules_variant
    rng = random.Random(5)
    games = list(night.games.order_by("round", "table"))
    rates, entries = [], 0
    for batch in range(ENTRY_BATCHES):
        chosen = games[batch * ENTRY_GAMES_PER_BATCH : (batch + 1) * ENTRY_GAMES_PER_BATCH]
        posts = [
            (f"/games/{game.pk}/", hand_form(hand, variant.card_keys))
            for game in chosen
            for hand in random_game(variant, list(game.pairs), rng)
        ]
        gc.collect()
        started = time.perf_counter()
        for url, data in posts:
            response = client.post(url, data)
            if response.status_code != 302:
                raise RuntimeError(f"hand refused at {url}: {response.status_code}")
        rates.append(len(posts) / (time.perf_counter() - started))
        entries += len(posts)
    print(
        f"hand entry through the game page (POST, saved, redirect): {entries} hands in "
        f"{ENTRY_BATCHES} batches of {ENTRY_GAMES_PER_BATCH} games, best {max(rates):,.0f} "
        f"hands/s, median {statistics.median(rates):,.0f} hands/s"
    )


MEMBER_NIGHTS = 500  # ten years of weekly nights
MEMBER_IMPORTED = 10  # played through the site's import; the rest are copies of these
MEMBER_PAIRS = 10
MEMBER_GROWTH_TARGET = 1.5
MEMBER_REPEATS = 21  # a page of ~20 ms on a shared machine: more runs for a steady best


def bench_members() -> None:
    """The members page with one night on the site, then with 500: the page adds up the
    kept ``MemberNight`` rows in SQL, so it must not slow down as the nights add up."""
    if not django_installed("members"):
        return
    import random

    client = django_site()
    from django.utils import timezone

    from scoring.models import Night
    from scoring.nights import services as nights_services

    Night.objects.all().delete()
    rng = random.Random(7)

    def add_night(seed: int) -> None:
        document = random_night(MEMBER_PAIRS, seed=seed)
        rng.shuffle(document["players"])
        document["date"] = f"2026-{1 + seed // 28 % 12:02d}-{1 + seed % 28:02d}"
        nights_services.night_import(document=document)

    def page() -> None:
        if client.get("/members/").status_code != 200:
            raise RuntimeError("the members page failed")

    def measured() -> tuple[float, float, float, int]:
        page()
        best, median = timings(page, MEMBER_REPEATS)
        return cpu_best(page, MEMBER_REPEATS), best, median, page_queries(client, "/members/")

    add_night(0)
    one = measured()
    for seed in range(1, MEMBER_IMPORTED):
        add_night(seed)
    copied_nights(MEMBER_NIGHTS - MEMBER_IMPORTED)
    many = measured()
    Night.objects.filter(pk=Night.objects.order_by("pk").first().pk).update(
        updated_at=timezone.now()
    )  # a hand saved since it was kept: the night is added from its document
    in_play = measured()
    ratio = many[0] / one[0]
    verdict = "meets" if ratio <= MEMBER_GROWTH_TARGET else "ABOVE"
    print(
        f"members page, {MEMBER_PAIRS}-pair nights ({2 * MEMBER_PAIRS} members), best of "
        f"{MEMBER_REPEATS}: 1 night {one[0] * 1000:.1f} ms CPU (wall best {one[1] * 1000:.1f}, "
        f"median {one[2] * 1000:.1f}), {one[3]} queries; {MEMBER_NIGHTS} nights "
        f"{many[0] * 1000:.1f} ms CPU (wall best {many[1] * 1000:.1f}, median "
        f"{many[2] * 1000:.1f}), {many[3]} queries: {ratio:.2f}x in CPU, "
        f"{many[1] / one[1]:.2f}x wall (target {MEMBER_GROWTH_TARGET}x: {verdict}); one of "
        f"the {MEMBER_NIGHTS} changed since kept {in_play[0] * 1000:.1f} ms CPU, "
        f"{in_play[3]} queries"
    )


def copied_nights(count: int) -> None:
    """``count`` more nights, copies of those on the site, each with its seats, its kept
    summary and its players' kept rows as ``kept_summaries.keep`` leaves them, written in
    bulk (their games are not copied: the members page reads none)."""
    from scoring.models import MemberNight, Night, NightSummary, Seat

    models = (Night, Seat, NightSummary, MemberNight)
    fields = {model: [f.attname for f in model._meta.concrete_fields] for model in models}
    played = list(Night.objects.select_related("kept_summary").order_by("pk"))
    seats = {night.pk: list(night.seats.all()) for night in played}
    rows = {night.pk: list(night.member_nights.all()) for night in played}

    def copy(row, **changes):
        values = {name: getattr(row, name) for name in fields[type(row)] if name != "id"}
        return type(row)(**(values | changes))

    templates = [played[n % len(played)] for n in range(count)]
    nights = Night.objects.bulk_create(
        copy(night, id=None, name=f"Copy {n}", form_token=None) for n, night in enumerate(templates)
    )
    Seat.objects.bulk_create(
        copy(seat, night_id=night.pk)
        for night, template in zip(nights, templates, strict=True)
        for seat in seats[template.pk]
    )
    NightSummary.objects.bulk_create(
        copy(template.kept_summary, night_id=night.pk, as_of=night.updated_at)
        for night, template in zip(nights, templates, strict=True)
    )
    MemberNight.objects.bulk_create(
        copy(row, night_id=night.pk, as_of=night.updated_at)
        for night, template in zip(nights, templates, strict=True)
        for row in rows[template.pk]
    )
