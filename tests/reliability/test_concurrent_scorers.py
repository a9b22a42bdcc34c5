"""Many scorers at once against a live server: nothing fails, nothing is lost or doubled.

16 scorers log in to gunicorn (3 processes of 4 threads, production settings, its own
database: a SQLite file, or PostgreSQL in make test's second run) and post hands at the
same moment: 8 of them each into a game of their own, 8 all into one game. Every post
must be acknowledged (redirect back to the game, whose page then says "Hand N saved");
each scorer's hands must be stored in the game in the order that scorer sent them, once
each; and the night's standings and night file must be exactly what a sequential replay
of the stored hands, one service call at a time into a fresh database, gives.

The hands are chosen so that no game can be won whatever order they land in: every
pair gains at most 8 points in any game, so no post is refused for a finished game.
"""

import re
import time
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import pytest

from scoring.core.records import documents
from scoring.games import services as games_services
from scoring.models import Game
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.rules.jsonio import dump_json, load_json
from tests.reliability.live_site import SAVED, SCORERS, form_of, shown, stored_hands

# Scorers racing a live server, on both engines: make test-slow (CI runs it).
pytestmark = [pytest.mark.database, pytest.mark.slow]

OWN_GAME_SCORERS = 8

SHARED_GAME_SCORERS = 8
RUN_TIMEOUT = 240


def plan(turn: int, pairs: tuple[int, int]) -> list[dict]:
    """One scorer's six hands for a game: its pair makes one bid of 2, the rest go back."""
    mine, other = (pairs[0], pairs[1]) if turn % 2 == 0 else (pairs[1], pairs[0])

    def bid(pair: int, value: int) -> dict:
        return {"bidder": pair, "bid": value, "high": pair, "low": pair}

    return [
        bid(mine, 2),
        bid(mine, 3),
        {"passed": True},
        bid(other, 4),
        bid(mine, 4),
        bid(other, 3),
    ]


def scorer_session(live, number: int, game: list[int], barrier: Barrier) -> dict:
    """Wait for everyone, post the plan's hands one after another (as a person would,
    following each redirect back to the game page); what was acknowledged."""
    game_id, *pairs = game
    browser = live.site.browser(live.server, f"scorer{number}")
    barrier.wait(timeout=60)
    path = f"/games/{game_id}/"
    acknowledged, refused = [], []
    for hand in plan(number, tuple(pairs)):
        answer = browser.post(path, form_of(hand))
        saved = re.fullmatch(re.escape(path) + r"\?saved=[0-9]+#entry", answer.location)
        if answer.status == 302 and saved:
            acknowledged.append(hand)
            page = browser.get(answer.location.removesuffix("#entry"))
            assert page.status == 200 and SAVED.search(page.text), page.status
        else:
            refused.append((answer.status, hand))
    return {
        "user": f"scorer{number}",
        "game": game_id,
        "acknowledged": acknowledged,
        "refused": refused,
        "requests": browser.sent,
    }


def test_sixteen_scorers_at_once_lose_nothing(live, db):
    site, server = live.site, live.server
    shared, own = live.games[0], live.games[1 : 1 + OWN_GAME_SCORERS]
    assignments = own + [shared] * SHARED_GAME_SCORERS
    played = {game[0] for game in assignments}
    barrier = Barrier(SCORERS)
    served_before = len(server.statuses())

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=SCORERS) as pool:
        futures = [
            pool.submit(scorer_session, live, number, game, barrier)
            for number, game in enumerate(assignments, start=1)
        ]
        sessions = [future.result(timeout=RUN_TIMEOUT) for future in futures]
    elapsed = time.monotonic() - started

    statuses = server.statuses()[served_before:]
    acknowledged = sum(len(s["acknowledged"]) for s in sessions)
    print(
        f"\n[{site.database.engine}] {SCORERS} scorers: "
        f"{sum(s['requests'] for s in sessions)} requests in {elapsed:.1f} s, "
        f"{sum(status >= 500 for status in statuses)} server errors, "
        f"{sum(len(s['refused']) for s in sessions)} posts refused, "
        f"{acknowledged} hands acknowledged"
    )
    assert [s["refused"] for s in sessions] == [[]] * SCORERS
    assert all(status < 500 for status in statuses)

    stored = [row for row in site.read(stored_hands, live.night) if row["game"] in played]
    assert len(stored) == acknowledged == SCORERS * 6
    for session in sessions:
        mine = [shown(row["hand"]) for row in stored if row["by"] == session["user"]]
        assert mine == [shown(hand) for hand in session["acknowledged"]], session["user"]
        assert {row["game"] for row in stored if row["by"] == session["user"]} == {session["game"]}
    for game_id in {row["game"] for row in stored}:
        positions = [row["position"] for row in stored if row["game"] == game_id]
        assert positions == list(range(1, len(positions) + 1))

    standings = site.manage("export_night", str(live.night)).stdout
    night_file = site.manage("export_night", str(live.night), "--night-file").stdout
    replayed = replay(load_json(night_file))
    assert dump_json(results_selectors.night_standings(replayed)) == standings
    assert dump_json(documents.night_file(replayed)) == night_file


def replay(document: dict):
    """The night re-entered into this (empty) database one hand at a time, in stored order."""
    hands = {(g.get("round"), g.get("table")): g.pop("hands", []) for g in document["games"]}
    night = nights_services.night_import(document=load_json(dump_json(document)))
    for game in Game.objects.filter(night=night).order_by("round", "table"):
        for hand in hands[(game.round, game.table)]:
            games_services.hand_record(game=game, data=hand)
    return night
