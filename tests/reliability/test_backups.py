"""Backups: every night's file out and back in gives the same standings; a live SQLite
database is copied with SQLite's backup API, consistent while scorers write.
"""

import io
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from threading import Event

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from scoring.games import services as games_services
from scoring.management.commands import backup_db
from scoring.models import Game, Hand, Member, Night
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night
from tests.factories import night_with_schedule
from tests.reliability.live_site import (
    form_of,
    refold_mismatches,
    shown,
    stored_hands,
)


def command(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def club_nights() -> list[Night]:
    """Nights of every kind: played through with play-offs, part-way, peg tie-break,
    pegboard results, hands entered through the services, names with markup."""
    documents = [
        random_night(4, seed=1),
        random_night(6, seed=2, rounds_played=3),
        random_night(3, seed=3, tiebreak="pegs", results_share=0.5),
        random_night(2, seed=4) | {"players": ["<b>Zoë</b>", "'; DROP TABLE", "Åsa", "ن"]},
    ]
    nights = [nights_services.night_import(document=document) for document in documents]
    entered = night_with_schedule(3)
    game = Game.objects.filter(night=entered).order_by("pk").first()
    for bid in (2, 3, 4):
        hand = {"bidder": game.pair_a, "bid": bid, "high": game.pair_a, "low": game.pair_b}
        games_services.hand_record(game=game, data=hand)
    return [*nights, entered]


@pytest.mark.django_db
def test_every_night_out_and_into_an_empty_database_gives_the_same_standings(tmp_path):
    nights = club_nights()
    standings = {f"night-{n.pk}.json": command("export_night", str(n.pk)) for n in nights}

    said = command("export_night", "--all", str(tmp_path))

    files = sorted(tmp_path.iterdir())
    assert sorted(path.name for path in files) == sorted(standings)
    for night in nights:
        assert f"Wrote {tmp_path / f'night-{night.pk}.json'}: {night.name}" in said
    assert said.endswith(f"{len(nights)} night file(s) written to {tmp_path}\n")

    Night.objects.all().delete()
    Member.objects.all().delete()
    assert not Hand.objects.exists() and not Game.objects.exists()
    for path in files:
        night_id = command("import_night", str(path)).splitlines()[-1]
        assert command("export_night", night_id) == standings[path.name], path.name
        assert command("export_night", night_id, "--night-file") == path.read_text()


@pytest.mark.django_db
def test_export_wants_an_id_or_all(tmp_path):
    for args in ([], ["1", "--all", str(tmp_path)]):
        with pytest.raises(CommandError, match="Give a night's ID, or --all DIR"):
            command("export_night", *args)


def test_backup_db_on_postgresql_says_to_use_pg_dump(tmp_path, monkeypatch):
    # Refused before any connection: only the engine's name is asked.
    monkeypatch.setattr(connection, "vendor", "postgresql")

    with pytest.raises(CommandError, match="use pg_dump") as refused:
        command("backup_db", str(tmp_path / "copy"))

    assert refused.value.returncode == 2
    assert not (tmp_path / "copy").exists()


@pytest.mark.django_db
def test_backup_db_never_overwrites_a_file(tmp_path):
    existing = tmp_path / "older-backup.sqlite3"
    existing.write_bytes(b"an older backup")

    with pytest.raises(CommandError, match="exists: give a new file name") as refused:
        command("backup_db", str(existing))

    assert refused.value.returncode == 2
    assert existing.read_bytes() == b"an older backup"


# Committed rows (transaction=True): SQLite's backup waits while a transaction is open.
@pytest.mark.django_db(transaction=True)
def test_backup_db_copies_the_database_and_checks_the_copy(tmp_path):
    member = Member.objects.create(name="Zoë")
    night_with_schedule(2)
    copy = tmp_path / "backups" / "backup.sqlite3"  # the folder is made when missing

    said = command("backup_db", str(copy))

    assert said.startswith(f"Backed up the database to {copy} (") and "integrity ok" in said
    assert checks(copy) == (["ok"], [])
    assert (member.pk, "Zoë") in [row[:2] for row in rows(copy)["scoring_member"]]
    assert copy.stat().st_mode & 0o777 == 0o600  # password hashes and sessions: the owner's


def rows(path: Path) -> dict[str, list]:
    """Every row of every table, read with sqlite3 itself."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as database:
        tables = [
            name
            for (name,) in database.execute("SELECT name FROM sqlite_master WHERE type='table'")
        ]
        return {
            table: database.execute(f'SELECT * FROM "{table}" ORDER BY rowid').fetchall()
            for table in tables
        }


def checks(path: Path) -> tuple[list, list]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as database:
        integrity = [row[0] for row in database.execute("PRAGMA integrity_check")]
        return integrity, database.execute("PRAGMA foreign_key_check").fetchall()


# Between two hands of a scorer: the copy meets writes in flight, and the scorers leave
# the cores to the copy and the other tests.
PAUSE = 0.1


def keep_scoring(live, number: int, game: list[int], stop: Event, acknowledged: list) -> list:
    """Post hands into ``game``, a scorer's pace (``PAUSE`` between two), until told to stop
    (at most 400: the cycle below never wins a game, and a loaded machine may take long to
    copy); ``acknowledged`` gets those acknowledged."""
    game_id, pair_a, pair_b = game
    browser = live.site.browser(live.server, f"scorer{number}")
    cycle = [
        {"bidder": pair_a, "bid": 2, "high": pair_a, "low": pair_a},
        {"bidder": pair_a, "bid": 3, "high": pair_a, "low": pair_a},
        {"passed": True},
        {"bidder": pair_b, "bid": 4, "high": pair_b, "low": pair_b},
    ]
    for count in range(400):
        if stop.is_set():
            break
        hand = cycle[count % len(cycle)]
        if browser.post(f"/games/{game_id}/", form_of(hand)).status == 302:
            acknowledged.append(hand)
        time.sleep(PAUSE)
    return acknowledged


@pytest.mark.slow  # scorers post to a live server until the copy is done
def test_backup_of_a_live_database_while_scorers_write(live, tmp_path):
    site = live.site
    games = live.games[22:26]
    during, after = tmp_path / "during.sqlite3", tmp_path / "after.sqlite3"
    stop = Event()
    acknowledged = [[] for _ in games]

    with ThreadPoolExecutor(max_workers=len(games)) as pool:
        futures = [
            pool.submit(keep_scoring, live, number, game, stop, acknowledged[number - 1])
            for number, game in enumerate(games, start=1)
        ]
        deadline = time.monotonic() + 120
        while sum(map(len, acknowledged)) < 8 and time.monotonic() < deadline:
            time.sleep(0.05)  # until the scorers are well under way
        backed_up = site.manage("backup_db", str(during))
        written_then = sum(map(len, acknowledged))
        # Its own deadline: a copy on a loaded machine may have used up the first one.
        settle = time.monotonic() + 120
        while sum(map(len, acknowledged)) < written_then + 4 and time.monotonic() < settle:
            time.sleep(0.05)  # and still writing after the copy
        stop.set()
        for future in futures:
            future.result(timeout=180)

    assert "integrity ok" in backed_up.stdout
    assert checks(during) == (["ok"], [])
    # One moment's copy: each game's hands a first part of what was stored in the end,
    # and its totals what those hands fold to (hands and totals are one transaction).
    written = {game[0] for game in games}
    final = [r for r in site.read(stored_hands, live.night) if r["game"] in written]
    copy_url = f"sqlite:///{during}"
    copied = [
        r
        for r in site.read(stored_hands, live.night, database_url=copy_url)
        if r["game"] in written
    ]
    for game_id in written:
        in_copy = [shown(r["hand"]) for r in copied if r["game"] == game_id]
        in_live = [shown(r["hand"]) for r in final if r["game"] == game_id]
        assert in_copy == in_live[: len(in_copy)]
    print(
        f"\n[sqlite] backup_db while {len(games)} scorers wrote: the copy holds "
        f"{len(copied)} of the {len(final)} hands they stored, integrity ok"
    )
    assert 0 < len(copied) < len(final) == sum(map(len, acknowledged))
    assert site.read(refold_mismatches, live.night, database_url=copy_url) == []

    site.manage("backup_db", str(after))
    assert rows(after) == rows(site.database.path)


@pytest.mark.django_db
def test_export_all_says_when_it_cannot_write(tmp_path):
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")

    with pytest.raises(CommandError, match="Cannot write to"):
        command("export_night", "--all", str(not_a_folder / "nights"))


@pytest.mark.django_db
def test_backup_db_says_when_it_cannot_create_the_file(tmp_path):
    night_with_schedule(2)
    (tmp_path / "a-file").write_text("not a folder")

    with pytest.raises(CommandError, match="Cannot create") as refused:
        command("backup_db", str(tmp_path / "a-file" / "copy"))

    assert refused.value.returncode == 2


@pytest.mark.django_db
def test_backup_db_refuses_a_database_file_that_does_not_exist(tmp_path, monkeypatch):
    # As cron runs it without DATABASE_URL: SQLite would make an empty file and copy it.
    missing = tmp_path / "db.sqlite3"
    monkeypatch.setitem(connection.settings_dict, "NAME", str(missing))

    with pytest.raises(CommandError, match=f"There is no database at {missing}") as refused:
        command("backup_db", str(tmp_path / "copy.sqlite3"))

    assert refused.value.returncode == 2
    assert not missing.exists()
    assert not (tmp_path / "copy.sqlite3").exists()


@pytest.mark.django_db
def test_backup_db_refuses_a_database_without_nights(tmp_path):
    Member.objects.create(name="Zoë")

    with pytest.raises(CommandError, match="holds no nights: nothing was backed up") as refused:
        command("backup_db", str(tmp_path / "copy.sqlite3"))

    assert refused.value.returncode == 2
    assert not (tmp_path / "copy.sqlite3").exists()


@pytest.mark.django_db(transaction=True)
def test_backup_db_on_a_full_disk_says_so_and_leaves_no_file(tmp_path, monkeypatch):
    # The copy is written to /dev/full, where every write fails as on a full disk.
    night_with_schedule(2)
    copy = tmp_path / "copy.sqlite3"

    def open_on_a_full_disk(file):
        file.touch()
        return sqlite3.connect("/dev/full")

    monkeypatch.setattr(backup_db, "open_copy", open_on_a_full_disk)

    with pytest.raises(CommandError, match="is full: nothing was saved") as refused:
        command("backup_db", str(copy))

    assert refused.value.returncode == 2
    assert not copy.exists()  # no 0-byte file to block the name next time
