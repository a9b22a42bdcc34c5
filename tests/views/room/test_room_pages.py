"""The room on the night: the round board (scorers and directors) and the projector view
(public), with the live standings' Played column and the prizes pairs are on course for.

Nights are round robins in which the lower-numbered pair wins every game
(``tests.factories.play_out``).
"""

import re

import pytest
from django.contrib.sessions.models import Session
from django.test import Client, override_settings
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.attendance import services as attendance_services
from scoring.games import services as games_services
from scoring.models import Game, Season
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out
from tests.views.access import ROLES, assert_refused, may_score

pytestmark = pytest.mark.django_db


def url(night, name) -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def rounds_played(night, rounds: int) -> None:
    """Play out the first ``rounds`` rounds of ``night``."""
    later = Game.objects.filter(night=night, round__gt=rounds)
    play_out(night, leave=[game.pairs for game in later])


# --- the round board ----------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_round_board_is_for_scorers_and_directors(client_for, role):
    night = night_with_schedule(4)
    response = client_for(role).get(url(night, "night-round"))
    if may_score(role):
        assert response.status_code == 200
    else:
        assert_refused(response, role)


def test_round_board_shows_the_current_round_first_and_who_changed_what(
    client_as, scorer, director
):
    night = night_with_schedule(4)
    rounds_played(night, 1)
    round_two = Game.objects.filter(night=night, round=2).order_by("table")
    playing, waiting = round_two
    games_services.hand_record(
        game=playing,
        data={"bidder": playing.pair_a, "bid": 2, "high": playing.pair_a, "low": playing.pair_a},
        user=scorer,
    )
    playing.refresh_from_db()
    assert playing.score_a == 2

    response = client_as(director).get(url(night, "night-round"))

    board = response.context["board"]
    assert board.current.round == 2
    assert [row.round for row in board.others] == [1, 3]
    assertContains(response, '<noscript><meta http-equiv="refresh" content="30"></noscript>')
    assertContains(response, 'data-reload="30"')
    assertContains(response, "reloads itself every 30 seconds")
    assertContains(response, "Round 2 (now playing): 2 of 2 tables still to report")
    assertContains(response, f"in play: {playing.score_a} – {playing.score_b}")
    assertContains(response, "not started")
    line = next(game for game in board.current.games if game.pk == playing.pk)
    assert line.changed_by == scorer.username
    assert line.players[0] and " & " in line.players[0]
    assertContains(response, "Round 1: all 2 finished")


def test_round_board_after_the_round_robin(client_as, director):
    night = night_with_schedule(3)
    play_out(night)
    response = client_as(director).get(url(night, "night-round"))
    assert response.context["board"].current is None
    assertContains(response, "Every game of the round robin is finished")


def test_night_page_links_the_round_board_first(client_as, scorer):
    night = night_with_schedule(3)
    page = client_as(scorer).get(url(night, "night-detail")).content.decode()
    content = page[page.index('<main class="site-main">') :]
    actions = content.index(url(night, "night-round"))
    assert actions < content.index(url(night, "night-standings") + '"')
    assert url(night, "night-live") in content


@pytest.mark.parametrize("pairs", [3, 20])
def test_round_board_queries_do_not_grow(client_as, director, django_assert_num_queries, pairs):
    night = night_with_schedule(pairs)
    rounds_played(night, 1)
    client = client_as(director)
    # The club, session, user; the night, its seats, its games with their last changes.
    with django_assert_num_queries(6):
        response = client.get(url(night, "night-round"))
    assert response.status_code == 200


# --- the projector ------------------------------------------------------------------------


def test_projector_cycles_standings_tables_and_pot(client):
    night = night_with_schedule(4)
    rounds_played(night, 1)

    response = client.get(url(night, "night-live"))

    assert response.status_code == 200
    assert response.context["pages"] == ["standings", "playing", "pot"]
    content = response.content.decode()
    assert "site-nav" not in content and "<script>" not in content
    assert 'src="/static/scoring/projector.js"' in content
    assert 'data-seconds="15"' in content
    assertContains(response, '<th class="number">Played</th>', html=False)
    assertContains(response, "Round 2: still playing")
    rows = {row["pair"]: row for row in response.context["results"].standing_rows}
    assert [rows[pair]["played"] for pair in (1, 2, 3, 4)] == [1, 1, 1, 1]
    # After one round two pairs have won: they are level for places 1 and 2 and the two
    # who lost level for the 3rd place, all marked as "so far".
    assert rows[1]["course"].words == "level for places 1 and 2"
    assert rows[1]["course"].provisional
    assertContains(response, "so far: places change until the night is final")
    assertContains(response, "The pot so far: $")


def test_projector_pot_pays_no_booby_when_a_withdrawal_leaves_three_pairs(client):
    """Four pairs, one gone from round 1: three pairs share the prizes, with no booby."""
    night = night_with_schedule(4)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=1)

    response = client.get(url(night, "night-live") + "?page=pot")

    shares = response.context["results"].prizes_so_far
    assert [share.place for share in shares] == [1, 2, 3]
    assertNotContains(response, "Booby prize")


