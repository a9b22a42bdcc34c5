"""Slow phones cannot starve ``make hall``'s server (``hypercorn.conf.py``): while 50
connections send a request's headers a line every 5 s and 40 send nothing, every one of
the laptop's 20 requests is answered, each within the patience of a person at a page
(``bench/slow_clients.py``, which measures the times and the gunicorn it replaced: none
of its answers came while they were held). Counts, not seconds: a busy machine is
slower, never starved."""

import pytest

from bench import slow_clients

pytestmark = pytest.mark.slow  # a live server and ninety connections: make test-slow


def test_the_laptop_is_answered_while_slow_and_silent_phones_hold_connections():
    result = slow_clients.run()

    assert (result.answered, result.asked) == (slow_clients.ASKED, slow_clients.ASKED)
