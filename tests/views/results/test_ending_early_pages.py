"""Ending a night early from its standings page (rules.md, "A night ended early"): the
director first sees which games become void and what the standings and prizes become;
ended, the pot pays out that evening and the standings say "won 2 of 2"; re-opened, the
games not finished hold up the payout again. Both are in the night's history."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.models import Night
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

# Four pairs, two rounds played (round 3: 1 v 4 and 2 v 3 not started); ties by pegs.
# Pair 1 won 2 of 2; pairs 3 and 2 won 1 of 2 (3 ahead on pegs: 11-9 lost, 11-5 won);
# pair 4 none.
LEFT = [(1, 4), (2, 3)]


def url(night, name: str) -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def cut_short(**settings) -> Night:
    night = night_with_schedule(4, name="Short night", tiebreak="pegs", **settings)
    play_out(night, leave=LEFT, losing_scores={(1, 3): 9})
    return night


def test_the_director_sees_the_void_games_and_the_ranking_first(client_as, director):
    night = cut_short()

    response = client_as(director).get(url(night, "night-end-early"))

    assertContains(response, "End Short night now?")
    assertContains(response, "Round 3, table 1: pair 1 v pair 4: void")
    assertContains(response, "Round 3, table 2: pair 2 v pair 3: void")
    text = response.content.decode()
    order = [text.index(f"Pair {pair} (") for pair in (1, 3, 2, 4)]
    assert order == sorted(order)
    assertContains(response, "won 2 of 2 · 1st place")
    assertContains(response, "won 0 of 2 · Booby prize")
    night.refresh_from_db()
    assert not night.ended_early


def test_ending_the_night_pays_out_and_shows_won_of(client_as, director):
    night = cut_short()
    client = client_as(director)
    blocked = client.get(url(night, "night-standings"))
    assertContains(blocked, "2 games are not finished")

    response = client.post(url(night, "night-end-early"), follow=True)

    assert response.redirect_chain == [(url(night, "night-standings"), 302)]
    assertContains(response, "Short night is ended: 2 games are void")
    assertContains(response, "ended early: ranked by the share of finished games won")
    assertContains(response, "2 of 2")
    assertContains(response, "0 of 2")
    assertContains(response, 'id="void-games"')
    assertNotContains(response, "Prizes are not awarded yet")
    assertContains(response, "<strong>director</strong>: ended the night early", html=False)
    assertContains(response, url(night, "night-end-undo"))
    night.refresh_from_db()
    assert night.ended_early
    pot = client.get(url(night, "night-pot"))
    assertContains(pot, "1st place")
    assertContains(pot, "Booby prize")


def test_a_night_ended_early_can_be_reopened(client_as, director):
    night = cut_short()
    client = client_as(director)
    client.post(url(night, "night-end-early"))

    asked = client.get(url(night, "night-end-undo"))
    response = client.post(url(night, "night-end-undo"), follow=True)

    assertContains(asked, "Re-open Short night, ended early?")
    assertContains(response, "Short night is re-opened: the games not finished count once played")
    assertContains(response, "2 games are not finished")
    assertContains(response, "re-opened the night ended early")
    night.refresh_from_db()
    assert not night.ended_early


def test_ending_is_refused_while_a_pair_has_no_finished_game(client_as, director):
    night = night_with_schedule(4, name="Too soon")
    play_out(night, leave=[(3, 4), (1, 3), (2, 4), *LEFT])
    client = client_as(director)

    asked = client.get(url(night, "night-end-early"), follow=True)
    posted = client.post(url(night, "night-end-early"), follow=True)

    for response in (asked, posted):
        assertContains(
            response,
            "pairs 3 and 4 have no finished game: withdraw them, or end the night later",
        )
    night.refresh_from_db()
    assert not night.ended_early


def test_only_a_director_ends_a_night(client_as, scorer):
    night = cut_short()

    response = client_as(scorer).post(url(night, "night-end-early"))

    assert response.status_code in (302, 403)
    night.refresh_from_db()
    assert not night.ended_early


def test_the_printed_standings_say_won_of_and_the_void_games(client_as, director):
    night = cut_short()
    client_as(director).post(url(night, "night-end-early"))

    sheet = client_as(director).get(
        reverse("scoring:night-sheet-preview", args=[night.pk, "standings"])
    )

    assertContains(sheet, "Ended early: ranked by the share of finished games won")
    assertContains(sheet, "round 3, table 1: pair 1 v pair 4")
    assertContains(sheet, "2 of 2")
