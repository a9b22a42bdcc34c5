"""Every write of the scoring app: ``<thing>_<action>`` functions, one transaction each.

A service asks the rules core before it saves, and problems come back as Django
``ValidationError``s whose keys are the form fields the rules core named. The history of
every changed row (who, when, before and after) is written by django-simple-history,
with the service's ``user`` as its author (``core.authors``). By subject (the nights' and
the games' writes are in ``nights.services`` and ``games.services``):

- ``closing``: the end of the night (play-offs, the tie-break, the cash count, final and
  re-opened);
- ``table_links``: a table's links revoked, a result confirmed or disputed;
- ``attendance``: substitutes, withdrawals, a late pair;
- ``table_games``: single-player tables.

Callers of the first two import the package: ``from scoring import services;
services.night_close(...)``.
"""

from scoring.links.services import (
    game_links_revoke,
    game_result_confirm,
    game_result_dispute,
    link_refusal,
)
from scoring.results.services import (
    cash_count_record,
    night_close,
    night_reopen,
    night_tiebreak_set,
    playoffs_start,
)

__all__ = [
    "cash_count_record",
    "game_links_revoke",
    "game_result_confirm",
    "game_result_dispute",
    "link_refusal",
    "night_close",
    "night_reopen",
    "night_tiebreak_set",
    "playoffs_start",
]
