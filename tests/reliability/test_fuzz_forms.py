"""Hypothesis fuzzing of every form the site posts: never a 500, always a message, and a
refused post writes nothing (``hostile.posted``).

The test client raises any exception a view lets out, so a would-be server error fails
the test with its traceback. Each form gets ``hostile.FUZZ`` examples (25); the tally is
printed at the end (``-s``) for docs/reliability.md.
"""

import pytest
from django.urls import reverse
from hypothesis import example, given
from hypothesis import strategies as st

from scoring.games import services as games_services
from scoring.models import Game
from tests.factories import night_with_schedule, play_out
from tests.reliability.hostile import FUZZ, TALLY, choices, form_data, posted

pytestmark = pytest.mark.django_db

PAIRS = choices("", 1, 2, 3)
POINTS = st.integers(min_value=-1, max_value=5).map(str)
HAND = {
    "bidder": PAIRS,
    "bid": choices("", 2, 3, 4, "money"),
    "high": PAIRS,
    "low": PAIRS,
    "jack": PAIRS,
    "game": PAIRS,
    "points_a": POINTS,
    "points_b": POINTS,
    "passed": choices("", "on"),
}
RESULT = {
    "result-winner": PAIRS,
    "result-score_a": st.integers(min_value=-2, max_value=15).map(str),
    "result-score_b": st.integers(min_value=-2, max_value=15).map(str),
    "result-cinches_a": choices(0, 1, 5, 6),
    "result-cinches_b": choices(0, 1, 5, 6),
    "result-money": choices("", "on"),
}
MONEY = choices("0", "0.25", "2.00", "-1", "1.005")
NIGHT = {
    "name": st.text(min_size=1, max_size=30),
    "date": choices("2026-11-17", "2026-2-3", "17/11/2026"),
    "variant": choices("club11", "cinch51", "chicago42", "bridge"),
    "tiebreak": choices("playoff", "pegs", "coin"),
    "entry_fee": MONEY,
    "loss_fee": MONEY,
    "cinch_fee": MONEY,
    "booby_prize": MONEY,
    "split": choices("0.50, 0.30, 0.20", "1", "0.6, 0.6", ""),
    "unit": choices("0.01", "0.25", "0", "-0.01"),
    "members": choices(1, 2, 999),
    "new_players": st.lists(st.text(max_size=12), max_size=8).map("\n".join),
}


@pytest.fixture(scope="module", autouse=True)
def tally():
    TALLY.__init__()
    yield
    print(f"\n[fuzz forms] {TALLY}")


@pytest.fixture
def played(db):
    """A 3-pair night: a game with two hands, a game with none."""
    night = night_with_schedule(3, name="<b>Fuzz</b> night")
    with_hands, empty = Game.objects.filter(night=night).order_by("pk")[:2]
    a, b = with_hands.pairs
    games_services.hand_record(game=with_hands, data={"bidder": a, "bid": 2, "high": a, "low": a})
    games_services.hand_record(game=with_hands, data={"bidder": b, "bid": 3, "high": b, "low": a})
    return night, with_hands, empty


@given(data=form_data(NIGHT))
# Found by this test: a member id past SQLite's integers was a server error.
@example(data={"name": "x", "members": "99999999999999999999999999"})
@example(data={"name": "x", "split": "NaN"})
@example(data={"name": "x", "split": "1e309"})
@FUZZ
def test_night_create(client_for, data):
    posted(client_for("director"), reverse("scoring:night-create"), data)


@given(data=form_data(HAND))
@FUZZ
def test_hand_entry(client_for, played, data):
    _, game, _ = played
    posted(client_for("scorer"), reverse("scoring:game-detail", args=[game.pk]), data)


@given(data=form_data(HAND | {"version": choices(1, 2, 3)}))
@FUZZ
def test_hand_correction(client_for, played, data):
    _, game, _ = played
    hand = game.hands.order_by("position").last()
    posted(client_for("scorer"), reverse("scoring:hand-edit", args=[hand.pk]), data)


@given(data=form_data(RESULT))
@FUZZ
def test_pegboard_result(client_for, played, data):
    _, _, empty = played
    posted(client_for("scorer"), reverse("scoring:game-result", args=[empty.pk]), data)


@pytest.fixture
def unstarted(db):
    """A night drawn and scheduled with no hand yet: its numbers may still be swapped."""
    return night_with_schedule(2, name="Swap night")


@given(data=form_data({"first": choices(1, 2, 3, 4), "second": choices(1, 2, 3, 4)}))
@FUZZ
def test_swap(client_for, unstarted, data):
    posted(client_for("director"), reverse("scoring:night-swap", args=[unstarted.pk]), data)


@given(data=form_data({"tiebreak": choices("playoff", "pegs")}))
@FUZZ
def test_tiebreak(client_for, played, data):
    night, _, _ = played
    url = reverse("scoring:night-tiebreak", args=[night.pk])
    posted(client_for("director"), url, data, follow_messages=True)


def test_a_correction_without_its_version_says_so(client_for, played):
    _, game, _ = played
    hand = game.hands.order_by("position").last()

    response = client_for("scorer").post(
        reverse("scoring:hand-edit", args=[hand.pk]), {"bidder": "1", "bid": "2"}
    )

    assert response.status_code == 200
    assert "came without the version of the hand" in response.content.decode()


SEASON = {
    "name": st.text(max_size=30),
    "first_date": choices("", "2026-11-01", "2026-13-01", "1/11/2026"),
    "last_date": choices("", "2026-11-30", "2026-10-01"),
    "best": choices("", "0", "1", "3", "-1", "1.5", "99999999999999999999"),
    "picked": choices(1, 999, "x"),
}


@given(data=form_data(SEASON))
@FUZZ
def test_season(client_for, played, data):
    posted(client_for("director"), reverse("scoring:season-create"), data)


CASH = {
    "counted": choices("", "0", "25.20", "-1", "1.005", "1e3", "NaN", "99999999999999"),
    "envelope_0": choices("", "5", "-5", "x"),
    "envelope_1": choices("", "3.00"),
    "note": st.text(max_size=20),
}


@pytest.fixture
def finished(db):
    night = night_with_schedule(2, name="Cash night")
    play_out(night)
    return night


@given(data=form_data(CASH))
@FUZZ
def test_cash_count(client_for, finished, data):
    posted(client_for("scorer"), reverse("scoring:night-cash", args=[finished.pk]), data)
