"""``make run``: serves on ``PORT`` (8000 unless given), a worker of the task queue
beside the server, and first checks that WeasyPrint finds Pango, saying what to install
when it does not."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def dry_run(*args: str) -> str:
    result = subprocess.run(
        ["make", "-n", "run", *args], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return result.stdout


@pytest.mark.parametrize(("args", "port"), [((), "8000"), (("PORT=8123",), "8123")])
def test_make_run_serves_on_port(args, port):
    recipe = dry_run(*args)
    assert f"runserver 127.0.0.1:{port}" in recipe
    assert recipe.index("scripts/check-weasyprint") < recipe.index("runserver")


def test_make_run_starts_a_worker_that_stops_with_the_server():
    """One shell line: the worker beside the shell's own process id, which ``exec`` then
    hands to the server (``tests/commands/test_run_worker.py`` has it stop with it)."""
    line = next(line for line in dry_run().splitlines() if "run_worker" in line)
    assert line.endswith("manage.py run_worker --beside $$ & \\")
    following = dry_run().split(line, 1)[1].lstrip("\n")
    assert following.startswith("exec env ") and "runserver" in following.splitlines()[0]


def test_the_check_passes_with_weasyprint_installed():
    result = subprocess.run([ROOT / "scripts" / "check-weasyprint", sys.executable])
    assert result.returncode == 0


def test_the_check_says_what_to_install_without_pango(tmp_path):
    broken = tmp_path / "python"
    broken.write_text(
        "#!/bin/sh\necho \"OSError: cannot load library 'libpango-1.0-0'\" >&2\nexit 1\n"
    )
    broken.chmod(0o755)
    result = subprocess.run(
        [ROOT / "scripts" / "check-weasyprint", broken], capture_output=True, text=True
    )
    assert result.returncode == 1
    assert "sudo apt-get install libpango-1.0-0" in result.stderr
    assert "cannot load library 'libpango-1.0-0'" in result.stderr
