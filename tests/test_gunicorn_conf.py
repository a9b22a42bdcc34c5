"""gunicorn.conf.py, the production server's shape (docs/performance.md, "Table links")."""

import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

CONF = Path(__file__).parents[1] / "gunicorn.conf.py"


def started(threads: int | None = None) -> Config:
    """The configuration as gunicorn's master has it once started: the file's settings,
    ``--threads`` from the command line if given, then the file's ``on_starting``."""
    config = Config()
    for name, value in runpy.run_path(str(CONF)).items():
        if name in config.settings:
            config.set(name, value)
    if threads is not None:
        config.set("threads", threads)
    config.on_starting(SimpleNamespace(cfg=config))
    return config


@pytest.mark.parametrize(("threads", "connections"), [(None, 4), (8, 8), (1, 1)])
def test_a_process_takes_a_connection_only_while_a_thread_is_free(threads, connections):
    config = started(threads)

    assert (config.threads, config.worker_connections) == (connections, connections)
    assert config.keepalive == 0  # a kept connection would hold a thread's place
