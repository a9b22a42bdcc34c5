"""Several nights at once on several servers and one database: PostgreSQL, two gunicorn
servers on two ports over the same database, one worker of the task queue, and
``CINCH_BENCH_NIGHTS`` nights (3 by default) of ``CINCH_BENCH_TABLES`` tables (20) each,
every table's two phones entering and confirming ``CINCH_BENCH_ROUNDS`` rounds (1).

What ``docs/install/several-machines.md`` describes, on one machine: each server is
production's (``cinch_club.settings.prod``, gunicorn with ``gunicorn.conf.py``'s processes
and threads, whitenoise over the static files collected once), and both share the
database, so the sessions, the cache (kept sheets) and the limits (``LIMITS_STORE``, the
database's by default on PostgreSQL) are the same whichever answers. The worker is
``manage.py run_worker``, as a machine of workers runs it. The phones stand for the
players behind the load balancer: each request goes to the next server in turn (a
phone starts at a server of its own), with the TLS proxy's ``X-Forwarded-Proto``, from
the phone's own loopback address.

Each phone is ``bench.hall_load``'s: one pair's code (``/p/<code>/``), the first pair of a
table posting its three hands, the second waiting on its page's news and confirming the
result. Each night is a club's: the site's first club and ``add_club``'s others, each
night imported into its club (``import_night --club``) and played under the club's
addresses, ``/c/<slug>/p/<code>/``. With more than one club and no ``HOME_CLUB`` the site
has no club of its own, as a host's has none. PostgreSQL is the throwaway server
``scripts/with-postgres`` starts, as ``make test-postgres`` does: run without a PostgreSQL
``DATABASE_URL``, the section runs itself again under it.

Printed: the p50, p95 and max of a save (a hand's POST or a confirmation's) and of a
page read (a GET of the pair's page), for each night and for all of them; the requests
per second, and per core (``os.cpu_count()``); and what the database holds afterwards,
checked as ``bench.hall_load`` checks it: every hand once, as posted, each result
confirmed once.
"""

import itertools
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bench import hall_load
from scoring.rules.simulate import random_night
from tests.reliability.live_site import (
    REPOSITORY,
    Browser,
    Server,
    Site,
    is_postgres,
    phone_address,
)

NIGHTS = int(os.environ.get("CINCH_BENCH_NIGHTS", "3"))
TABLES = int(os.environ.get("CINCH_BENCH_TABLES", "20"))
ROUNDS = int(os.environ.get("CINCH_BENCH_ROUNDS", "1"))
SERVERS = 2
SAVE_TARGET_SECONDS = 0.3
PAIR_PAGE = re.compile(r"/p/[^/]+/$")  # a code's page under any prefix: not its news, posts


@dataclass
class Night:
    """One night of the run: its place among them, its club (``slug``), its pairs' codes
    and its requests' times once played."""

    number: int
    slug: str = ""
    night_id: int = 0
    codes: list[dict] = field(default_factory=list)
    timings: hall_load.Timings = field(default_factory=hall_load.Timings)


class Balanced(Browser):
    """A phone behind the load balancer: each request to the next of ``servers`` in
    turn, from ``start``; cookies and CSRF token kept across them (the sessions are in
    the database every server reads)."""

    def __init__(self, servers: list[Server], start: int, source: str):
        super().__init__(servers[start % len(servers)], source=source)
        ring = servers[start % len(servers) :] + servers[: start % len(servers)]
        self.ring = itertools.cycle(ring)

    def request(self, method: str, path: str, form: dict | None = None):
        self.server = next(self.ring)  # the Referer names the server it is sent to
        return super().request(method, path, form)


@dataclass(frozen=True)
class Result:
    nights: list[Night]
    workers: int
    threads: int
    seconds: float
    served: list[list[str]]  # each server's access log: "ms-in-the-worker METHOD path status"
    games: int
    hands: int
    tasks: dict  # the worker's: task name -> how many it finished during the run
    load: tuple[float, float]


