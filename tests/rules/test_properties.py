"""Properties of the rules core that must hold for every input, checked with hypothesis.

- A hand entered card by card scores exactly as the same hand given as points per side.
- Every valid night's fees add up to the pot, and its prizes pay out the pot to the cent,
  also on nights with house players, substitutes, games awaiting confirmation and pairs
  that withdrew (a house player's paid and won are 0; a withdrawn pair takes no prize).
- The games of one whole play-off round, listed in any order, give the same standings.
- A broken night file makes the CLI exit 2 with its problems, never a traceback.
- The pattern table is a valid round robin for 2 to 40 pairs.

No database: plain functions over plain data. Sizes are chosen so the file runs in well
under a minute on a two-core machine.
"""

import contextlib
import copy
import io
import json
import random
import subprocess
import sys
from decimal import Decimal
from itertools import combinations, pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, note, settings
from hypothesis import strategies as st

from scoring.rules import (
    InvalidInput,
    all_variants,
    get_variant,
    play_game,
    schedule_document,
    score_night,
)
from scoring.rules.__main__ import main
from scoring.rules.game import Board
from scoring.rules.hand import MONEY, MONEY_HOLDS
from scoring.rules.night import MONEY_PLACES
from scoring.rules.pot import players_of, seats_of
from scoring.rules.simulate import as_totals, random_game, random_hand, random_night

REPO_ROOT = Path(__file__).resolve().parents[2]
VARIANT_IDS = [variant.id for variant in all_variants()]
NIGHT_VARIANT_IDS = ("club11", "cinch51", "chicago42")
TIEBREAKS = ("playoff", "pegs")
UNITS = ("0.01", "0.05", "0.25", "1")
DEFAULT_UNIT = Decimal("0.01")


# --- a. A hand card by card scores as its totals -----------------------------------------


def sides_for(variant):
    """Labels for a game's sides: as many as the variant allows, any pair numbers."""
    return st.sampled_from(variant.side_counts).flatmap(
        lambda count: st.lists(st.integers(1, 40), min_size=count, max_size=count, unique=True).map(
            tuple
        )
    )


@st.composite
def card_hands(draw, variant, sides, *, passed_deals=False):
    """A valid hand entered card by card; now and then a passed deal if asked for."""
    if passed_deals and variant.passed_deal and draw(st.integers(0, 9)) == 0:
        return {"passed": True}
    bids = [*variant.bids, *([MONEY] if variant.money_bid else [])]
    hand = {"bidder": draw(st.sampled_from(sides)), "bid": draw(st.sampled_from(bids))}
    if variant.called_partner:
        others = [side for side in sides if side != hand["bidder"]]
        hand["partner"] = draw(st.sampled_from((None, *others)))
    for card in variant.cards:
        held = hand["bid"] == MONEY and card.key == MONEY_HOLDS  # the Money bidder's Jack
        owners = sides if card.always_awarded or held else (*sides, None)
        hand[card.key] = draw(st.sampled_from(owners))
    if variant.revoke:
        hand["revoke"] = draw(st.sampled_from((None, *sides)))
    return hand


def before_the_win(variant, sides, hands: list) -> list:
    """``hands`` cut just before the one that wins the game, so another hand may follow.

    A count-out hand given as totals is refused (its cards decide): cut before it too.
    """
    board = Board(variant, sides)
    for number, hand in enumerate(hands):
        try:
            board.play(hand)
        except InvalidInput:
            return hands[:number]
        if board.finished:
            return hands[:number]
    return hands


def pegged(step):
    """What a hand scored; who each card counted for is known only card by card."""
    return step.score._replace(counts=None)


