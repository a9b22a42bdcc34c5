"""How many examples a property test draws: ``examples(n)``.

``n`` is the count the test was written for. CI (``CI`` set, as ``.ci/run`` sets it)
draws all of them on every landing, and so does ``make mutate`` (``CINCH_ALL_EXAMPLES``).
The everyday ``make test`` draws a third (at least 10): a property that fails on one
input in a few dozen is still found there, and its draws change from run to run while
Hypothesis replays any that once failed.
"""

import os

EVERYDAY_SHARE = 1 / 3


def examples(count: int) -> int:
    if os.environ.get("CI") or os.environ.get("CINCH_ALL_EXAMPLES"):
        return count
    return max(10, round(count * EVERYDAY_SHARE))