def run(
    nights: int = NIGHTS,
    tables: int = TABLES,
    rounds: int = ROUNDS,
    *,
    pause=hall_load.PAUSE,
    static_root: Path | None = None,
) -> Result:
    """The benchmark, checked; its figures: each night a club's. Needs a PostgreSQL
    ``DATABASE_URL``."""
    if not is_postgres(os.environ.get("DATABASE_URL", "")):
        raise RuntimeError("bench.clubs needs PostgreSQL: scripts/with-postgres sets one")
    if 2 * tables * nights > 250:
        raise ValueError("at most 250 phones: the loopback's addresses (phone_address)")
    played = [Night(number) for number in range(nights)]
    with tempfile.TemporaryDirectory() as place:
        folder = Path(place)
        site = Site(folder, static_root)
        prepare(site, played, tables, rounds)
        servers = [Server(site) for _ in range(SERVERS)]
        for number, server in enumerate(servers):
            server.access_log = folder / f"access-{number}.log"
            server.error_log = folder / f"error-{number}.log"
        worker = None
        try:
            for server in servers:
                server.start()
            worker = start_worker(site, folder)
            tasks_before = inside(site, "tasks_done()")
            load = os.getloadavg()[0]
            started = time.perf_counter()
            play_all(servers, played, tables, pause)
            seconds = time.perf_counter() - started
            after = os.getloadavg()[0]
            tasks_after = inside(site, "tasks_done()")
            stored = [hall_load.inside(site, f"stored({night.night_id})") for night in played]
            served = [server.access_log.read_text().splitlines() for server in servers]
        finally:
            stop_worker(worker)
            for server in servers:
                server.stop()
            site.drop()
    games = hands = 0
    for night, held in zip(played, stored, strict=True):
        checked = hall_load.check(night.codes, held, rounds * tables)
        games, hands = games + checked[0], hands + checked[1]
    tasks = {name: count - tasks_before.get(name, 0) for name, count in tasks_after.items()}
    return Result(
        played,
        servers[0].workers,
        servers[0].threads,
        seconds,
        served,
        games,
        hands,
        {name: count for name, count in tasks.items() if count},
        (load, after),
    )


def prepare(site: Site, played: list[Night], tables: int, rounds: int) -> None:
    """The site migrated, a club for each night but the first (the site's own club's),
    each night imported into its club (a night of ``2 * tables`` pairs, a seed of its
    own) and its pairs' codes for ``rounds`` rounds read."""
    for night in played:
        document = random_night(2 * tables, seed=30 + night.number, rounds_played=0)
        if night.number == 0:
            night.night_id = site.prepare(document, scorers=0)["night"]
            night.slug = inside(site, "first_club()")
            continue
        night.slug = f"club-{night.number + 1}"
        name, director = f"Club {night.number + 1}", f"director-{night.number + 1}"
        site.manage("add_club", night.slug, "--name", name, "--director", director)
        path = site.folder / f"night-{night.number}.json"
        path.write_text(json.dumps(document))
        imported = site.manage("import_night", "--club", night.slug, str(path))
        night.night_id = int(imported.stdout.split()[-1])
    for night in played:
        night.codes = hall_load.inside(site, f"pair_codes({night.night_id}, {rounds})")


def play_all(servers: list[Server], played: list[Night], tables: int, pause) -> None:
    """Every pair's phone of every night at once, each behind the load balancer."""
    with ThreadPoolExecutor(sum(len(night.codes) for night in played)) as pool:
        phones = []
        for night in played:
            for code in night.codes:
                number = night.number * 2 * tables + code["pair"] - 1
                browser = Balanced(servers, number, phone_address(number))
                phones.append(
                    pool.submit(
                        hall_load.play,
                        None,
                        code,
                        night.timings,
                        pause,
                        browser=browser,
                        prefix=f"/c/{night.slug}",
                    )
                )
        for phone in phones:
            phone.result()


