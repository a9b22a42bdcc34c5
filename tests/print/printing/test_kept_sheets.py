"""Sheets kept for every process, made once, in parts, within limits; the big ones by a
worker of the task queue (``test_sheets_queued.py``).

WeasyPrint is the slow part, so these tests count its renders (``renderer.html_to_pdf``)
and read the PDFs back with pypdf.
"""

import base64
import contextvars
import io
import threading
from datetime import timedelta

import pytest
from django.core.cache import cache, caches
from django.db import connection, connections
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader
from pytest_django.asserts import assertContains

from scoring.core.printing import kept_sheets, renderer
from scoring.core.printing.jobs import Job
from scoring.core.printing.parts import Part
from scoring.core.records import documents
from scoring.games import services as games_services
from scoring.models import KeptSheet
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.printing import sheets as printing_sheets
from scoring.rules.simulate import random_night
from tests.factories import ScorerFactory


@pytest.fixture(autouse=True)
def empty_cache(db):
    """The cache table is not emptied between tests that commit: start from nothing."""
    cache.clear()
    yield
    cache.clear()


def night_of(pairs: int, **options):
    return nights_services.night_import(document=random_night(pairs, seed=6, **options))


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def open_game(night):
    return next(game for game in documents.night_games(night) if game.winner is None)


def test_a_kept_sheet_is_in_the_database_cache_every_worker_reads(settings, renders):
    night = night_of(4, rounds_played=1)
    assert settings.CACHES["default"]["BACKEND"].endswith("DatabaseCache")

    pdf = night_sheets.sheet_pdf(night, "standings", paper="letter")

    another_process = caches.create_connection("default")  # its own handle, not this one's
    job = Job.of(printing_sheets.sheet_parts(night, "standings"), "letter")
    assert another_process.get(job.key) == pdf
    with connection.cursor() as cursor:  # a row of the database, not a process's memory
        cursor.execute("SELECT COUNT(*) FROM cinch_cache WHERE cache_key LIKE %s", ["%sheet%"])
        assert cursor.fetchone()[0] >= 2  # the sheet, and its one part
    assert night_sheets.sheet_pdf(night, "standings", paper="letter") == pdf
    assert len(renders) == 1


# A kept value as pickle writes it, naming a class this code does not have (a value kept
# by code whose classes lived elsewhere): reading it back raises.
UNREADABLE = base64.b64encode(b"\x80\x02cscoring.printing\nGone\n)\x81.").decode()


def test_a_kept_part_the_cache_cannot_read_back_is_rendered_again(renders):
    night = night_of(4, rounds_played=1)
    pdf = night_sheets.sheet_pdf(night, "standings", paper="letter")
    with connection.cursor() as cursor:  # only the parts are left, and none is readable
        cursor.execute("DELETE FROM cinch_cache WHERE cache_key NOT LIKE %s", ["%sheet-part:%"])
        cursor.execute("UPDATE cinch_cache SET value = %s", [UNREADABLE])
        assert cursor.rowcount == 1

    again = night_sheets.sheet_pdf(night, "standings", paper="letter")

    assert page_texts(again) == page_texts(pdf)
    assert len(renders) == 2
    assert night_sheets.sheet_pdf(night, "standings", paper="letter") == again  # kept anew


@pytest.mark.slow  # a packet rendered twice
def test_a_blank_packet_is_not_rendered_again_when_a_hand_is_saved(renders):
    night = night_of(4, rounds_played=1, results_share=0)
    blank = night_sheets.sheet_pdf(night, "packet", paper="letter")
    filled = night_sheets.sheet_pdf(night, "packet", paper="letter", filled=True)
    game = open_game(night)

    games_services.hand_record(game=game, data={"passed": True})
    games_services.hand_record(
        game=game, data={"bidder": game.pair_a, "bid": 2, "high": 1, "low": 1}
    )
    night.refresh_from_db()

    assert night_sheets.sheet_pdf(night, "packet", paper="letter") == blank
    assert night_sheets.sheet_pdf(night, "packet", paper="letter", filled=True) != filled
    # blank (its front and one score sheet), filled, filled again: never the blank one twice
    assert len(renders) == 4


def test_the_same_sheet_on_the_other_paper_is_another_sheet(renders):
    night = night_of(4)
    letter = night_sheets.sheet_pdf(night, "standings", paper="letter")

    a4 = night_sheets.sheet_pdf(night, "standings", paper="a4")

    assert letter != a4 and len(renders) == 2


