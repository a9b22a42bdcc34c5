"""The round's table cards: each table's two pairs, and each pair's table link as a QR
code and as text, printed from the round board when a round starts or a table's links
were revoked.
"""

from scoring.core.printing.parts import sheet_heading
from scoring.links import tokens
from scoring.room import selectors


def round_cards_context(night, number: int | None = None) -> dict:
    """The table cards of round ``number`` (the round board's current round by default),
    printed from the round board when a round starts or a table's links were revoked: a
    page a table, cut in two along its dashed line, a half for each pair with that pair's
    table link alone (a QR code and the text), its names, the table and the round.

    A pair's link enters its game and confirms the other pair's result, so only that pair
    holds it: no sheet that lies on the table (the score sheet, the seating cards) prints
    a link. A final night's links refuse every entry: no card, so no code that refuses."""
    board = selectors.round_board(night)
    rounds = [row for row in (board.current, *board.others) if row is not None]
    row = next((row for row in rounds if row.round == number), board.current)
    cards = [
        {
            "game": game,
            "halves": [
                {
                    "pair": pair,
                    "names": names,
                    "qr": tokens.link_qr(game, pair),
                    "url": tokens.link_url(game, pair),
                }
                for pair, names in zip(game.pairs, game.players, strict=True)
            ],
        }
        for game in (row.games if row and not night.is_final else [])
        if not game.forfeit
    ]
    return {**sheet_heading(night, "Table cards"), "round": row and row.round, "cards": cards}
