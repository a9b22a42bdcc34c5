"""``make bench``: how fast the rules core scores a big night and lays out a big pattern
table, and how fast the site serves a 20-table night and takes hands (through the table
links, and through the pairs' codes against ``make hall``'s server), and how long the
sheets of the draw take to print, and several nights at once on two servers over one
PostgreSQL database (``clubs``).

Run as ``.venv/bin/python bench/run.py`` (``make bench``) or, for the rules core alone, as
``python3 bench/run.py`` from the repository root: the rules core needs nothing but the
standard library (its sections: ``score``, ``schedule``, ``partners``). Name sections to
run only those: ``bench/run.py score schedule``.
Each benchmark is a function in ``BENCHMARKS`` that prints its own lines; a later
section is one more function added to that list.

Timings are wall-clock (``time.perf_counter``): the best of ``REPEATS`` runs, which is the
least disturbed by other work on the machine, and the median, which shows the spread.
"""

import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY))

import functools  # noqa: E402
import importlib  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

from bench.measure import REPEATS, timings  # noqa: E402
from scoring.rules.draw import MOST_PLAYERS, deal_new_partners, night_partnerships  # noqa: E402
from scoring.rules.jsonio import dump_json, load_json  # noqa: E402
from scoring.rules.night.documents import score_night  # noqa: E402
from scoring.rules.schedule import schedule_document  # noqa: E402
from scoring.rules.simulate import random_night  # noqa: E402

NIGHT_PAIRS = 40
SCHEDULE_PAIRS = 100
TARGET_HANDS_PER_SECOND = 50_000


def night_text() -> tuple[str, int, int]:
    """The benchmark night as JSON text, with its number of hands and of games."""
    doc = random_night(NIGHT_PAIRS, seed=1)
    hands = sum(len(game.get("hands", [])) for game in doc["games"])
    return json.dumps(doc), hands, len(doc["games"])


def score_pipeline(text: str) -> str:
    """What ``python3 -m scoring.rules score`` does with a file's text."""
    return dump_json(score_night(load_json(text)))


def bench_score_night() -> None:
    """A 40-pair club11 night through load, score and print, in this process."""
    text, hands, games = night_text()
    best, median = timings(lambda: score_pipeline(text))
    rate = hands / best
    verdict = "meets" if rate >= TARGET_HANDS_PER_SECOND else "BELOW"
    print(
        f"score {NIGHT_PAIRS}-pair club11 night: {hands} hands, {games} games, "
        f"best {best:.3f} s, median {median:.3f} s, {rate:,.0f} hands/s "
        f"(target {TARGET_HANDS_PER_SECOND:,}: {verdict})"
    )
    doc = load_json(text)
    standings = score_night(doc)
    stages = {
        "load_json": lambda: load_json(text),
        "score_night": lambda: score_night(doc),
        "dump_json": lambda: dump_json(standings),
    }
    shown = ", ".join(f"{name} {timings(run)[0]:.3f} s" for name, run in stages.items())
    print(f"  of which (best of {REPEATS} each): {shown}")


NAIVE_SCORER = REPOSITORY / "bench" / "naive_score.py"
COMMAND_RUNS = 15
# What the core and bench/naive_score.py must agree on, pair by pair.
AGREED = ("wins", "losses", "pegs_for", "pegs_against", "cinches")