@pytest.mark.django_db(transaction=True)
def test_a_sheet_is_rendered_once_while_others_ask_for_it(monkeypatch, renders):
    """One request renders (held half-way here); every other is told it is being
    prepared, and gets the kept PDF once it is there."""
    night = night_of(4)
    halfway, finish = threading.Event(), threading.Event()
    real = renderer.html_to_pdf

    def slow(html, **kwargs):
        halfway.set()
        assert finish.wait(30)
        return real(html, **kwargs)

    monkeypatch.setattr(renderer, "html_to_pdf", slow)
    answers = []

    def ask(client):
        answers.append(
            night_sheets.request_pdf(
                night, "standings", paper="letter", filled=False, client=client
            )
        )

    def ask_elsewhere(client):
        try:
            ask(client)
        finally:
            connections.close_all()  # the thread's own

    # The thread asks as this club (a new thread starts with no scope).
    first = threading.Thread(
        target=contextvars.copy_context().run, args=(ask_elsewhere, "10.0.0.1")
    )
    first.start()
    assert halfway.wait(30)
    for client in ("10.0.0.2", "10.0.0.3"):
        ask(client)
    finish.set()
    first.join(30)
    ask("10.0.0.4")

    assert [type(answer).__name__ for answer in answers] == [
        "Preparing",
        "Preparing",
        "Ready",
        "Ready",
    ]
    assert answers[2].pdf == answers[3].pdf


def made_elsewhere(sheet, form=KeptSheet.Form.PDF, **row) -> KeptSheet:
    """The row of ``sheet`` as another process making it writes it (now, unless told)."""
    fields = {"state": KeptSheet.State.MAKING, "token": "elsewhere", "beat_at": timezone.now()}
    return KeptSheet.objects.create(fingerprint=sheet.as_of, form=form, **fields | row)


def test_a_request_finding_the_sheet_being_made_is_told_how_far_it_got(client, renders):
    night = night_of(4)
    night.refresh_from_db()  # as the view reads it
    made_elsewhere(night_sheets.night_sheet(night, "standings", paper="letter"), pages=2, done=1)

    response = client.get(reverse("scoring:night-sheet", args=[night.pk, "standings"]))

    assert response.status_code == 202
    assertContains(response, "The standings is being prepared", status_code=202)
    assertContains(response, "2 pages: 1 laid out so far", status_code=202)
    assertContains(response, '<meta http-equiv="refresh" content="5">', status_code=202)
    assert renders == []


def test_a_big_sheet_is_rendered_by_the_task_queue(client, monkeypatch, renders):
    """The suite's queue runs each task at once: the request that queued the render gets
    the PDF (``test_sheets_queued.py`` has a worker take it, as the site's queue does)."""
    monkeypatch.setattr(kept_sheets, "INLINE_PAGES", 4)
    night = night_of(4, rounds_played=0)  # the draw, the pattern table and 6 score sheets
    url = reverse("scoring:night-scorers-sheet", args=[night.pk, "packet"])
    client.force_login(ScorerFactory())

    ready = client.get(url)

    assert ready.status_code == 200 and ready["Content-Type"] == "application/pdf"
    assert len(page_texts(ready.content)) == 8
    row = KeptSheet.objects.get()
    assert (row.state, row.pages, row.job) == (KeptSheet.State.READY, 8, None)
    assert client.get(url).content == ready.content and len(renders) == 2


@pytest.mark.slow  # a 40-pair packet, rendered whole
def test_a_big_packet_is_rendered_in_parts_numbered_across(monkeypatch, renders):
    monkeypatch.setattr(printing_sheets, "PART_SHEETS", 2)
    night = night_of(4, rounds_played=1, results_share=0)

    pdf = night_sheets.sheet_pdf(night, "packet", paper="letter", filled=True)

    texts = page_texts(pdf)
    assert len(renders) == 4  # the front, then 6 score sheets 2 at a time
    assert len(texts) == 8
    assert [f"page {number} of 8" in text for number, text in enumerate(texts, 1)] == [True] * 8
    assert "Round 1, table 1" in texts[2] and "— draw" in texts[0]

    game = open_game(night)
    games_services.hand_record(game=game, data={"passed": True})
    night.refresh_from_db()
    again = night_sheets.sheet_pdf(night, "packet", paper="letter", filled=True)

    assert len(renders) == 5  # only the part holding that game's sheet
    assert len(page_texts(again)) == 8


