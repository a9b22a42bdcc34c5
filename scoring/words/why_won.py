"""Why a game was won, in a reader's words: the rules core's ``Decision`` said plainly.

A side can win with fewer points than another (counted out by law 13; in ``club11`` the
bidders peg first), so the table pages, the game page and the table sheets say why.
"""

from django.utils.translation import gettext, pgettext_lazy

from scoring.rules.game import BIDDER_FIRST, COUNTED_OUT, MONEY, MORE_POINTS, GameState
from scoring.words.elision import with_names
from scoring.words.lists import names_and

# A scoring card named in a sentence, with its article in French ("le Pedro droit").
CARD_IN_A_SENTENCE = {
    "high": pgettext_lazy("a scoring card in a sentence", "the High"),
    "low": pgettext_lazy("a scoring card in a sentence", "the Low"),
    "jack": pgettext_lazy("a scoring card in a sentence", "the Jack"),
    "game": pgettext_lazy("a scoring card in a sentence", "the Game"),
    "right_pedro": pgettext_lazy("a scoring card in a sentence", "the Right Pedro"),
    "left_pedro": pgettext_lazy("a scoring card in a sentence", "the Left Pedro"),
}


def won_words(state: GameState, names: dict) -> str:
    """``Won by Otis (43) while Pearl had 44: counted out on the Right Pedro, law 13``:
    who won and why, each side named by ``names`` (side → words); ``""`` while the game
    goes on or when the board alone cannot say (a pegboard result)."""
    decision = state.decision
    if decision is None:
        return ""

    def score(side) -> int:
        return state.scores[state.sides.index(side)]

    said = {
        "winners": names_and(f"{names[side]} ({score(side)})" for side in state.winners),
        "target": state.variant.target,
        "rivals": names_and(
            gettext("%(name)s had %(score)s") % {"name": names[side], "score": score(side)}
            for side in decision.rivals
        ),
    }
    if decision.how == COUNTED_OUT:
        said |= {"card": CARD_IN_A_SENTENCE[decision.card.key], "law": decision.law}
        return with_names(
            gettext("Won by %(winners)s while %(rivals)s: counted out on %(card)s, law %(law)s"),
            said,
        )
    if decision.how == BIDDER_FIRST:
        return with_names(
            gettext("Won by %(winners)s while %(rivals)s: the bidders peg first"), said
        )
    if decision.how == MORE_POINTS:
        return with_names(gettext("Won by %(winners)s while %(rivals)s: the most points win"), said)
    if decision.how == MONEY:  # nothing is pegged on a Money hand: no score to say
        winners = names_and(names[side] for side in state.winners)
        return gettext("Won by %(names)s: a Money bid decides the game at once") % {
            "names": winners
        }
    if len(state.winners) > 1:
        return gettext("Won by %(winners)s, who reached %(target)s together") % said
    return gettext("Won by %(winners)s, the first to reach %(target)s") % said
