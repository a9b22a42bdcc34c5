"""What the season ladder says of each player's nights (``rules.ladder``): which nights
``best`` leaves out (``dropped``, asked beside the ``cinch-ladder/1`` document, not a
field of it), the earlier of equal points counting, and players
still level listed by name as a reader sorts names."""

from scoring.rules.ladder import dropped, ladder
from scoring.rules.names import collation_key


def night(*pairs: tuple[str, str]) -> tuple[dict, dict]:
    """A scored night, its pairs given in rank order (first ranked 1, and so on)."""
    players = [name for pair in pairs for name in pair]
    rows = [
        {"pair": number, "rank": number, "players": list(pair)}
        for number, pair in enumerate(pairs, start=1)
    ]
    return {"players": players}, {"standings": rows, "money": {"places": [{"pair": 1}]}}


def row(document: dict, player: str) -> dict:
    return next(row for row in document["ladder"] if row["player"] == player)


def test_best_leaves_out_the_lowest_nights_and_says_which():
    ann_first = night(("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo"))  # Ann 3 points
    ann_last = night(("Cy", "Di"), ("Ed", "Flo"), ("Ann", "Bob"))  # Ann 1

    document = ladder("Winter", 2, [ann_first, ann_last, ann_first])

    ann = row(document, "Ann")
    assert (ann["points"], ann["counted"]) == ([3, 1, 3], 6)
    assert dropped(ann["points"], document["best"]) == [1]


def test_of_equal_points_the_earlier_night_counts():
    same = night(("Ann", "Bob"), ("Cy", "Di"))

    document = ladder("Winter", 2, [same, same, same])

    assert dropped(row(document, "Ann")["points"], 2) == [2]
    assert row(document, "Ann")["counted"] == 4


def test_every_night_counts_without_best():
    document = ladder("Winter", None, [night(("Ann", "Bob"), ("Cy", "Di"))] * 3)

    assert dropped(row(document, "Cy")["points"], None) == []
    assert row(document, "Cy")["counted"] == 3


def test_players_level_are_listed_as_a_reader_sorts_names():
    """Six players on 4 points from two nights: by name, "Élise" before "walt"."""
    pairs = [("Élise", "walt"), ("Zoé", "Ève"), ("Anne", "Yves")]
    reversed_night = night(*reversed(pairs))

    document = ladder("Winter", None, [night(*pairs), reversed_night])

    assert [row["rank"] for row in document["ladder"]] == [1] * 6
    assert [row["player"] for row in document["ladder"]] == [
        "Anne",
        "Élise",
        "Ève",
        "walt",
        "Yves",
        "Zoé",
    ]


def test_the_order_of_names_is_the_callers():
    """The site passes its page's language's key: Canadian French sorts "Côte" first."""
    level = [night(("Coté", "Côte"))]

    english = ladder("Winter", None, level)
    french = ladder("Winter", None, level, lambda name: collation_key(name, accents_from_end=True))

    assert [row["player"] for row in english["ladder"]] == ["Coté", "Côte"]
    assert [row["player"] for row in french["ladder"]] == ["Côte", "Coté"]