@pytest.mark.slow  # a packet rendered in parts
def test_pages_are_numbered_right_when_a_part_has_more_pages_than_guessed(monkeypatch):
    monkeypatch.setattr(printing_sheets, "PART_SHEETS", 3)
    night = night_of(4, rounds_played=0)
    parts = [
        Part(part.template, part.context, 1)
        for part in printing_sheets.sheet_parts(night, "packet")
    ]

    pdf = Job.of(parts, "letter").render()

    texts = page_texts(pdf)
    assert len(texts) == 8
    assert "page 1 of 8" in texts[0] and "page 8 of 8" in texts[7]


def test_one_client_may_start_only_so_many_renders(client, monkeypatch):
    monkeypatch.setattr(kept_sheets.renders, "limit", 2)
    night = night_of(4)

    def sheet(paper, address="10.0.0.1"):
        url = reverse("scoring:night-sheet", args=[night.pk, "standings"])
        return client.get(url, {"paper": paper}, REMOTE_ADDR=address)

    answers = [sheet("letter"), sheet("a4"), sheet("letter")]
    night.name = "Renamed"
    night.save()
    refused = sheet("a4")

    assert [answer.status_code for answer in answers] == [200, 200, 200]  # the third was kept
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(kept_sheets.RENDER_WINDOW)
    assertContains(refused, "Too many sheets asked for", status_code=429)
    assert sheet("a4", address="10.0.0.2").status_code == 200  # another client


def test_a_kept_sheet_is_found_again_without_building_it(monkeypatch):
    night = night_of(4)
    first = night_sheets.sheet_pdf(night, "packet", paper="letter")
    built = []
    monkeypatch.setattr(printing_sheets, "sheet_parts", lambda *args, **kwargs: built.append(args))

    again = night_sheets.request_pdf(night, "packet", paper="letter", filled=False, client="x")

    assert again == kept_sheets.Ready(first) and built == []


def test_a_sheet_another_request_is_building_is_being_prepared(client, renders):
    night = night_of(4)
    night.refresh_from_db()  # as the view reads it
    asked = night_sheets.night_sheet(night, "standings", paper="letter")
    url = reverse("scoring:night-sheet", args=[night.pk, "standings"])
    building = [made_elsewhere(asked), made_elsewhere(asked, KeptSheet.Form.PREVIEW)]

    pdf, page = client.get(url), client.get(url.replace(".pdf", "/"))

    for answer in (pdf, page):
        assertContains(answer, "Its pages are being put together", status_code=202)
    assert renders == []
    # Its maker went silent (its process killed): the next to ask makes it.
    silent = timezone.now() - timedelta(seconds=kept_sheets.STALE_SECONDS)
    KeptSheet.objects.filter(pk__in=[row.pk for row in building]).update(beat_at=silent)
    assert client.get(url).status_code == 200 and len(renders) == 1
    assert client.get(url.replace(".pdf", "/")).status_code == 200
    assert client.get(url).status_code == 200 and len(renders) == 1


def test_a_signed_in_person_has_an_allowance_of_their_own(client_as, scorer, monkeypatch):
    """The club's laptop shares the hall's address with the members' phones."""
    monkeypatch.setattr(kept_sheets.renders, "limit", 1)
    night = night_of(4)
    url = reverse("scoring:night-sheet", args=[night.pk, "standings"])
    assert client_as(None).get(url, {"paper": "letter"}).status_code == 200

    assert client_as(None).get(url, {"paper": "a4"}).status_code == 429
    assert client_as(scorer).get(url, {"paper": "a4"}).status_code == 200


def test_a_kept_sheet_the_cache_dropped_is_made_again(client, renders):
    night = night_of(4)
    url = reverse("scoring:night-sheet", args=[night.pk, "standings"])
    first = client.get(url)
    cache.clear()  # culled: the database cache drops a third of its keys when full

    again = client.get(url)

    assert first.status_code == again.status_code == 200
    assert page_texts(again.content) == page_texts(first.content)
    assert len(renders) == 2 and KeptSheet.objects.count() == 1
    assert client.get(url).content == again.content and len(renders) == 2
