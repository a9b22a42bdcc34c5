"""The rules core: validates and scores Cinch hand results and folds them into a night.

Standard library only: no Django, no third-party package, no database. It takes plain
data (dicts and lists as in a ``cinch-night/1`` document) and returns plain data, so the
CLI (``python3 -m scoring.rules``), the web pages and the PDFs all get the same figures.
It never simulates card play.

Vocabulary (as in ``rules.md``): a *night* is a round robin of *pairs* (players 2k-1 and
2k form pair k) who meet in *games* at *tables* over *rounds*; a game is a run of *hands*;
in a hand one *side* *bids* and every scoring *card* is credited to a side or to none; a
failed bid charges the bidder a *Cinch*; tied pairs meet in *play-offs*; the fees make
the *pot*.
"""

from scoring.rules.errors import InvalidInput, Problem
from scoring.rules.game import GameState, check_result, play_game
from scoring.rules.hand import read_hand
from scoring.rules.night.documents import score_night
from scoring.rules.night.reading import read_night
from scoring.rules.schedule import schedule, schedule_document
from scoring.rules.variants import all_variants, get_variant

__all__ = [
    "GameState",
    "InvalidInput",
    "Problem",
    "all_variants",
    "check_result",
    "get_variant",
    "play_game",
    "read_hand",
    "read_night",
    "schedule",
    "schedule_document",
    "score_night",
]