def start_worker(site: Site, folder: Path) -> subprocess.Popen:
    """One worker of the task queue over the site's database, as a workers' machine runs
    it (``manage.py run_worker`` with a name of its own)."""
    log = (folder / "worker.log").open("w")
    return subprocess.Popen(
        [sys.executable, "manage.py", "run_worker", "--worker-id", "bench-worker"],
        cwd=REPOSITORY,
        env=site.environ,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop_worker(worker: subprocess.Popen | None) -> None:
    if worker is None or worker.poll() is not None:
        return
    worker.terminate()
    try:
        worker.wait(timeout=90)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait(timeout=30)


def inside_servers(served: list[list[str]]) -> dict[str, list[float]]:
    """Each save's and page read's time inside its server, in seconds, from the logs."""
    times = {"saves": [], "reads": []}
    for line in (line for log in served for line in log):
        milliseconds, method, path, _status = line.split()[-4:]
        if method == "POST":
            times["saves"].append(int(milliseconds) / 1000)
        elif PAIR_PAGE.search(path):
            times["reads"].append(int(milliseconds) / 1000)
    return times


def figures(values: list[float]) -> str:
    """p50, p95 and max, in milliseconds."""
    values = sorted(values)
    if not values:
        return "none"
    at_95 = values[int(0.95 * (len(values) - 1))]
    return (
        f"p50 {statistics.median(values) * 1000:.0f} ms, p95 {at_95 * 1000:.0f} ms, "
        f"max {values[-1] * 1000:.0f} ms"
    )


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[int(0.95 * (len(values) - 1))]


def bench_clubs() -> None:
    if not is_postgres(os.environ.get("DATABASE_URL", "")):
        # The throwaway PostgreSQL server of ``make test-postgres``, for this section alone.
        command = [str(REPOSITORY / "scripts" / "with-postgres"), sys.executable]
        command += [str(REPOSITORY / "bench" / "run.py"), "clubs"]
        environment = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        subprocess.run(command, cwd=REPOSITORY, env=environment, check=True)
        return
    result = run()
    cores = os.cpu_count() or 1
    slugs = ", ".join(f"/c/{night.slug}/" for night in result.nights)
    where = f"{len(result.nights)} clubs' nights ({slugs})"
    tables = len(result.nights[0].codes) // 2
    rounds = len(result.nights[0].codes[0]["games"])
    plural = "s" if rounds > 1 else ""
    print(
        f"clubs: {where}, at once; {tables} tables each, {2 * tables} phones on their pair "
        f"codes, {rounds} round{plural} entered and confirmed; PostgreSQL, {SERVERS} gunicorn "
        f"servers of {result.workers}x{result.threads} on two ports (production settings), "
        f"one task worker; {cores} CPUs, load average {result.load[0]:.1f} before, "
        f"{result.load[1]:.1f} after; {result.seconds:.0f} s"
    )
    every = hall_load.Timings()
    for night in result.nights:
        timings = night.timings
        every.saves.extend(timings.saves)
        every.reads.extend(timings.reads)
        every.polls.extend(timings.polls)
        label = f"club {night.slug}"
        print(
            f"  {label}: {len(timings.saves)} saves {figures(timings.saves)}; "
            f"{len(timings.reads)} page reads {figures(timings.reads)}"
        )
    print(
        f"  all: {len(every.saves)} saves {figures(every.saves)}; {len(every.reads)} page "
        f"reads {figures(every.reads)}; {len(every.polls)} news polls {figures(every.polls)}"
    )
    answered = [len(log) for log in result.served]
    rate = sum(answered) / result.seconds
    inside = inside_servers(result.served)
    print(
        "  inside the servers (gunicorn's time for each, from reading it to its answer): "
        f"saves {figures(inside['saves'])}; page reads {figures(inside['reads'])}"
    )
    verdict = "meets" if p95(every.saves) < SAVE_TARGET_SECONDS else "OVER"
    tasks = ", ".join(f"{count} {name}" for name, count in result.tasks.items()) or "none"
    print(
        f"  {sum(answered)} requests served ({' + '.join(map(str, answered))} by "
        f"the two servers): {rate:.1f}/s, "
        f"{rate / cores:.1f}/s per core; the worker's tasks meanwhile: {tasks}"
    )
    print(
        f"  target p95 of a save < {SAVE_TARGET_SECONDS * 1000:.0f} ms: {verdict}; "
        f"{result.games} games, {result.hands} hands stored once each, as entered, each "
        "result confirmed once: nothing lost or doubled"
    )


def inside(site: Site, call: str):
    """What ``bench.clubs.<call>`` returns, run in the site's environment (JSON)."""
    # Across clubs: the benchmark reads and readies its nights by their ids.
    code = (
        "import json; from django_scopes import scopes_disabled; from bench import clubs\n"
        f"with scopes_disabled(): print(json.dumps(clubs.{call}))"
    )
    return json.loads(site.manage("shell", "--no-imports", "-c", code).stdout)


# --- run inside the site (manage.py shell -c) ---------------------------------------------


def first_club() -> str:
    """The slug of the club the site was made with."""
    from scoring.models import Club

    return Club.objects.order_by("pk").values_list("slug", flat=True).first()


def tasks_done() -> dict:
    """How many tasks of each kind the queue's workers have finished."""
    from django.db.models import Count
    from django_tasks_db.models import DBTaskResult

    finished = DBTaskResult.objects.filter(status="SUCCESSFUL").values("task_path")
    return {row["task_path"]: row["n"] for row in finished.annotate(n=Count("id"))}
