"""Hypothesis fuzzing of the night import: real night files broken in hostile ways.

A valid ``cinch-night/1`` document from the rules core's ``random_night`` gets a few
mutations: a value anywhere replaced by a hostile one (wrong type, huge number, NaN,
markup, SQL-looking text, a 10,000-character string, nesting), a key dropped or added,
an item appended. Or the file is not a night at all: not JSON, not UTF-8, nested past
any recursion limit. Posted to the import page and given to ``manage.py import_night``:
never a server error or a traceback, a refusal always says why, and it writes nothing.
"""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse
from hypothesis import example, given
from hypothesis import strategies as st

from scoring.rules.simulate import random_night
from tests.reliability.hostile import FUZZ, NASTY, TALLY, club_writes, posted

pytestmark = pytest.mark.django_db

URL = reverse("scoring:night-import")

LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(min_value=-2, max_value=12),
    st.floats(),  # NaN and infinities too: Python's json writes and reads them
    st.sampled_from(NASTY),
    st.text(max_size=20),
)
HOSTILE_JSON = st.recursive(
    LEAF,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
NOT_A_NIGHT = st.sampled_from(
    [
        b"",
        b"{",
        b"[]",
        b"null",
        b'"a night"',
        b"\xff\xfe{}",
        b"\xef\xbb\xbf{}",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"format": "cinch-night/1"}',
        b'{"format": "cinch-night/1", "players": [' + b'"x",' * 20_000 + b'"y"]}',
        b"1e999999",
        b"<script>alert(1)</script>",
        b"'; DROP TABLE scoring_night; --",
    ]
)


@st.composite
def mutated_night(draw) -> dict:
    """A valid random night with 1 to 3 hostile changes somewhere inside it."""
    document = random_night(
        draw(st.integers(min_value=2, max_value=4), label="pairs"),
        seed=draw(st.integers(min_value=0, max_value=20), label="seed"),
        rounds_played=draw(st.integers(min_value=0, max_value=3), label="rounds played"),
    )
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        mutate(draw, document)
    return document


def mutate(draw, document) -> None:
    """Walk down to some container of ``document`` and change one thing in it."""
    node = document
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        containers = [k for k in keys if isinstance(node[k], dict | list) and node[k]]
        if not containers or draw(st.booleans()):
            break
        node = node[draw(st.sampled_from(containers))]
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    action = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
    if action == "replace" and keys:
        node[draw(st.sampled_from(keys))] = draw(HOSTILE_JSON)
    elif action == "drop" and keys:
        del node[draw(st.sampled_from(keys))]
    elif isinstance(node, dict):
        node[draw(st.sampled_from(["extra", "hands", "result", "money", "format", "🃏"]))] = draw(
            HOSTILE_JSON
        )
    else:
        node.append(draw(HOSTILE_JSON))


NAME = st.one_of(st.sampled_from(NASTY), st.text(min_size=1, max_size=101))


@st.composite
def renamed_night(draw) -> dict:
    """A valid random night whose night and players have hostile (but maybe valid) names."""
    document = random_night(2, seed=draw(st.integers(min_value=0, max_value=20)))
    players = draw(st.lists(NAME, min_size=4, max_size=4, unique=True), label="players")
    return document | {"name": draw(NAME, label="name"), "players": players}


def encoded(document: dict) -> bytes:
    return json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")


NIGHT_FILE = st.one_of(
    mutated_night().map(encoded),
    mutated_night().map(encoded),
    renamed_night().map(encoded),
    NOT_A_NIGHT,
)


# Found by this test on PostgreSQL: the rules core takes a NUL in a name, no text column does.
NUL_NAMES = encoded(
    random_night(2, seed=1) | {"name": "Club\x00night", "players": ["Ann", "B\x00b", "Cy", "Di"]}
)

COMMAND = {"tried": 0, "refused": 0}


@pytest.fixture(scope="module", autouse=True)
def tally():
    TALLY.__init__()
    yield
    print(f"\n[fuzz import page] {TALLY}")
    print(f"[fuzz import_night] {COMMAND['tried']} tried, {COMMAND['refused']} refused")


@given(content=NIGHT_FILE)
@example(content=NUL_NAMES)
@FUZZ
def test_import_page(client_for, content):
    upload = SimpleUploadedFile("night.json", content, content_type="application/json")

    posted(client_for("director"), URL, {"file": upload})


@given(content=NIGHT_FILE)
@example(content=NUL_NAMES)
@FUZZ
def test_import_command(tmp_path_factory, db, content):
    path = tmp_path_factory.mktemp("fuzz") / "night.json"
    path.write_bytes(content)
    COMMAND["tried"] += 1
    err = io.StringIO()
    with transaction.atomic():
        try:
            with club_writes() as written:
                call_command("import_night", str(path), stdout=io.StringIO(), stderr=err)
        except CommandError as refused:
            COMMAND["refused"] += 1
            assert refused.returncode == 2
            assert err.getvalue().strip(), "refused without a problem named"
            assert not written, f"a refused import wrote: {written}"
        transaction.set_rollback(True)


def test_a_nul_in_a_name_is_refused_at_its_place(client_for):
    upload = SimpleUploadedFile("night.json", NUL_NAMES, content_type="application/json")

    response = client_for("director").post(URL, {"file": upload})

    assert response.context["form"].errors["file"] == [
        "name: a night's name cannot contain the NUL character",
        "player 2: a player's name cannot contain the NUL character",
    ]
