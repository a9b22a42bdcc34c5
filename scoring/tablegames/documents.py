"""A table's ``cinch-game/1`` document from its rows, and back: what the rules core reads.

The site scores a table exactly as ``python3 -m scoring.rules score`` does because it
hands the rules core the same document; ``manage.py export_game`` prints its board.
"""

from scoring.core.records.documents import play_data, play_fields
from scoring.rules.night.documents import money_text
from scoring.rules.table import GAME_FORMAT, read_table, score_table


def table_hand_data(hand) -> dict:
    """A stored table hand as the rules core reads it."""
    data = {"bidder": hand.bidder, "bid": hand.bid}
    if hand.table.rules_variant.called_partner:
        data["partner"] = hand.partner
    return data | play_data(hand)


def table_hand_fields(data: dict, card_keys) -> dict:
    """Model fields for a hand the rules core has accepted (the inverse of the above)."""
    return dict(
        bidder=data["bidder"],
        bid=data["bid"],
        partner=data.get("partner"),
        **play_fields(data, card_keys),
    )


def table_document(table, players, hands) -> dict:
    """The ``cinch-game/1`` document of ``table`` (``players`` in number order, with their
    members; ``hands`` in order)."""
    document = {"format": GAME_FORMAT, "variant": table.variant}
    if table.name:
        document["name"] = table.name
    document["date"] = table.date.isoformat()
    document["players"] = [player.member.name for player in players]
    if table.stake is not None:
        document["stake"] = money_text(table.stake)
    document["unit"] = money_text(table.unit)
    document["hands"] = [table_hand_data(hand) for hand in hands]
    return document


def table_state(table, players, hands):
    """The rules core's :class:`~scoring.rules.table.Table` for the stored table."""
    return read_table(table_document(table, players, hands))


def table_board(table, players, hands) -> dict:
    """The ``cinch-board/1`` document (what ``export_game`` prints)."""
    return score_table(table_document(table, players, hands))
