"""One anonymous visitor cannot keep the site busy with the printed sheets.

The standings (public), a table's score sheet (public) and a big packet waiting in the
task queue: each built once per change of what it is made of and kept, one render at a
time, limited per client before anything is built, and a reload of a waiting packet
builds nothing. The counts are of the work itself: the sheets' HTML built
(``printing.sheets.sheet_parts``, ``sheet_html``), the table links signed for them, and
WeasyPrint's renders (``core.printing.renderer.html_to_pdf``).
"""

import datetime
import threading

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.core.printing import kept_sheets, renderer
from scoring.core.records import guards
from scoring.links import tokens
from scoring.nights import services as nights_services
from scoring.printing import sheets as printing_sheets
from scoring.rules.simulate import random_night
from scoring.tablegames import services as tablegames_services
from tests.queue import work


@pytest.fixture(autouse=True)
def empty_cache(db):
    """The cache table is not emptied between tests that commit: start from nothing."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def built(monkeypatch) -> list[str]:
    """Each sheet whose HTML is built, in order: ``"standings"`` for a PDF's parts,
    ``"standings preview"`` for its page."""
    calls, parts, page = [], printing_sheets.sheet_parts, printing_sheets.sheet_html

    def sheet_parts(night, sheet, **options):
        calls.append(sheet)
        return parts(night, sheet, **options)

    def sheet_html(night, sheet, **options):
        calls.append(f"{sheet} preview")
        return page(night, sheet, **options)

    monkeypatch.setattr(printing_sheets, "sheet_parts", sheet_parts)
    monkeypatch.setattr(printing_sheets, "sheet_html", sheet_html)
    return calls


def night_of(pairs: int, **options):
    return nights_services.night_import(document=random_night(pairs, seed=26, **options))


def changed(night):
    """The night after a write (every service moves its ``updated_at``)."""
    guards.mark_night_changed(night.pk)
    night.refresh_from_db()
    return night


def standings(client, night, suffix=".pdf", **query):
    name = "night-sheet" if suffix == ".pdf" else "night-sheet-preview"
    return client.get(reverse(f"scoring:{name}", args=[night.pk, "standings"]), query)


# --- the standings sheet ------------------------------------------------------------------


def test_a_public_sheet_signs_no_table_link(client, monkeypatch):
    """A public sheet carries no code that opens a table: none is even made for it."""
    signed, real = [], tokens.link_token
    monkeypatch.setattr(tokens, "link_token", lambda *a: signed.append(a) or real(*a))
    night = night_of(6, rounds_played=0)

    page = standings(client, night, suffix="/")
    pdf = standings(client, night)

    assert page.status_code == 200 and pdf.status_code == 200
    assert signed == []
    assert b"/t/" not in page.content and b"<img" not in page.content


def test_the_standings_page_is_built_once_and_kept(client, built):
    night = night_of(6, rounds_played=0)

    answers = [standings(client, night, suffix="/") for _ in range(3)]

    assert [answer.status_code for answer in answers] == [200, 200, 200]
    assert answers[0].content == answers[2].content
    assert built == ["standings preview"]


def test_sheet_pages_count_against_the_clients_renders(client, built, monkeypatch):
    monkeypatch.setattr(kept_sheets.renders, "limit", 2)
    night = night_of(4, rounds_played=0)

    answers = [standings(client, night, suffix="/", paper=paper) for paper in ("letter", "a4")]
    refused = standings(client, changed(night), suffix="/")

    assert [answer.status_code for answer in answers] == [200, 200]
    assert refused.status_code == 429 and refused["Retry-After"] == "600"
    assert built == ["standings preview", "standings preview"]
    other = client.get(
        reverse("scoring:night-sheet-preview", args=[night.pk, "standings"]), REMOTE_ADDR="10.0.0.2"
    )
    assert other.status_code == 200


def test_a_client_at_its_limit_is_refused_before_the_sheet_is_built(client, built, monkeypatch):
    monkeypatch.setattr(kept_sheets.renders, "limit", 1)
    night = night_of(4, rounds_played=0)
    assert standings(client, night).status_code == 200

    refused = standings(client, changed(night))

    assert refused.status_code == 429
    assert built == ["standings"]  # not built again to find out


def test_a_change_builds_the_standings_once_filled_or_not(client, built, renders):
    """The standings print the same with ``?filled=1``: one sheet, one build per change,
    and no render when what they show did not change (a write that moved nothing)."""
    night = night_of(4, rounds_played=0)
    standings(client, night)
    night = changed(night)

    answers = [standings(client, night, filled=filled) for filled in ("1", "0", "1")]

    assert [answer.status_code for answer in answers] == [200, 200, 200]
    assert built == ["standings", "standings"]  # once before the change, once after
    assert len(renders) == 1


# --- a table's score sheet ---------------------------------------------------------------


def a_table(number: int = 1):
    return tablegames_services.table_create(
        variant="chicago42",
        player_names=[f"Ann {number}", f"Bob {number}"],
        date=datetime.date(2026, 11, 24),
    )


def table_sheet(client, table, **query):
    return client.get(reverse("scoring:table-sheet", args=[table.pk]), query)


def test_a_table_sheet_is_kept_and_rendered_again_only_after_a_hand(client, renders):
    table = a_table()

    first, again = table_sheet(client, table, filled="1"), table_sheet(client, table, filled="1")
    tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 7, "points": [14, 0]}
    )
    table.refresh_from_db()
    after = table_sheet(client, table, filled="1")

    assert [a.status_code for a in (first, again, after)] == [200, 200, 200]
    assert first.content == again.content != after.content
    assert len(renders) == 2


def test_table_sheets_count_against_the_clients_renders(client, monkeypatch, renders):
    monkeypatch.setattr(kept_sheets.renders, "limit", 2)
    tables = [a_table(number) for number in range(3)]

    answers = [table_sheet(client, table) for table in tables]

    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert len(renders) == 2
    assert table_sheet(client, tables[0]).status_code == 200  # kept: served all the same


@pytest.mark.django_db(transaction=True)
def test_a_table_sheet_is_rendered_once_while_others_ask_for_it(client, monkeypatch):
    table = a_table()
    halfway, finish, real = threading.Event(), threading.Event(), renderer.html_to_pdf
    rendered = []

    def slow(html, **options):
        rendered.append(html)
        halfway.set()
        assert finish.wait(30)
        return real(html, **options)

    monkeypatch.setattr(renderer, "html_to_pdf", slow)
    first = []
    asking = threading.Thread(target=lambda: first.append(table_sheet(client, table)))
    asking.start()
    assert halfway.wait(30)

    meanwhile = [table_sheet(client, table, REMOTE_ADDR=f"10.0.0.{n}") for n in (2, 3)]
    finish.set()
    asking.join(30)

    assert [answer.status_code for answer in meanwhile] == [202, 202]
    assert first[0].status_code == 200 and len(rendered) == 1
    assert table_sheet(client, table).content == first[0].content


# --- a big packet waiting in the task queue ----------------------------------------------


def packet(client, night):
    return client.get(reverse("scoring:night-scorers-sheet", args=[night.pk, "packet"]))


def test_a_packet_waiting_in_the_queue_is_not_built_again_at_each_reload(
    client_as, scorer, monkeypatch, built, renders, database_queue
):
    """Two big packets queued behind each other: every reload of the second reads its row
    (waiting, then rendered) and builds nothing; a worker renders each once."""
    monkeypatch.setattr(kept_sheets, "INLINE_PAGES", 4)  # an 8-pair packet is big now
    client = client_as(scorer)
    busy, waiting = night_of(4, rounds_played=0), night_of(4, rounds_played=0)
    busy.name = "The busy night"
    busy.save()
    assert packet(client, busy).status_code == 202
    assert packet(client, waiting).status_code == 202

    reloads = [packet(client, waiting) for _ in range(4)]
    assert [answer.status_code for answer in reloads] == [202] * 4
    assert all(b"waiting for another sheet" in answer.content for answer in reloads)
    assert built == ["packet", "packet"]  # each packet once; no reload built it again
    assert renders == []  # and nothing rendered in the server's process

    work()
    ready = packet(client, waiting)

    assert ready.status_code == 200 and ready["Content-Type"] == "application/pdf"
    assert packet(client, busy).status_code == 200
    assert built == ["packet", "packet"] and len(renders) == 4