def assert_same_game(by_cards, by_totals) -> None:
    assert by_cards.scores == by_totals.scores
    assert by_cards.cinches == by_totals.cinches
    assert by_cards.winners == by_totals.winners
    assert by_cards.money_bid == by_totals.money_bid
    assert len(by_cards.steps) == len(by_totals.steps)
    for card_step, total_step in zip(by_cards.steps, by_totals.steps, strict=True):
        assert pegged(card_step) == pegged(total_step)
        assert card_step.scores == total_step.scores
        assert card_step.cinches == total_step.cinches


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_hand_by_cards_scores_as_its_totals(variant_id, data):
    variant = get_variant(variant_id)
    sides = data.draw(sides_for(variant), label="sides")
    hand = data.draw(card_hands(variant, sides), label="hand")

    by_cards = play_game(variant, sides, [hand])
    by_totals = play_game(variant, sides, [as_totals(variant, sides, hand)])

    assert pegged(by_cards.steps[0]) == pegged(by_totals.steps[0])
    assert_same_game(by_cards, by_totals)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_hand_by_cards_scores_as_its_totals_from_any_board(variant_id, data):
    variant = get_variant(variant_id)
    sides = data.draw(sides_for(variant), label="sides")
    drawn = data.draw(
        st.lists(card_hands(variant, sides, passed_deals=True), max_size=30), label="before"
    )
    # Each hand before may itself be typed either way, the same way in both games.
    forms = data.draw(st.lists(st.booleans(), min_size=len(drawn), max_size=len(drawn)))
    before = [
        as_totals(variant, sides, hand) if by_totals else hand
        for hand, by_totals in zip(drawn, forms, strict=True)
    ]
    before = before_the_win(variant, sides, before)
    hand = data.draw(card_hands(variant, sides), label="hand")

    by_cards = play_game(variant, sides, [*before, hand])
    try:
        by_totals = play_game(variant, sides, [*before, as_totals(variant, sides, hand)])
    except InvalidInput as refused:
        # Only where its cards decide: several sides reach the target, counted out.
        event("totals refused: a count-out")
        last = by_cards.steps[-1]
        assert variant.counts_out
        assert sum(score >= variant.target for score in last.scores) > 1
        assert [problem.place for problem in refused.problems] == [f"hands[{len(before)}].points"]
        return
    assert pegged(by_cards.steps[-1]) == pegged(by_totals.steps[-1])
    assert_same_game(by_cards, by_totals)


def test_the_simulator_deals_the_money_bidder_the_jack():
    rng = random.Random(10)
    hands = [random_hand(get_variant("club11"), (1, 2), rng) for _ in range(3000)]
    money = [hand for hand in hands if hand.get("bid") == MONEY]

    assert len(money) > 20
    assert all(hand.get("jack") is not None or sum(hand["points"]) >= 3 for hand in money)
    assert any("jack" in hand for hand in money)


# --- b. The pot adds up ----------------------------------------------------------------


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


def house_numbers(doc: dict) -> set[int]:
    return {
        number
        for number, player in enumerate(doc["players"], start=1)
        if isinstance(player, dict) and player.get("house")
    }


def paying_players(doc: dict, pair: int) -> int:
    return sum(number not in house_numbers(doc) for number in players_of(pair))


def floats_in(node) -> list:
    if isinstance(node, float):
        return [node]
    if isinstance(node, dict):
        node = list(node.values())
    if isinstance(node, list):
        return [found for item in node for found in floats_in(item)]
    return []


def check_fees(doc: dict, standings: dict) -> Decimal:
    """Fees as the night's settings make them; returns the pot."""
    settings_ = doc.get("money", {})
    money = standings["money"]
    for key in ("entries", "loss_fees", "cinch_fees", "pot"):
        assert isinstance(money[key], str), key
    entries, loss_fees, cinch_fees = (
        Decimal(money[key]) for key in ("entries", "loss_fees", "cinch_fees")
    )
    pot = Decimal(money["pot"])
    assert pot == entries + loss_fees + cinch_fees
    house = house_numbers(doc)
    paying = len(doc["players"]) - len(house)
    assert entries == Decimal(settings_.get("entry_fee", "2.00")) * paying
    played = [game for game in standings["games"] if not game.get("forfeit")]
    for game in standings["games"]:
        if game.get("forfeit"):
            assert game["score"] == [0, 0] and game["cinches"] == [0, 0]
    loser_seats = [
        (game, paying_players(doc, game["pairs"][1 - game["pairs"].index(game["winner"])]))
        for game in played
    ]
    loss_shares = sum(seats for _, seats in loser_seats)
    assert loss_fees == Decimal(settings_.get("loss_fee", "0.25")) * loss_shares
    cinch_shares = sum(
        game["cinches"][1 - game["pairs"].index(game["winner"])] * seats
        for game, seats in loser_seats
    )
    assert cinch_fees == Decimal(settings_.get("cinch_fee", "0.10")) * cinch_shares
    players = money["players"]
    assert len(players) == len(doc["players"])
    assert all(isinstance(player["paid"], str) for player in players)
    assert sum(Decimal(player["paid"]) for player in players) == pot
    for number in house:
        assert players[number - 1]["paid"] == "0.00"
        assert players[number - 1]["won"] in (None, "0.00")
    return pot


