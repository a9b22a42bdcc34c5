"""A table's score sheet: blank for the pen, with a column per player, or filled in.

One page: hand, bidder, the called partner (Razzle), the bid, who revoked (a variant
with a revoke penalty, law 31: the hand is scored by it, so a checker needs it), who took
each scoring card, and every player's running score. Filled in, the rows and scores are the rules
core's fold of the hands entered (``selectors.table_board``). Anyone may ask for
it, so it is kept, limited and rendered once like a night's sheets (``kept_sheet``).
"""

from django.utils.translation import gettext as _

from scoring.core.printing import kept_sheets, renderer
from scoring.core.printing.parts import Part, sheet_language
from scoring.models import club_setting
from scoring.rules.hand import MONEY
from scoring.tablegames.selectors import table_board
from scoring.words.lists import scores_words

# Widths in millimetres, within the 180 mm a Letter or A4 page gives: hand, bidder,
# partner (Razzle), bid, one per scoring card, then the players share what is left.
HAND_MM, BIDDER_MM, PARTNER_MM, BID_MM, REVOKE_MM, CARD_MM = 10, 12, 12, 10, 12, 10
PAGE_MM = 180
PLAYER_WIDTHS_MM = (22, 20, 18, 17, 16, 14, 13, 12, 11, 10)  # the print stylesheet's
BLANK_ROWS = 20
TEMPLATE = "scoring/tablegames/table_sheet.html"


def column_widths(variant, player_count: int) -> tuple[int, ...]:
    leading = (HAND_MM, BIDDER_MM) + ((PARTNER_MM,) if variant.called_partner else ())
    revoke = (REVOKE_MM,) if variant.revoke else ()
    fixed = (*leading, BID_MM, *revoke, *(CARD_MM,) * len(variant.cards))
    room = (PAGE_MM - sum(fixed)) // player_count
    player = next(width for width in PLAYER_WIDTHS_MM if width <= room)
    return (*fixed, *(player,) * player_count)


def _row(row, variant) -> dict:
    hand = row.hand
    if hand.points is not None:
        cards = None
        points = scores_words(hand.points)
    else:
        cards = [
            "–" if (hand.cards or {}).get(card.key) is None else hand.cards[card.key]
            for card in variant.cards
        ]
        points = ""
    return {
        "number": row.number,
        "bidder": hand.bidder,
        "partner": hand.partner or _("alone"),
        "bid": _("Money") if hand.bid == MONEY else hand.bid,
        "revoke": "" if hand.revoke is None else hand.revoke,
        "cards": cards,
        "points": points,
        "scores": row.after,
    }


def sheet_context(table, *, filled: bool) -> dict:
    variant = table.rules_variant
    players = list(table.players.all())
    board = table_board(table) if filled else None
    rows = [_row(row, variant) for row in board.hands] if board else []
    widths = column_widths(variant, len(players))
    return {
        "night": {"name": str(table), "date": table.date},
        "club_name": club_setting("CLUB_NAME"),
        "table": table,
        "variant": variant,
        "players": players,
        "cards": variant.cards,
        "column_widths": widths,
        "rows": rows,
        # Ruled as table rows, not the packet's grid image: the header's columns then
        # line up with the boxes whatever the number of players.
        "blank_rows": range(max(BLANK_ROWS - len(rows), 2)),
        "winners": board.winners if board and board.finished else [],
        "won_why": board.won_why if board else "",
    }


def kept_sheet(table, *, paper: str, filled: bool, language=None) -> kept_sheets.Sheet:
    """The table's sheet as ``kept_sheets`` keeps it: as of the table's ``updated_at``
    (every hand saved, corrected or deleted moves it), in ``language`` if the site has
    it, else its night's, else the club's (``printing.sheets.sheet_language``)."""
    return kept_sheets.Sheet(
        version=f"table:{table.pk}:{table.updated_at.timestamp()}:{filled}",
        paper=paper,
        language=sheet_language(table.night, language),
        parts=lambda: [Part(TEMPLATE, sheet_context(table, filled=filled), 1)],
        preview=lambda: renderer.render_html(
            TEMPLATE, sheet_context(table, filled=filled), paper=paper
        ),
    )
