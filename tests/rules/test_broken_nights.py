"""A broken night file makes the rules CLI exit 2 with its problems, never a traceback:
random breakages (hypothesis), breakages that always break a known place, and a few
shapes a hand-written file gets wrong (no database)."""

import contextlib
import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from scoring.rules import (
    all_variants,
    get_variant,
)
from scoring.rules.__main__ import main
from scoring.rules.simulate import random_game, random_hand, random_night
from tests.examples import examples
from tests.rules.night_strategies import nights

REPO_ROOT = Path(__file__).resolve().parents[2]
VARIANT_IDS = [variant.id for variant in all_variants()]
NIGHT_VARIANT_IDS = ("club11", "cinch51", "chicago42")


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


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
@settings(max_examples=examples(8), deadline=None)
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


def scored_by_the_bare_interpreter(doc: dict) -> subprocess.CompletedProcess:
    """``python -m scoring.rules score -`` of ``doc`` on :func:`python_without_extras`."""
    return subprocess.run(
        [python_without_extras(), "-E", "-s", "-m", "scoring.rules", "score", "-"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize(
    "mutation", [bad_format, bid_of_99, card_to_pair_999, a_game_twice], ids=lambda m: m.__name__
)
def test_the_bare_interpreter_refuses_a_broken_night(mutation):
    doc = random_night(4, seed=7, results_share=0.0)
    place = mutation(doc)

    finished = scored_by_the_bare_interpreter(doc)

    lines = assert_refused(finished.returncode, finished.stdout, finished.stderr)
    assert any(line.startswith(f"{place}: ") for line in lines), lines


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
    finished = scored_by_the_bare_interpreter(doc)
    assert finished.returncode == 2
    assert finished.stderr.startswith("players[0]: ")
    assert "Traceback" not in finished.stderr


def test_a_key_with_a_line_break_is_one_line_of_stderr(tmp_path):
    doc = a_two_pair_night()
    doc["a\nb"] = 1
    lines = assert_refused(*score_file(tmp_path, doc))
    assert lines == ["'a\\nb': not a field of cinch-night/1"]
