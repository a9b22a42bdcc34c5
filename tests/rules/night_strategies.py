"""Hypothesis strategies for whole ``cinch-night/1`` documents, with money settings,
splits, house players, substitutes and withdrawals (``test_pot_properties``,
``test_broken_nights``)."""

from decimal import Decimal
from itertools import pairwise

from hypothesis import strategies as st

from scoring.rules import (
    all_variants,
)
from scoring.rules.night.reading import MONEY_PLACES
from scoring.rules.pot import seats_of
from scoring.rules.simulate import random_night

VARIANT_IDS = [variant.id for variant in all_variants()]
NIGHT_VARIANT_IDS = ("club11", "cinch51", "chicago42")
TIEBREAKS = ("playoff", "pegs")
UNITS = ("0.01", "0.05", "0.25", "1")


def decimal_text(units: int, places: int) -> str:
    """``units`` hundredths (or thousandths…) as a plain decimal string: ``"0.25"``."""
    return format(Decimal(units).scaleb(-places), "f")


# Amounts up to 99,999 with as many decimal places as the night file allows.
amounts = st.builds(decimal_text, st.integers(0, 99_999), st.integers(0, MONEY_PLACES))


@st.composite
def splits(draw):
    """1 to 4 place shares, each a decimal string, adding up to exactly 1."""
    count = draw(st.integers(1, 4))
    places = draw(st.integers(1, MONEY_PLACES))
    whole = 10**places
    cuts = sorted(draw(st.lists(st.integers(0, whole), min_size=count - 1, max_size=count - 1)))
    bounds = [0, *cuts, whole]
    return [decimal_text(high - low, places) for low, high in pairwise(bounds)]


@st.composite
def money_settings(draw):
    """Some or all of a night's money settings; the others keep their defaults."""
    choices = {
        "entry_fee": amounts,
        "loss_fee": amounts,
        "cinch_fee": amounts,
        "booby_prize": amounts,
        "split": splits(),
        "unit": st.sampled_from(UNITS),
    }
    return {key: draw(value) for key, value in choices.items() if draw(st.booleans())}


@st.composite
def nights(draw, *, max_pairs: int, complete: bool = False, tiebreak=None, attendance=None):
    """A valid random ``cinch-night/1`` document, money settings drawn or left default.

    ``complete``: every game played; otherwise later rounds may be left unplayed.
    ``attendance`` (drawn when ``None``): house players, substitutes, games awaiting
    confirmation (unless ``complete``) and withdrawn pairs, as rules.md allows them.
    """
    rounds_played = st.none() if complete else st.none() | st.integers(0, max_pairs)
    doc = random_night(
        draw(st.integers(2, max_pairs), label="pair_count"),
        seed=draw(st.integers(0, 2**32 - 1), label="seed"),
        variant_id=draw(st.sampled_from(NIGHT_VARIANT_IDS), label="variant"),
        rounds_played=draw(rounds_played, label="rounds_played"),
        results_share=draw(st.sampled_from((0.0, 0.1, 0.5, 1.0)), label="results_share"),
        tiebreak=tiebreak or draw(st.sampled_from(TIEBREAKS), label="tiebreak"),
    )
    if draw(st.booleans(), label="money"):
        doc["money"] = draw(money_settings(), label="money settings")
    if attendance or (attendance is None and draw(st.booleans(), label="attendance")):
        add_attendance(doc, draw, complete=complete)
    return doc


def add_attendance(doc: dict, draw, *, complete: bool) -> None:
    """House players (never two in a pair), withdrawals (never every pair; their games
    from that round on emptied into forfeits), substitutes and unconfirmed games."""
    pair_count = len(doc["players"]) // 2
    for pair in range(1, pair_count + 1):
        if draw(st.integers(0, 2), label=f"house player in pair {pair}") == 0:
            index = 2 * pair - 2 + draw(st.integers(0, 1))
            doc["players"][index] = {"name": doc["players"][index], "house": True}
    last_round = max(game["round"] for game in doc["games"])
    leaving = draw(
        st.lists(st.integers(1, pair_count), unique=True, max_size=pair_count - 1), label="leave"
    )
    gone = {pair: draw(st.integers(1, last_round + 1), label="from round") for pair in leaving}
    if gone:
        doc["withdrawn"] = [{"pair": pair, "from_round": r} for pair, r in gone.items()]
    for game in doc["games"]:
        if any(game["round"] >= gone.get(pair, last_round + 2) for pair in game["pairs"]):
            game.pop("hands", None)
            game.pop("result", None)
        elif draw(st.integers(0, 4), label="substitute") == 0:
            seat = draw(st.sampled_from(seats_of(game["pairs"])), label="seat")
            game["sat"] = {str(seat): "Zed Sub"}
        elif not complete and draw(st.integers(0, 9), label="unconfirmed") == 0:
            game["confirmed"] = False
