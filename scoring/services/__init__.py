"""Every write of the scoring app: ``<thing>_<action>`` functions, one transaction each.

A service asks the rules core before it saves, and problems come back as Django
``ValidationError``s whose keys are the form fields the rules core named. The history of
every changed row (who, when, before and after) is written by django-simple-history,
with the service's ``user`` as its author (``authors``). By subject:

- ``nights``: the night and its draw (seating, the draw, swaps, the schedule, import);
- ``games``: hands and games (a hand, its correction, the pegboard result, re-opening);
- ``closing``: the end of the night (play-offs, the tie-break, the cash count, final and
  re-opened);
- ``table_links``: a table's links revoked, a result confirmed or disputed;
- ``guards``: what every write checks first (a final night, play started) and marks after;
- ``errors``: the refusals a page shows.

Callers import the package: ``from scoring import services; services.hand_record(...)``.
"""

from scoring.core.errors import (
    AlreadyDone,
    AwaitingConfirmation,
    DifferentHandSaved,
    NightFileRefused,
    NightFinal,
    PlayStarted,
    StaleVersion,
)
from scoring.core.guards import game_open_to, mark_night_changed
from scoring.nights.services import (
    night_create,
    night_draw,
    night_import,
    night_schedule,
    seats_swap,
)
from scoring.services.closing import (
    cash_count_record,
    night_close,
    night_reopen,
    night_tiebreak_set,
    playoffs_start,
)
from scoring.services.games import (
    game_reopen,
    game_result_clear,
    game_result_record,
    game_totals_refold,
    hand_correct,
    hand_delete,
    hand_record,
    hands_problems,
)
from scoring.services.table_links import (
    game_links_revoke,
    game_result_confirm,
    game_result_dispute,
    link_refusal,
)

__all__ = [
    "AlreadyDone",
    "cash_count_record",
    "AwaitingConfirmation",
    "DifferentHandSaved",
    "NightFileRefused",
    "NightFinal",
    "PlayStarted",
    "StaleVersion",
    "game_links_revoke",
    "game_open_to",
    "game_reopen",
    "game_result_clear",
    "game_result_confirm",
    "game_result_dispute",
    "game_result_record",
    "game_totals_refold",
    "hand_correct",
    "hand_delete",
    "hand_record",
    "hands_problems",
    "link_refusal",
    "mark_night_changed",
    "night_close",
    "night_create",
    "night_draw",
    "night_import",
    "night_reopen",
    "night_schedule",
    "night_tiebreak_set",
    "playoffs_start",
    "seats_swap",
]
