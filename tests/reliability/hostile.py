"""Hostile input for the fuzz tests: what people (and scripts) type into forms.

Wrong types, huge and odd numbers, empty and 10,000-character strings, unicode (right to
left, combining, emoji, a NUL), markup and SQL-looking text; fields sent twice; fields
that do not exist. :func:`posted` sends one such form and checks the site's answer: never
a server error, a refusal always says why, and a refused post writes nothing.
"""

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scoring.models import (
    CashCount,
    Game,
    Hand,
    Member,
    Night,
    Season,
    Seat,
    TableGame,
    TableHand,
    TablePlayer,
)
from tests.examples import examples

NASTY = [
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "3",
    "4",
    "11",
    "money",
    "MONEY",
    "99999999999999999999999999",
    str(2**31),
    str(2**63),
    str(-(2**63) - 1),
    "1e309",
    "NaN",
    "-Infinity",
    "1.5",
    "0x10",
    "١٢",  # Arabic-Indic digits
    "true",
    "on",
    "null",
    "[]",
    '{"a": 1}',
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE scoring_hand; --",
    '" OR 1=1 --',
    "{{ 7|add:7 }}",
    "%s%s%s",
    "\x00",
    "a\x00b",
    "\u202eevil\u202c",  # right-to-left override
    "שלום",
    "مرحبا",
    "👨‍👩‍👧‍👦🃏",
    "Zoë",
    "e\u0301\u0301\u0301",
    "\r\n\t",
    "2026-02-30",
    "2026-11-17",
    "9999-12-31",
    "x" * 10_000,
    "9" * 10_000,
]

VALUE = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=40),
    st.integers(min_value=-(10**20), max_value=10**20).map(str),
    st.integers(min_value=-5, max_value=15).map(str),
)
# A field sent once, or several times (a form would send a list only for a multi-select).
FIELD_VALUE = st.one_of(VALUE, VALUE, VALUE, st.lists(VALUE, min_size=2, max_size=3))


def choices(*values) -> st.SearchStrategy[str]:
    return st.sampled_from([str(value) for value in values])


@st.composite
def form_data(draw, plausible: dict[str, st.SearchStrategy]) -> dict:
    """A form whose fields are each plausible, hostile or left out (so that some posts
    get past the form to the services, and some all the way to the database); now and
    then with a field no form has."""
    data = {}
    for field, good in plausible.items():
        kind = draw(st.sampled_from(["plausible", "plausible", "hostile", "absent"]))
        if kind != "absent":
            data[field] = draw(good if kind == "plausible" else FIELD_VALUE)
    if draw(st.booleans()):
        data["unexpected"] = draw(FIELD_VALUE)
    return data


FUZZ = settings(
    # 25 a form in CI, a third of it in the everyday make test (tests.examples; each runs
    # on both engines); new draws every local run add up, and CINCH_FUZZ_EXAMPLES=1000
    # searches deeper by hand.
    max_examples=int(os.environ.get("CINCH_FUZZ_EXAMPLES") or examples(25)),
    # CI tries the same inputs every run, so a landing never hangs on a new draw; local
    # runs draw new ones each time (and hypothesis replays any that failed).
    derandomize=os.environ.get("CI") == "true",
    deadline=None,
    # One set of rows per test; each example runs in a transaction rolled back after it.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

MODELS = (Night, Seat, Game, Hand, Member, TableGame, TablePlayer, TableHand, Season, CashCount)


# The club's tables and their histories, as the database names them.
HISTORIES = (Night, Seat, Game, Hand, TableGame, TableHand)
CLUB_TABLES = frozenset(
    model._meta.db_table for model in (*MODELS, *(kept.history.model for kept in HISTORIES))
)
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


@contextmanager
def club_writes() -> Iterator[list[str]]:
    """The statements run inside the block that wrote to the club's tables.

    An empty list is a request that changed nothing: cheaper than reading every row
    before and after, and stricter (a write undone within the request counts too).
    """
    written: list[str] = []
    with CaptureQueriesContext(connection) as queries:
        try:
            yield written
        finally:  # also when the block raises: a refusal is often an exception
            for query in queries.captured_queries:
                match = WRITE.match(query["sql"])
                if match and match[1] in CLUB_TABLES:
                    written.append(query["sql"])


REFUSED = ('class="errorlist', 'role="alert"', "message error")


class Tally:
    """How many forms were posted, and how many of them were refused."""

    def __init__(self):
        self.tried = self.refused = 0

    def __str__(self) -> str:
        accepted = self.tried - self.refused
        return f"{self.tried} posted, {self.refused} refused with a message, {accepted} accepted"


TALLY = Tally()


def posted(client, url: str, data: dict, *, follow_messages: bool = False):
    """POST ``data`` to ``url`` in a transaction rolled back afterwards; check the answer.

    A refusal (200, the form again) must show a message and write nothing. A redirect is
    an accepted post, or, with ``follow_messages``, a one-button action that says what
    it did or why not on the page it redirects to.
    """
    TALLY.tried += 1
    with transaction.atomic():
        with club_writes() as written:
            response = client.post(url, data)  # a server error raises here (test client)
        assert response.status_code in (200, 302), response.status_code
        if response.status_code == 200:
            TALLY.refused += 1
            text = response.content.decode()
            assert any(marker in text for marker in REFUSED), "refused without a message"
            assert not written, f"a refused post wrote: {written}"
        elif follow_messages:
            page = client.get(response["Location"])
            assert page.status_code == 200
            assert "message" in page.content.decode()
            if "message error" in page.content.decode():
                TALLY.refused += 1
                assert not written, f"a refused action wrote: {written}"
        transaction.set_rollback(True)
    return response
