"""The standings document from a night already summarised: what ``score_night`` prints,
so a page that shows the summary and the document scores the night once."""

import pytest

from scoring.rules import read_night, score_night
from scoring.rules.night.documents import summary_document
from scoring.rules.night.summary import summarise
from scoring.rules.simulate import random_night


@pytest.mark.parametrize(
    ("pairs", "seed", "rounds_played"),
    [(4, 1, None), (7, 2, None), (6, 3, 2), (9, 4, 0)],
)
def test_the_document_of_a_summary_is_the_scored_night(pairs, seed, rounds_played):
    document = random_night(pairs, seed=seed, rounds_played=rounds_played)

    assert summary_document(summarise(read_night(document))) == score_night(document)


def test_why_a_night_cannot_be_paid_stays_english_in_the_document():
    """A page says the reasons in its reader's language; the document it derives keeps
    the English of ``cinch-standings/1``."""
    document = random_night(6, seed=3, rounds_played=2)
    summary = summarise(read_night(document))
    translated = summary._replace(blocked=["Pas encore payable"])

    blocked = summary_document(translated)["money"]["blocked"]

    assert blocked == score_night(document)["money"]["blocked"]
    assert "games are not finished" in blocked
