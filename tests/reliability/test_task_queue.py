"""The task queue on a live site: gunicorn with production's settings, and real workers
(``manage.py run_worker``) in processes of their own over the site's database, SQLite or
PostgreSQL (``make test-slow`` runs it on both).

A 12-pair night's packet (68 pages, rendered in three parts) is a big sheet: the server
queues its render and answers at once; a worker renders it. A worker is SIGKILLed in the
middle of the render, after its first part: its task stays running, the sheet is still
being prepared, and nothing is queued again; started again under its name, the worker
puts the task back and the sheet is rendered, once: one row, one task, run twice by the
worker that was killed. With two workers, two big sheets render side by side, one on
each, and killing one mid-render loses neither.
"""

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from scoring.rules.simulate import random_night
from tests.reliability.live_site import REPOSITORY, Browser, Server

pytestmark = [pytest.mark.slow, pytest.mark.database]

RENDER = "scoring.core.printing.kept_sheets.render_sheet"
PAGES = 68  # 12 pairs: the draw, the pattern table and 66 score sheets
WAIT = 180  # seconds anything here may take, far above what it does


class Worker:
    """``manage.py run_worker`` over the site's database, in a process group of its own."""

    def __init__(self, site, name: str):
        self.site, self.name = site, name
        self.log = site.folder / f"worker-{name}.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> "Worker":
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "run_worker", "--worker-id", self.name]
                + ["--interval", "0.2", "--no-startup-delay"],
                cwd=REPOSITORY,
                env=self.site.environ,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def kill(self) -> None:
        """SIGKILL: no goodbye, its task left as it was."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.kill()


# --- read in the test process, on a connection to the site's database -----------------


def rows(alias: str) -> list[dict]:
    from scoring.models import KeptSheet

    found = KeptSheet.objects.using(alias).order_by("pk")
    return list(found.values("pk", "state", "pages", "done"))


def renders(alias: str) -> list[dict]:
    from django_tasks_db.models import DBTaskResult

    found = DBTaskResult.objects.using(alias).filter(task_path=RENDER).order_by("enqueued_at")
    return [
        {"kept": result.args_kwargs["kwargs"]["kept"], "status": result.status}
        | {"workers": result.worker_ids}
        for result in found
    ]


# ---------------------------------------------------------------------------------------


@pytest.fixture
def site(template, tmp_path):
    """A copy of the live template with a 12-pair night beside its own, served by
    gunicorn; its workers started by the test, all stopped after it."""
    site = template.site.copy(tmp_path)
    night_file = tmp_path / "big.json"
    night_file.write_text(json.dumps(random_night(12, seed=4, rounds_played=0)))
    site.big_night = int(site.manage("import_night", str(night_file)).stdout.split()[-1])
    site.server = Server(site).start()
    site.workers = []
    yield site
    for worker in site.workers:
        worker.stop()
    site.server.stop()
    site.drop()


def worker(site, name: str) -> Worker:
    started = Worker(site, name).start()
    site.workers.append(started)
    return started


def packet_url(site, paper: str = "letter") -> str:
    return f"/nights/{site.big_night}/sheets/packet.pdf?paper={paper}"


def until(check, what: str):
    """``check()``'s first true answer, asked every tenth of a second up to ``WAIT``."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        answer = check()
        if answer:
            return answer
        time.sleep(0.1)
    raise AssertionError(f"not within {WAIT} s: {what}")


def mid_render(site, kept: int) -> dict:
    """The render of row ``kept`` once its first part is laid out, its last not yet."""

    def check():
        row = next(row for row in site.read(rows) if row["pk"] == kept)
        return row if row["state"] == "making" and 0 < row["done"] < PAGES else None

    return until(check, f"the render of row {kept} half-way")


def rendered(browser: Browser, path: str) -> bytes:
    answer = until(lambda: (found := browser.get(path)).status == 200 and found, path)
    assert len(PdfReader(io.BytesIO(answer.content)).pages) == PAGES
    return answer.content


def test_a_worker_killed_mid_render_renders_the_sheet_once_when_it_starts_again(site):
    scorer = site.browser(site.server, "scorer1")
    first = worker(site, "worker-1")

    assert scorer.get(packet_url(site)).status == 202
    (row,) = site.read(rows)
    halfway = mid_render(site, row["pk"])
    first.kill()

    assert site.read(renders) == [{"kept": row["pk"], "status": "RUNNING", "workers": ["worker-1"]}]
    assert scorer.get(packet_url(site)).status == 202  # still being prepared
    assert len(site.read(renders)) == 1  # and not queued again

    started = time.monotonic()
    worker(site, "worker-1")
    pdf = rendered(scorer, packet_url(site))
    print(
        f"\n{site.database.engine}: worker-1 SIGKILLed with {halfway['done']} of {PAGES} pages "
        f"laid out; started again, the packet was served {time.monotonic() - started:.1f} s "
        "later, its task run twice by worker-1, nothing else queued"
    )

    assert site.read(renders) == [
        {"kept": row["pk"], "status": "SUCCESSFUL", "workers": ["worker-1", "worker-1"]}
    ]
    assert [r["state"] for r in site.read(rows)] == ["ready"]
    assert scorer.get(packet_url(site)).content == pdf
    assert "Put back 1 task(s) left unfinished" in Path(site.workers[-1].log).read_text()


def test_two_workers_render_two_big_sheets_side_by_side_and_lose_none_when_one_dies(site):
    scorer = site.browser(site.server, "scorer1")
    workers = {name: worker(site, name) for name in ("worker-1", "worker-2")}

    for paper in ("letter", "a4"):
        for _ in range(3):  # asked again and again: queued once each
            assert scorer.get(packet_url(site, paper)).status == 202
    letter, a4 = site.read(rows)
    assert len(site.read(renders)) == 2

    def both_taken():
        tasks = site.read(renders)
        return tasks if all(task["status"] == "RUNNING" for task in tasks) else None

    running = until(both_taken, "both renders taken")
    assert {task["workers"][0] for task in running} == set(workers)  # one on each
    killed = next(task["workers"][0] for task in running if task["kept"] == letter["pk"])
    mid_render(site, letter["pk"])
    workers[killed].kill()

    a4_pdf = rendered(scorer, packet_url(site, "a4"))  # the other worker's, unharmed
    started = time.monotonic()
    worker(site, killed)
    letter_pdf = rendered(scorer, packet_url(site, "letter"))
    print(
        f"\n{site.database.engine}, two workers: each took one packet; {killed} SIGKILLed "
        f"mid-render, the other's served meanwhile; started again, {killed}'s served "
        f"{time.monotonic() - started:.1f} s later; 2 rows, 2 tasks, both rendered once"
    )

    assert a4_pdf != letter_pdf
    tasks = {task["kept"]: task for task in site.read(renders)}
    assert len(tasks) == 2 and all(task["status"] == "SUCCESSFUL" for task in tasks.values())
    assert tasks[letter["pk"]]["workers"][0] == killed and len(tasks[letter["pk"]]["workers"]) == 2
    assert len(tasks[a4["pk"]]["workers"]) == 1
    assert [r["state"] for r in site.read(rows)] == ["ready", "ready"]