def test_projector_shows_the_ladder_of_the_season_the_night_counts_in(client):
    """A played night inside a season's dates: the ladder joins the projector's pages,
    its figures the rules core's (a 4-pair night: 4 points to the winners)."""
    night = night_with_schedule(4)
    play_out(night)
    Season.objects.create(name="Winter", first_date=night.date, last_date=night.date)

    response = client.get(url(night, "night-live"))

    assert response.context["pages"] == ["standings", "playing", "pot", "ladder"]
    held = client.get(url(night, "night-live") + "?page=ladder")
    assert held.context["pages"] == ["ladder"]
    assertContains(held, "Winter: the season ladder")
    first = held.context["screens"][0].rows[0]
    assert (first["rank"], first["nights"], first["counted"]) == (1, 1, 4)
    assertContains(held, f"<td>{first['player']}</td>", html=True)


def test_projector_without_a_season_shows_no_ladder(client):
    night = night_with_schedule(4)

    response = client.get(url(night, "night-live") + "?page=ladder")

    assert response.context["pages"] == ["standings", "playing", "pot"]
    assertNotContains(response, "season ladder")


def test_projector_holds_one_page(client):
    night = night_with_schedule(3)
    response = client.get(url(night, "night-live") + "?page=standings")
    assert response.context["pages"] == ["standings"]
    assertNotContains(response, 'data-page="pot"')


@override_settings(PUBLIC_PAGES="standings")
def test_projector_hides_the_pot_from_a_public_without_money(client, client_as, scorer):
    night = night_with_schedule(3)
    assert client.get(url(night, "night-live")).context["pages"] == ["standings", "playing"]
    assert client.get(url(night, "night-live") + "?page=pot").context["pages"] == [
        "standings",
        "playing",
    ]
    assert "pot" in client_as(scorer).get(url(night, "night-live")).context["pages"]


def test_projector_of_a_final_night_marks_nothing_provisional(client, director):
    night = night_with_schedule(4)
    play_out(night)
    results_services.night_close(night=night, user=director)
    response = client.get(url(night, "night-live"))
    rows = response.context["results"].standing_rows
    assert rows[0]["course"].words == "1st" and not rows[0]["course"].provisional
    assert rows[-1]["course"].words == "booby"
    assertNotContains(response, "so far")


@pytest.mark.parametrize("pairs", [3, 20])
def test_projector_queries_do_not_grow(client, django_assert_num_queries, pairs):
    night = night_with_schedule(pairs)
    rounds_played(night, 1)
    # The club, the night, the round board's seats and games (the results scored from
    # them), and which season the night counts in (none here: no ladder page).
    with django_assert_num_queries(5):
        assert client.get(url(night, "night-live")).status_code == 200


# --- the live standings -------------------------------------------------------------------


def test_standings_say_who_is_level_mid_evening_without_proposing_playoffs(client):
    night = night_with_schedule(4)
    rounds_played(night, 1)
    response = client.get(url(night, "night-standings"))
    assert response.context["ties"]
    assert all(row["proposal"] is None for row in response.context["ties"])
    assertNotContains(response, "Play-off proposed")
    assertNotContains(response, "Play-offs proposed")
    assertNotContains(response, "are tied for")
    assertContains(response, "are level for <strong>places 1 and 2</strong> so far", html=False)
    assertContains(response, "Played")
    assertContains(response, "(so far)")


def test_the_draw_page_speaks_plainly(client):
    night = night_with_schedule(3)
    response = client.get(url(night, "night-draw"))
    assertContains(response, "Numbers 1 and 2 play together as pair 1")
    # The pairing in words, not as a formula (2k-1 and 2k); the CSRF tokens are random
    # letters and digits, where "2k" turns up now and then.
    page = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", response.content.decode())
    assert "2k" not in page


def test_large_print_is_kept_for_the_visitor(client):
    night = night_with_schedule(3)
    standings = url(night, "night-standings")
    assertContains(client.get(standings), 'value="large"', html=False)

    response = client.post(reverse("scoring:text-size"), {"size": "large", "next": standings})

    assert response["Location"] == standings
    page = client.get(standings)
    assertContains(page, '<html lang="en" class="large-print">', html=False)
    assertContains(client.get(url(night, "night-detail")), 'class="large-print"', html=False)
    client.post(reverse("scoring:text-size"), {"size": "normal", "next": "https://evil.example/"})
    assertNotContains(client.get(standings), 'class="large-print"', html=False)


def test_anonymous_visitors_choosing_a_text_size_write_no_session(db):
    """The choice is a cookie: a script posting it over and over adds no row anywhere."""
    for _ in range(20):
        response = Client().post(reverse("scoring:text-size"), {"size": "large", "next": "/"})

        cookie = response.cookies["text_size"]
        assert (cookie.value, cookie["max-age"], cookie["httponly"]) == ("large", 31536000, True)
        assert cookie["samesite"] == "Lax"
    assert Session.objects.count() == 0


def test_large_print_goes_back_only_to_this_site(client):
    response = client.post(
        reverse("scoring:text-size"), {"size": "large", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/"
