"""The projector's ladder shows its top rows, and a tie at the last of them whole."""

from scoring.room.views import LADDER_ROWS, ladder_top


def rows(ranks: list[int]) -> list[dict]:
    return [{"name": f"P{at}", "rank": rank} for at, rank in enumerate(ranks)]


def test_a_four_way_tie_for_tenth_is_shown_whole():
    ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 14, 15]

    shown = ladder_top(rows(ranks))

    assert [row["rank"] for row in shown] == ranks[:13]


def test_without_a_tie_at_the_cut_the_top_rows_only():
    ranks = list(range(1, 20))

    assert len(ladder_top(rows(ranks))) == LADDER_ROWS
    assert ladder_top(rows(ranks[:5])) == rows(ranks[:5])