def check_payout(doc: dict, money: dict, pot: Decimal) -> None:
    places, booby = money["places"], money["booby"]
    withdrawn = {entry["pair"] for entry in doc.get("withdrawn", [])}
    in_the_prizes = len(doc["players"]) // 2 - len(withdrawn)
    split = doc.get("money", {}).get("split", ["0.50", "0.30", "0.20"])
    assert len(places) == min(len(split), in_the_prizes)
    assert not withdrawn & {place["pair"] for place in places}
    if booby is not None:
        assert in_the_prizes >= 4 and booby["pair"] not in withdrawn
    assert "blocked" not in money
    for place in places:
        assert isinstance(place["amount"], str)
    place_amounts = [Decimal(place["amount"]) for place in places]
    booby_amount = Decimal(0)
    if booby is not None:
        assert isinstance(booby["amount"], str)
        booby_amount = Decimal(booby["amount"])
    assert sum(place_amounts) + booby_amount == pot
    assert all(amount >= 0 for amount in place_amounts) and booby_amount >= 0
    unit = Decimal(doc.get("money", {}).get("unit", DEFAULT_UNIT))
    assert all(amount % unit == 0 for amount in place_amounts[1:])
    winnings = [player["won"] for player in money["players"]]
    assert all(isinstance(won, str) for won in winnings)
    assert sum(Decimal(won) for won in winnings) == pot


def settling_playoffs(variant, ties, data) -> list[dict]:
    """Play-offs that put every tied group in a drawn order: each pair beats those after it."""
    playoffs = []
    for tie in ties:
        order = data.draw(st.permutations(tie), label="play-off order")
        for better, worse in combinations(order, 2):
            result = {"winner": better, "score": [variant.target, 0], "cinches": [0, 0]}
            playoffs.append({"pairs": [better, worse], "result": result})
    return playoffs


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_nights_payouts_add_up_to_the_pot(data):
    doc = data.draw(nights(max_pairs=12), label="night")
    standings = score_night(doc)
    money = standings["money"]

    pot = check_fees(doc, standings)
    assert floats_in(standings) == []
    event("paid out" if money["places"] is not None else "blocked")
    if money["places"] is not None:
        check_payout(doc, money, pot)
    else:
        assert money["booby"] is None
        assert all(player["won"] is None for player in money["players"])
        assert isinstance(money["blocked"], str) and money["blocked"]
    withdrawn = {entry["pair"]: entry["from_round"] for entry in doc.get("withdrawn", [])}
    void = sum(
        all(game["round"] >= withdrawn.get(pair, 10**6) for pair in game["pairs"])
        for game in doc["games"]
    )
    unfinished = len(doc["games"]) - void - len(standings["games"])
    assert all(not set(tie) & withdrawn.keys() for tie in standings["unresolved_ties"])
    rows = standings["standings"]
    staying = len(rows) - len(withdrawn)
    assert {row["pair"] for row in rows[staying:]} == withdrawn.keys()
    assert all(row.get("withdrawn") and row["rank"] is None for row in rows[staying:])
    assert all("withdrawn" not in row and row["rank"] for row in rows[:staying])
    if not standings["unresolved_ties"] and not unfinished:
        assert money["places"] is not None


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_night_that_did_not_go_to_plan_pays_out_the_pot(data):
    doc = data.draw(nights(max_pairs=9, attendance=True), label="night")
    standings = score_night(doc)
    money = standings["money"]

    pot = check_fees(doc, standings)
    event("paid out" if money["places"] is not None else "blocked")
    if money["places"] is not None:
        check_payout(doc, money, pot)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_play_offs_settle_every_tie_and_carry_no_fees(data):
    doc = data.draw(nights(max_pairs=12, complete=True, tiebreak="playoff"), label="night")
    ties = score_night(doc)["unresolved_ties"]
    assume(ties)
    event(f"{len(ties)} tied groups")
    doc["playoffs"] = settling_playoffs(get_variant(doc["variant"]), ties, data)

    settled = score_night(doc)

    assert settled["unresolved_ties"] == []
    pot = check_fees(doc, settled)
    check_payout(doc, settled["money"], pot)
    playoff_wins = {row["pair"]: row["playoff_wins"] for row in settled["standings"]}
    assert sum(playoff_wins.values()) == len(doc["playoffs"])


