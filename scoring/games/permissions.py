"""Which of the game page's forms and buttons a person is offered (the services still
decide).
"""

from scoring.core.http.permissions import is_director, is_scorer
from scoring.core.records.guards import is_final, is_void, open_to


def game_actions(game, user) -> dict[str, bool]:
    """Which of the game page's forms and buttons ``user`` is offered.

    The services still decide; this only spares the page buttons they would refuse
    (none is offered on a final night, nor in a game void since the night ended early).
    """
    score = is_scorer(user) and not is_final(game.night) and not game.forfeit
    score = score and not is_void(game)
    correct = score and open_to(game, user)
    return {
        "score": score,
        "correct": correct,
        # A game won (even awaiting confirmation) takes no more hands: correct one instead.
        "enter_hand": score and not game.from_pegboard and game.winner is None,
        "done_correcting": score and game.finished and game.reopened,
        "enter_result": correct and not game.started,
        "clear_result": correct and game.from_pegboard,
        # A pegboard result not settled yet (awaiting or disputed): corrected in place.
        "correct_result": correct and game.from_pegboard and not game.finished,
        "reopen": score and is_director(user) and game.finished and not game.reopened,
        "substitute": score and not game.is_playoff,
    }
