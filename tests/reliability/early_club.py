"""A club's database as an early version of the site made it, for the upgrade tests.

``build_early_club(folder)`` checks the project's early commit ``EARLY_COMMIT`` out in a
git worktree under ``folder``, lets that version's own ``migrate`` make the database and
its own services import a few nights, then writes at the database level what that version
let through and today's rules refuse (``plant``): a pegboard result of 110–3, "Ann" and
"ann" in one night, a Money hand with the Jack not out, a name with a zero-width space.

``early_club(folder)`` gives a copy of it, built once for this commit and this module's
code and kept under ``.cache/tests/`` (``make clean`` removes it): a checkout of the early
version and its migrations cost half a minute, and they never change.
"""

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from filelock import FileLock

# "Data layer: members, nights, seats, games, hands": the first version with a database.
EARLY_COMMIT = "0e28e605a47432e7a427329c9d9031f7ea7fa843"
REPOSITORY = Path(__file__).resolve().parents[2]
CACHE = REPOSITORY / ".cache" / "tests"
NIGHT_COUNT = 6

# What that version imports with its own services: six random nights of four pairs, each
# with players of its own (a member's name changed below changes one night only).
IMPORT_NIGHTS = f"""
from scoring.rules.simulate import random_night
from scoring.services import night_import
for seed in range({NIGHT_COUNT}):
    document = random_night(4, seed=seed, results_share=0.3)
    document["players"] = [f"{{name}} {{seed}}" for name in document["players"]]
    night_import(document=document)
"""

# The early version's manage.py with nothing of today's code: the editable install's finder
# would otherwise fill the modules it lacks (``scoring.admin``…) from today's tree.
RUN_EARLY = """
import runpy, sys
sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in getattr(f, "__module__", "")]
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def early_club(folder: Path) -> Path:
    """A copy in ``folder`` of the early club's database, built once and kept (``CACHE``),
    under a name that changes with ``EARLY_COMMIT`` and with this module's code."""
    digest = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    kept = CACHE / f"early-club-{EARLY_COMMIT[:12]}-{digest}.sqlite3"
    CACHE.mkdir(parents=True, exist_ok=True)
    with FileLock(f"{kept}.lock"):  # pytest-xdist's workers: one builds, the others wait
        if not kept.exists():
            built = build_early_club(folder)
            shutil.copyfile(built, f"{kept}.part")
            os.replace(f"{kept}.part", kept)
    copy = folder / "early.sqlite3"
    shutil.copyfile(kept, copy)
    return copy


def build_early_club(folder: Path) -> Path:
    """The early version's database, with the planted nights; returns its file."""
    database = folder / "early.sqlite3"
    source = folder / "early-source"
    git = ["git", "-C", str(REPOSITORY)]
    subprocess.run([*git, "worktree", "add", "--detach", str(source), EARLY_COMMIT], check=True)
    try:
        env = os.environ | {
            "DATABASE_URL": f"sqlite:///{database}",
            "DJANGO_SETTINGS_MODULE": "cinch_club.settings.dev",
            "PYTHONPATH": str(source),
        }
        manage = [sys.executable, "-c", RUN_EARLY, str(source / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput"], cwd=source, env=env, check=True)
        subprocess.run([*manage, "shell", "-c", IMPORT_NIGHTS], cwd=source, env=env, check=True)
    finally:
        subprocess.run([*git, "worktree", "remove", "--force", str(source)], check=True)
    with sqlite3.connect(database) as db:
        plant(db)
    db.close()
    return database


def first_seat_member(db, night: int, number: int) -> int:
    return db.execute(
        "SELECT member_id FROM scoring_seat WHERE night_id = ? AND number = ?", (night, number)
    ).fetchone()[0]


def plant(db) -> None:
    """Night 1: a game's pegboard result 110–3. Night 2: "Ann" and "ann". Night 3: a Money
    hand with the Jack not out. Night 4: a name with a zero-width space (U+200B)."""
    game = db.execute(
        "SELECT id, pair_a FROM scoring_game WHERE night_id = 1 ORDER BY id LIMIT 1"
    ).fetchone()
    db.execute("DELETE FROM scoring_hand WHERE game_id = ?", (game[0],))
    db.execute(
        "UPDATE scoring_game SET from_pegboard = 1, score_a = 110, score_b = 3, cinches_a = 0, "
        "cinches_b = 0, winner = ?, money_bid = 0 WHERE id = ?",
        (game[1], game[0]),
    )
    db.execute(
        "UPDATE scoring_member SET name = 'Ann' WHERE id = ?", (first_seat_member(db, 2, 1),)
    )
    db.execute(
        "UPDATE scoring_member SET name = 'ann' WHERE id = ?", (first_seat_member(db, 2, 3),)
    )
    hand = db.execute(
        "SELECT scoring_hand.id, bidder, cards FROM scoring_hand JOIN scoring_game "
        "ON scoring_game.id = game_id WHERE night_id = 3 AND NOT passed AND cards IS NOT NULL "
        "AND json_extract(cards, '$.jack') IS NOT NULL ORDER BY scoring_hand.id LIMIT 1"
    ).fetchone()
    db.execute(
        "UPDATE scoring_hand SET money = 1, bid = NULL, "
        "cards = json_set(cards, '$.jack', json('null')) WHERE id = ?",
        (hand[0],),
    )
    db.execute(
        "UPDATE scoring_member SET name = 'Bo' || char(8203) || 'b' WHERE id = ?",
        (first_seat_member(db, 4, 2),),
    )