@st.composite
def playoff_round(draw, variant, ties) -> list[dict]:
    """One whole round of play-offs: every pairing of every tied group, winners drawn."""
    playoffs = []
    for tie in ties:
        for a, b in combinations(tie, 2):
            winner = draw(st.sampled_from((a, b)), label=f"winner of {a} v {b}")
            score = [variant.target, 0] if winner == a else [0, variant.target]
            result = {"winner": winner, "score": score, "cinches": [0, 0]}
            playoffs.append({"pairs": [a, b], "result": result})
    return playoffs


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_whole_playoff_round_in_any_order_gives_the_same_standings(data):
    doc = data.draw(nights(max_pairs=10, complete=True, tiebreak="playoff"), label="night")
    ties = score_night(doc)["unresolved_ties"]
    assume(ties)
    variant = get_variant(doc["variant"])
    playoffs = data.draw(playoff_round(variant, ties), label="round")
    shuffled = data.draw(st.permutations(playoffs), label="listed")
    event(f"{max(len(tie) for tie in ties)} pairs in the largest tie")

    in_order = score_night(doc | {"playoffs": playoffs})
    any_order = score_night(doc | {"playoffs": shuffled})

    assert any_order == in_order


# --- c. A broken night exits 2, never a traceback ----------------------------------------

SIDE_FIELDS = frozenset(
    {"bidder", "revoke", "winner", "high", "low", "jack", "game", "right_pedro", "left_pedro"}
)
FIELD_NAMES = sorted(
    SIDE_FIELDS
    | {"format", "name", "date", "variant", "tiebreak", "money", "players", "games"}
    | {"playoffs", "round", "table", "pairs", "hands", "result", "passed", "bid", "points"}
    | {"score", "cinches", "entry_fee", "loss_fee", "cinch_fee", "booby_prize", "split", "unit"}
    | {"house", "withdrawn", "pair", "from_round", "sat", "confirmed", "confirmed_by"}
)
ODD_STRINGS = (
    "",
    "<script>alert(1)</script>",
    "money",
    " MONEY ",
    "cinch-night/1",
    "cinch-night/2",
    "club11",
    "razzle",
    "pegs",
    "2.00",
    "-2.00",
    "0",
    "0.001",
    "1e6",
    "1E-7",
    "NaN",
    "Infinity",
    "1_000",
    "2026-02-30",
    "2026-11-17",
    "Zoë 😀",
    "\u202egnp.exe",
    "\x00",
    "null",
)
ODD_NUMBERS = (10**30, -(10**30), 2**63, -1, 0, 1, 2, 3, 4, 11, 14, 42, 51, 99, 999, 0.5, 2.0)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(ODD_NUMBERS),
    st.integers(-5, 60),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(ODD_STRINGS),
    st.sampled_from((101, 10_000)).map(lambda length: "x" * length),
    st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def paths_in(node, path=()):
    """Every ``(path, value)`` below ``node``; a path is a tuple of keys and indices."""
    children = node.items() if isinstance(node, dict) else enumerate(node)
    for key, child in children:
        yield (*path, key), child
        if isinstance(child, dict | list):
            yield from paths_in(child, (*path, key))


def shape_of(path) -> tuple:
    """``games.*.hands.*.bid`` for ``games[3].hands[2].bid``: where a path leads, any index."""
    return tuple("*" if isinstance(key, int) else key for key in path)


def parent_of(doc, path):
    node = doc
    for key in path[:-1]:
        node = node[key]
    return node


@st.composite
def mutated(draw, doc):
    """``doc`` with one random thing broken (or, by chance, left valid)."""
    doc = copy.deepcopy(doc)
    paths = [path for path, _ in paths_in(doc)]
    kind = draw(
        st.sampled_from(
            ("set", "set", "set", "delete", "add", "duplicate_game", "hand_after_win", "root")
        ),
        label="mutation",
    )
    if kind == "set":
        shape = draw(st.sampled_from(sorted({shape_of(path) for path in paths}, key=str)))
        path = draw(st.sampled_from([path for path in paths if shape_of(path) == shape]))
        parent_of(doc, path)[path[-1]] = draw(json_values, label="value")
    elif kind == "delete":
        path = draw(st.sampled_from(paths))
        del parent_of(doc, path)[path[-1]]
    elif kind == "add":
        objects = [doc, *(value for _, value in paths_in(doc) if isinstance(value, dict))]
        target = draw(st.sampled_from(objects))
        target[draw(st.sampled_from(FIELD_NAMES) | st.text(max_size=6))] = draw(json_values)
    elif kind == "duplicate_game" and doc["games"]:
        doc["games"].append(copy.deepcopy(draw(st.sampled_from(doc["games"]))))
    elif kind == "hand_after_win":
        played = [game for game in doc["games"] if "hands" in game]
        if played:
            game = draw(st.sampled_from(played))
            variant = get_variant(doc["variant"])
            rng = random.Random(draw(st.integers(0, 2**16)))
            game["hands"].append(random_hand(variant, game["pairs"], rng))
    elif kind == "root":
        doc = draw(json_values, label="whole document")
    note(f"mutation: {kind}")
    return doc


