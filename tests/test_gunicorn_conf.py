"""gunicorn.conf.py, the production server's shape (docs/performance.md, "Table links")."""

import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

from cinch_club import env

CONF = Path(__file__).parents[1] / "gunicorn.conf.py"


class Log:
    """The master's log, as far as ``on_starting`` writes to it."""

    def __init__(self):
        self.warnings: list[str] = []

    def warning(self, message: str, *args) -> None:
        self.warnings.append(message % args)


def started(threads: int | None = None, bind: str | None = None, log: Log | None = None):
    """The configuration as gunicorn's master has it once started: the file's settings,
    ``--threads`` and ``--bind`` from the command line if given, then the file's
    ``on_starting``."""
    config = Config()
    for name, value in runpy.run_path(str(CONF)).items():
        if name in config.settings:
            config.set(name, value)
    if threads is not None:
        config.set("threads", threads)
    if bind is not None:
        config.set("bind", [bind])
    config.on_starting(SimpleNamespace(cfg=config, log=log or Log()))
    return config


@pytest.mark.parametrize(("threads", "connections"), [(None, 4), (8, 8), (1, 1)])
def test_a_process_takes_a_connection_only_while_a_thread_is_free(threads, connections):
    config = started(threads)

    assert (config.threads, config.worker_connections) == (connections, connections)
    assert config.keepalive == 0  # a kept connection would hold a thread's place


@pytest.mark.parametrize(
    "bind", ["0.0.0.0:8000", ":8000", "[::]:8000", "192.168.1.5:8000", "cinch.example.org:8000"]
)
def test_a_trusted_proxy_that_clients_could_go_around_is_warned_of(monkeypatch, bind):
    monkeypatch.setattr(env, "TRUSTED_PROXY_COUNT", 1)
    log = Log()

    started(bind=bind, log=log)

    (warning,) = log.warnings
    assert warning.startswith(f"TRUSTED_PROXY_COUNT=1 but gunicorn listens on {bind}: ")
    assert "writes its own X-Forwarded-For" in warning


@pytest.mark.parametrize(
    "bind",
    [
        None,
        "127.0.0.1:8000",
        "127.0.1.1:8000",
        "[::1]:8000",
        "localhost:8000",
        "unix:/run/cinch.sock",
    ],
)
def test_gunicorn_on_this_machine_alone_is_not_warned_of(monkeypatch, bind):
    monkeypatch.setattr(env, "TRUSTED_PROXY_COUNT", 1)
    log = Log()

    started(bind=bind, log=log)

    assert log.warnings == []


def test_without_a_trusted_proxy_any_address_is_fine(monkeypatch):
    """X-Forwarded-For is not read at all: there is nothing to forge."""
    monkeypatch.setattr(env, "TRUSTED_PROXY_COUNT", 0)
    log = Log()

    started(bind="0.0.0.0:8000", log=log)

    assert log.warnings == []


def test_no_instance_takes_another_one_s_control_socket():
    assert started().control_socket_disable is True