def fresh_process_env() -> dict:
    """The environment for the timed processes: as a club's Python runs, writing
    bytecode caches (a PYTHONDONTWRITEBYTECODE of the caller's would make the core
    compile every module on every run while the naive script is compiled anyway)."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def wall_clock(command: list[str], env=None) -> tuple[float, subprocess.CompletedProcess]:
    """Seconds a fresh process takes to run ``command`` from the repository root."""
    started = time.perf_counter()
    finished = subprocess.run(
        command, cwd=REPOSITORY, capture_output=True, text=True, check=False, env=env
    )
    return time.perf_counter() - started, finished


def standings_by_pair(output: str) -> dict[int, tuple]:
    """``{pair: (wins, losses, pegs_for, pegs_against, cinches)}`` from a printed standings."""
    return {
        row["pair"]: tuple(row[name] for name in AGREED) for row in json.loads(output)["standings"]
    }


def check_agreement(core_output: str, naive_output: str) -> None:
    """Stop the benchmark, naming the pairs, when the two scorers disagree on any pair."""
    core, naive = standings_by_pair(core_output), standings_by_pair(naive_output)
    differ = sorted(
        pair for pair in core.keys() | naive.keys() if core.get(pair) != naive.get(pair)
    )
    if differ:
        raise SystemExit(
            f"the core and the naive scorer disagree on pairs {differ} "
            f"({', '.join(AGREED)}): core {[core.get(p) for p in differ]}, "
            f"naive {[naive.get(p) for p in differ]}"
        )


def timed_in_turns(commands: dict[str, list[str]], runs: int) -> tuple[dict, dict]:
    """``(outputs, seconds)``: each command run once to write its caches (its output kept),
    then ``runs`` times more, the commands taking turns so that a disturbance of the
    machine falls on all of them alike."""
    env = fresh_process_env()
    outputs = {}
    for name, command in commands.items():
        _, finished = wall_clock(command, env)
        if finished.returncode != 0:
            raise SystemExit(f"{name} failed ({finished.returncode}): {finished.stderr}")
        outputs[name] = finished.stdout
    seconds = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            seconds[name].append(wall_clock(command, env)[0])
    return outputs, seconds


def bench_score_command_against_naive() -> None:
    """The night through fresh ``python3 -m scoring.rules score FILE`` processes beside
    fresh ``bench/naive_score.py FILE`` ones (and an empty interpreter's start-up)."""
    text, hands, games = night_text()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.json"
        path.write_text(text, encoding="utf-8")
        python = sys.executable
        commands = {
            "python3 -m scoring.rules score": [python, "-m", "scoring.rules", "score", str(path)],
            "bench/naive_score.py": [python, str(NAIVE_SCORER), str(path)],
            "an empty python3": [python, "-c", "pass"],
            "python3 importing the score command": [python, "-c", "import scoring.rules.__main__"],
        }
        outputs, seconds = timed_in_turns(commands, COMMAND_RUNS)
    core, naive, _empty, _imports = commands
    check_agreement(outputs[core], outputs[naive])
    print(
        f"score command against a naive scorer, fresh processes in turns, {COMMAND_RUNS} runs "
        f"each ({hands} hands, {games} games; they agree on every pair's {', '.join(AGREED)}):"
    )
    for name, runs in seconds.items():
        print(f"  {name}: best {min(runs):.3f} s, median {statistics.median(runs):.3f} s")
    best = min(seconds[core]) / min(seconds[naive])
    median = statistics.median(seconds[core]) / statistics.median(seconds[naive])
    print(f"  core / naive: {best:.2f} (best), {median:.2f} (median)")
    print_naive_stages(text)


def print_naive_stages(text: str) -> None:
    """The naive scorer's three steps in this process, beside the core's above (``score``'s
    "of which"): where the two commands' times part."""
    spec = importlib.util.spec_from_file_location("naive_score", NAIVE_SCORER)
    naive = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(naive)
    night = json.loads(text)
    table = naive.standings(night)
    stages = {
        "json.loads": lambda: json.loads(text),
        "standings": lambda: naive.standings(night),
        "json.dumps": lambda: json.dumps({"standings": table}, indent=2),
    }
    shown = ", ".join(f"{name} {timings(run)[0]:.3f} s" for name, run in stages.items())
    print(f"  the naive scorer's steps in this process (best of {REPEATS} each): {shown}")


def bench_schedule() -> None:
    """The pattern table for 100 pairs, built and printed."""
    best, median = timings(lambda: dump_json(schedule_document(SCHEDULE_PAIRS)))
    games = SCHEDULE_PAIRS * (SCHEDULE_PAIRS - 1) // 2
    print(
        f"schedule {SCHEDULE_PAIRS} pairs: {games} games, "
        f"best {best * 1000:.1f} ms, median {median * 1000:.1f} ms"
    )


# (players, earlier nights): a club's 40 and 80 players over a season, the most the draw
# takes, and a small club over a long season, whose repeats cannot all be avoided.
PARTNERS_SEASONS = [(40, 20), (80, 20), (160, 20), (MOST_PLAYERS, 20), (12, 40)]


def bench_new_partners() -> None:
    """The draw that gives new partners: a night dealt against a season of nights that
    were dealt at random."""
    for players, nights in PARTNERS_SEASONS:
        chance = random.Random(players)
        club = [f"P{number}" for number in range(players)]
        earlier = []
        for _ in range(nights):
            chance.shuffle(club)
            earlier.append(night_partnerships(list(club)))
        deal = functools.partial(deal_new_partners, club, earlier, chance=random.Random(1))
        best, median = timings(deal, REPEATS if players <= 80 else 3)
        print(
            f"new partners, {players} players after {nights} nights "
            f"({len(deal().repeats)} repeats): best {best:.3f} s, median {median:.3f} s"
        )


def site_section(module: str, function: str):
    """A section of the site's, imported only when it runs: the rules-core sections run
    where Django is not installed."""

    def run() -> None:
        getattr(importlib.import_module(module), function)()

    run.__name__ = function
    return run


BENCHMARKS = [
    bench_score_night,
    bench_score_command_against_naive,
    bench_schedule,
    bench_new_partners,
    site_section("bench.pages", "bench_pages"),
    site_section("bench.pages", "bench_entry_and_sheets"),
    site_section("bench.pages", "bench_members"),
    site_section("bench.pages", "bench_pair_code"),
    site_section("bench.sheets", "bench_draw_sheets"),
    site_section("bench.sheets", "bench_packet_ahead"),
    site_section("bench.visitor", "bench_one_visitor"),
    site_section("bench.task_queue", "bench_queue"),
    site_section("bench.table_links", "bench_table_links"),
    site_section("bench.hall_load", "bench_hall_load"),
    site_section("bench.slow_clients", "bench_slow_clients"),
    site_section("bench.clubs", "bench_clubs"),
]


def main() -> None:
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        f"best and median of {REPEATS} runs"
    )
    chosen = sys.argv[1:]
    for benchmark in BENCHMARKS:
        if not chosen or any(name in benchmark.__name__ for name in chosen):
            benchmark()


if __name__ == "__main__":
    main()