def run_cli(args) -> tuple[int, str, str]:
    """``main(args)`` in-process; stdout is strict UTF-8 like a real one, stderr escapes."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8")
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace")
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(args)
        stdout.flush()
        stderr.flush()
    return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def assert_refused(code: int, stdout: str, stderr: str) -> list[str]:
    """Exit 2, nothing on stdout, one line per problem on stderr; returns the lines."""
    assert code == 2
    assert stdout == ""
    assert "Traceback" not in stderr
    assert stderr.endswith("\n")
    lines = stderr[:-1].split("\n")
    for line in lines:
        # "place: message" or a plain message, never an empty or place-less line.
        assert line.strip() and not line.startswith(":"), line
    return lines


def score_file(tmp_dir: Path, doc, *, ascii_only: bool = True) -> tuple[int, str, str]:
    path = tmp_dir / "night.json"
    path.write_text(json.dumps(doc, ensure_ascii=ascii_only), encoding="utf-8")
    return run_cli(["score", str(path)])


@pytest.fixture(scope="module")
def tmp_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("nights")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_broken_night_exits_2_and_never_a_traceback(tmp_dir, data):
    doc = data.draw(nights(max_pairs=5), label="night")
    broken = data.draw(mutated(doc), label="broken night")

    code, stdout, stderr = score_file(tmp_dir, broken, ascii_only=data.draw(st.booleans()))

    assert code in (0, 2)
    event(f"exit {code}")
    if code == 2:
        assert_refused(code, stdout, stderr)
    else:
        assert stderr == ""
        assert json.loads(stdout)["format"] == "cinch-standings/1"


def first_hand(doc) -> tuple[int, int, dict]:
    """``(game number, hand number, hand)`` of the first hand that is not a passed deal."""
    for number, game in enumerate(doc["games"]):
        for hand_number, hand in enumerate(game.get("hands", [])):
            if not hand.get("passed"):
                return number, hand_number, hand
    raise AssertionError("the night has no hand")


def bad_format(doc):
    doc["format"] = "cinch-night/2"
    return "format"


def odd_players(doc):
    doc["players"].pop()
    return "players"


def bid_of_99(doc):
    number, hand_number, hand = first_hand(doc)
    hand["bid"] = 99
    return f"games[{number}].hands[{hand_number}].bid"


def card_to_pair_999(doc):
    number, hand_number, hand = first_hand(doc)
    for key in ("points", *get_variant(doc["variant"]).card_keys):
        hand.pop(key, None)
    hand |= {"high": 999, "low": hand["bidder"]}
    return f"games[{number}].hands[{hand_number}].high"


def entry_fee_as_a_float(doc):
    doc["money"] = {"entry_fee": 2.0}
    return "money.entry_fee"


def split_short_of_1(doc):
    doc["money"] = {"split": ["0.50", "0.30"]}
    return "money.split"


def unit_of_0(doc):
    doc["money"] = {"unit": "0.00"}
    return "money.unit"


def a_night_of_razzle(doc):
    doc["variant"] = "razzle"
    return "variant"


def no_such_date(doc):
    doc["date"] = "2026-13-01"
    return "date"


def unknown_field(doc):
    doc["colour"] = "green"
    return "colour"


def blank_player(doc):
    doc["players"][0] = "  "
    return "players[0]"


def a_pair_against_itself(doc):
    doc["games"][0]["pairs"] = [1, 1]
    return "games[0].pairs"


def round_0(doc):
    doc["games"][0]["round"] = 0
    return "games[0].round"


def a_game_twice(doc):
    doc["games"].append(copy.deepcopy(doc["games"][0]))
    return f"games[{len(doc['games']) - 1}].pairs"


def a_hand_after_the_win(doc):
    number, _, _ = first_hand(doc)
    game = doc["games"][number]
    game["hands"].append(random_hand(get_variant(doc["variant"]), game["pairs"], random.Random(0)))
    return f"games[{number}].hands[{len(game['hands']) - 1}]"


def hands_not_a_list(doc):
    doc["games"][0]["hands"] = {"bidder": 1}
    return "games[0].hands"


def hands_and_a_result(doc):
    doc["games"][0]["result"] = {"winner": 1, "score": [11, 0], "cinches": [0, 0]}
    return "games[0].result"


def a_playoff_with_a_round(doc):
    pairs = doc["games"][0]["pairs"]
    variant = get_variant(doc["variant"])
    doc["playoffs"] = [
        {"pairs": pairs, "round": 1, "hands": random_game(variant, pairs, random.Random(0))}
    ]
    return "playoffs[0].round"


def a_revoke(doc):
    number, hand_number, hand = first_hand(doc)
    hand["revoke"] = hand["bidder"]
    return f"games[{number}].hands[{hand_number}].revoke"


def a_money_bid(doc):
    number, hand_number, hand = first_hand(doc)
    hand["bid"] = "money"
    return f"games[{number}].hands[{hand_number}].bid"


def a_passed_deal(doc):
    number, hand_number, hand = first_hand(doc)
    doc["games"][number]["hands"][hand_number] = {"passed": True}
    return f"games[{number}].hands[{hand_number}].passed"


def points_3_v_3(doc):
    number, hand_number, hand = first_hand(doc)
    for key in get_variant(doc["variant"]).card_keys:
        hand.pop(key, None)
    hand["points"] = [3, 3]
    return f"games[{number}].hands[{hand_number}].points"


# (mutation, the variants it breaks): each always makes the night invalid at a known place.
CERTAINLY_INVALID = [
    (bad_format, NIGHT_VARIANT_IDS),
    (odd_players, NIGHT_VARIANT_IDS),
    (bid_of_99, NIGHT_VARIANT_IDS),
    (card_to_pair_999, NIGHT_VARIANT_IDS),
    (entry_fee_as_a_float, NIGHT_VARIANT_IDS),
    (split_short_of_1, NIGHT_VARIANT_IDS),
    (unit_of_0, NIGHT_VARIANT_IDS),
    (a_night_of_razzle, NIGHT_VARIANT_IDS),
    (no_such_date, NIGHT_VARIANT_IDS),
    (unknown_field, NIGHT_VARIANT_IDS),
    (blank_player, NIGHT_VARIANT_IDS),
    (a_pair_against_itself, NIGHT_VARIANT_IDS),
    (round_0, NIGHT_VARIANT_IDS),
    (a_game_twice, NIGHT_VARIANT_IDS),
    (a_hand_after_the_win, NIGHT_VARIANT_IDS),
    (hands_not_a_list, NIGHT_VARIANT_IDS),
    (hands_and_a_result, NIGHT_VARIANT_IDS),
    (a_playoff_with_a_round, NIGHT_VARIANT_IDS),
    (a_revoke, ("club11",)),
    (a_money_bid, ("cinch51", "chicago42")),
    (a_passed_deal, ("chicago42",)),
    (points_3_v_3, ("cinch51",)),
]


@pytest.mark.parametrize(
    ("mutation", "variant_ids"),
    CERTAINLY_INVALID,
    ids=[mutation.__name__ for mutation, _ in CERTAINLY_INVALID],
)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_a_certainly_invalid_night_exits_2_naming_the_place(tmp_dir, mutation, variant_ids, data):
    doc = random_night(
        data.draw(st.integers(2, 5), label="pair_count"),
        seed=data.draw(st.integers(0, 2**32 - 1), label="seed"),
        variant_id=data.draw(st.sampled_from(variant_ids), label="variant"),
        results_share=0.0,
    )
    place = mutation(doc)

    lines = assert_refused(*score_file(tmp_dir, doc))

    assert any(line.startswith(f"{place}: ") for line in lines), lines


def python_without_extras() -> str:
    """The interpreter the venv was made from: no Django, no site-packages of ours."""
    return getattr(sys, "_base_executable", None) or sys.executable


@pytest.mark.parametrize(
    "mutation", [bad_format, bid_of_99, card_to_pair_999, a_game_twice], ids=lambda m: m.__name__
)
def test_the_bare_interpreter_refuses_a_broken_night(mutation):
    doc = random_night(4, seed=7, results_share=0.0)
    place = mutation(doc)

    finished = subprocess.run(
        [python_without_extras(), "-E", "-s", "-m", "scoring.rules", "score", "-"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=False,
    )

    lines = assert_refused(finished.returncode, finished.stdout, finished.stderr)
    assert any(line.startswith(f"{place}: ") for line in lines), lines


# --- d. The pattern table is a round robin ------------------------------------------------


@pytest.mark.parametrize("pair_count", range(2, 41), ids=lambda n: f"{n}-pairs")
def test_the_pattern_table_is_a_round_robin(pair_count):
    doc = schedule_document(pair_count)
    rounds = doc["rounds"]
    meetings = []
    byes = []

    assert doc["pairs"] == pair_count
    assert len(rounds) == (pair_count if pair_count % 2 else pair_count - 1)
    for number, round_ in enumerate(rounds, start=1):
        assert round_["round"] == number
        tables = [game["table"] for game in round_["games"]]
        assert tables == list(range(1, len(tables) + 1))
        assert len(tables) <= pair_count // 2
        seated = [pair for game in round_["games"] for pair in game["pairs"]]
        assert len(seated) == len(set(seated)), f"a pair plays twice in round {number}"
        if pair_count % 2:
            assert round_["bye"] is not None and round_["bye"] not in seated
            byes.append(round_["bye"])
        else:
            assert round_["bye"] is None
        assert sorted([*seated, *([round_["bye"]] if round_["bye"] else [])]) == list(
            range(1, pair_count + 1)
        )
        meetings += [frozenset(game["pairs"]) for game in round_["games"]]

    every_meeting = {frozenset(pairs) for pairs in combinations(range(1, pair_count + 1), 2)}
    assert len(meetings) == len(every_meeting)
    assert set(meetings) == every_meeting
    if pair_count % 2:
        assert sorted(byes) == list(range(1, pair_count + 1))


def a_two_pair_night(variant_id: str = "club11") -> dict:
    return random_night(2, seed=1, variant_id=variant_id, results_share=0.0)


@pytest.mark.parametrize(
    ("field", "value"),
    [("bidder", [1]), ("revoke", {"pair": 2}), ("high", [1]), ("winner", [1])],
)
def test_a_side_given_as_a_list_or_object_exits_2(tmp_path, field, value):
    doc = a_two_pair_night("cinch51")
    if field == "winner":
        doc["games"][0] = {
            "round": 1,
            "table": 1,
            "pairs": [1, 2],
            "result": {"winner": value, "score": [51, 0], "cinches": [0, 0]},
        }
        place = "games[0].result.winner"
    else:
        hand = {"bidder": 1, "bid": 3, "high": 1, "low": 2}
        hand[field] = value
        doc["games"][0]["hands"] = [hand]
        place = f"games[0].hands[0].{field}"
    lines = assert_refused(*score_file(tmp_path, doc))
    assert any(line.startswith(f"{place}: ") for line in lines), lines


def test_a_result_problem_names_the_result(tmp_path):
    doc = a_two_pair_night()
    doc["games"][0] = {
        "round": 1,
        "table": 1,
        "pairs": [1, 2],
        "result": {"winner": 1, "score": [3, 0], "cinches": [0, 0]},
    }
    lines = assert_refused(*score_file(tmp_path, doc))
    assert lines == [
        "games[0].result.score: the winner has 3, short of the target 11 "
        "(only a Money bid ends a game sooner)"
    ]


def test_a_name_with_a_lone_surrogate_is_refused_not_a_traceback():
    doc = a_two_pair_night()
    doc["players"][0] = "\ud800"
    finished = subprocess.run(
        [python_without_extras(), "-E", "-s", "-m", "scoring.rules", "score", "-"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
        timeout=60,
    )
    assert finished.returncode == 2
    assert finished.stderr.startswith("players[0]: ")
    assert "Traceback" not in finished.stderr


def test_a_key_with_a_line_break_is_one_line_of_stderr(tmp_path):
    doc = a_two_pair_night()
    doc["a\nb"] = 1
    lines = assert_refused(*score_file(tmp_path, doc))
    assert lines == ["'a\\nb': not a field of cinch-night/1"]
