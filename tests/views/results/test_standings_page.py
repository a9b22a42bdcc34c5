"""The standings page: the table, its CSV and JSON, live as games land; every tie situation
of rules.md with its play-offs started by a director and entered like any game.

Nights are round robins in which the lower-numbered pair wins every game (11 to 5) but
the upsets named (``tests.factories.play_out``).
"""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.models import Game, Night
from scoring.rules import live
from tests.factories import NightFactory, night_with_schedule, play_out, win_playoff
from tests.views.access import ROLES, assert_refused

pytestmark = pytest.mark.django_db

HEADERS = [
    "Rank",
    "Pair",
    "Players",
    "Played",
    "Won",
    "Lost",
    "Pegs for",
    "Pegs against",
    "Cinches",
    "Play-off wins",
    "In the money",
]
DIRECTOR_ACTIONS = ["night-playoffs-start", "night-tiebreak", "night-close", "night-reopen"]


def url(night, name="night-standings") -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def standings(response) -> list[tuple]:
    """``(rank, pair, won, lost, play-off wins)`` per row of the page's table."""
    return [
        (row["rank"], row["pair"], row["wins"], row["losses"], row["playoff_wins"])
        for row in (r.record for r in response.context["table"].rows)
    ]


def ties(response) -> list[tuple]:
    """``(pairs, stake, proposed games)`` of each tie the page names."""
    return [
        (row["tie"].pairs, row["tie"].stake, row["proposal"] and row["proposal"].games)
        for row in response.context["ties"]
    ]


def enter_playoff(client, night, pairs, winner: int):
    """A scorer types the play-off's result on its game page, like any game's."""
    game = Game.objects.get(
        night=night, is_playoff=True, winner=None, pair_a__in=pairs, pair_b__in=pairs
    )
    scores = {"a": 11, "b": 6} if winner == game.pair_a else {"a": 6, "b": 11}
    response = client.post(
        reverse("scoring:game-result", args=[game.pk]),
        {
            "result-winner": winner,
            "result-score_a": scores["a"],
            "result-score_b": scores["b"],
            "result-cinches_a": 0,
            "result-cinches_b": 0,
        },
    )
    assert response.status_code == 302


def build_night():
    """Four pairs, every game played: pair 1 first, 2, 3, then 4 with the booby."""
    night = night_with_schedule(4, name="Tuesday club")
    play_out(night, loser_cinches={(1, 4): 2, (3, 4): 1})
    return night


# --- the table ----------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_standings_page_is_public(client_for, night, role):
    response = client_for(role).get(url(night))

    assert response.status_code == 200
    assert [column.header for column in response.context["table"].columns] == HEADERS
    assert standings(response) == [
        (1, 1, 3, 0, 0),
        (2, 2, 2, 1, 0),
        (3, 3, 1, 2, 0),
        (4, 4, 0, 3, 0),
    ]
    names = response.context["results"].names
    assertContains(response, f"<td >{names[1].replace('&', '&amp;')}</td>", html=True)
    assertContains(response, "No tie decides a prize.")


def test_each_row_is_the_standings_document(client, night):
    response = client.get(url(night))

    row = response.context["table"].rows[3].record
    assert row == {
        "rank": 4,
        "pair": 4,
        "players": response.context["results"].names[4].split(" & "),
        "wins": 0,
        "losses": 3,
        "pegs_for": 15,
        "pegs_against": 33,
        "cinches": 3,
        "playoff_wins": 0,
        "played": 3,
        "course": live.Course("booby", provisional=True),
    }


def test_the_table_sorts(client, night):
    response = client.get(url(night) + "?sort=-pegs_against")

    assert [row[1] for row in standings(response)] == [4, 3, 2, 1]


def test_live_while_games_are_played(client):
    night = night_with_schedule(4)
    play_out(night, leave=[(1, 2), (3, 4)])

    response = client.get(url(night))

    assert [(row[1], row[2]) for row in standings(response)] == [(1, 2), (2, 2), (3, 0), (4, 0)]
    assertContains(response, '<noscript><meta http-equiv="refresh" content="60"></noscript>')
    assertContains(response, 'data-reload="60"')
    assertContains(response, "2 games are not finished")
    assertContains(response, "Live: finished games count as they land")
    # A game lands: the next look counts it.
    game = Game.objects.get(night=night, pair_a__in=[3, 4], pair_b__in=[3, 4])
    games_services.game_result_record(
        game=game,
        result={"winner": 4, "score": [7, 11] if game.pair_a == 3 else [11, 7], "cinches": [0, 0]},
    )
    assert (4, 1) in [(row[1], row[2]) for row in standings(client.get(url(night)))]


def test_csv_export_has_a_row_per_pair(client, night):
    response = client.get(url(night) + "?_export=csv")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="2026-11-17-tuesday-club-standings.csv"'
    )
    lines = response.content.decode().splitlines()
    # The CSV has the cinch-standings/1 columns: not the page's Played and In the money.
    assert lines[0] == ",".join(h for h in HEADERS if h not in ("Played", "In the money"))
    assert len(lines) == 1 + 4
    names = client.get(url(night)).context["results"].names
    assert lines[4] == f"4,4,{names[4]},0,3,15,33,3,0"


def test_only_csv_is_exported(client, night):
    response = client.get(url(night) + "?_export=xlsx")

    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("role", ROLES)
def test_json_is_what_export_night_prints(client_for, night, role):
    out = io.StringIO()
    call_command("export_night", str(night.pk), stdout=out)

    response = client_for(role).get(url(night, "night-standings-json"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.content.decode() == out.getvalue()


def test_a_night_that_cannot_be_scored_says_why(client):
    night = NightFactory()  # nobody seated yet

    response = client.get(url(night))
    assertContains(response, "This night cannot be scored yet")
    assertContains(response, "players: give the players")
    document = client.get(url(night, "night-standings-json"))
    assert document.status_code == 409
    assert document.content.decode().startswith("This night cannot be scored yet:\nplayers: ")


# --- ties and play-offs -------------------------------------------------------------------


def test_two_way_tie_for_first_place(client_as, director, scorer):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])
    page = client_as(director).get(url(night))
    assert ties(page) == [((1, 2), "places 1 and 2", ((1, 2),))]
    assertContains(page, "are tied for <strong>places 1 and 2</strong>")
    assertContains(page, '<span class="proposed">pair 1 v pair 2</span>', html=True)
    assertContains(page, "pairs 1 and 2 are tied for places 1 and 2: a play-off among them")
    assertContains(page, url(night, "night-playoffs-start"))

    started = client_as(director).post(url(night, "night-playoffs-start"), follow=True)

    assertContains(started, "Play-offs started: pair 1 v pair 2.")
    assert ties(started) == [((1, 2), "places 1 and 2", ())]
    assertContains(started, "Under way: pair 1 v pair 2.")
    assertNotContains(started, url(night, "night-playoffs-start"))
    enter_playoff(client_as(scorer), night, (1, 2), winner=2)
    settled = client_as(director).get(url(night))
    assert ties(settled) == []
    assert standings(settled)[:2] == [(1, 2, 4, 1, 1), (2, 1, 4, 1, 0)]
    assert not settled.context["summary"].blocked


def test_three_way_tie_plays_a_round_robin_then_again_while_level(client_as, director, scorer):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 3)])
    director_client, scorer_client = client_as(director), client_as(scorer)
    assert ties(director_client.get(url(night))) == [
        ((1, 2, 3), "places 1 to 3", ((1, 2), (1, 3), (2, 3)))
    ]

    director_client.post(url(night, "night-playoffs-start"))
    for pairs, winner in [((1, 2), 1), ((2, 3), 2), ((1, 3), 3)]:  # one win each
        enter_playoff(scorer_client, night, pairs, winner)
    still_level = director_client.get(url(night))

    assert ties(still_level) == [((1, 2, 3), "places 1 to 3", ((1, 2), (1, 3), (2, 3)))]
    assertContains(still_level, "(round 2: still level, each pairing plays again)")
    assert [row[4] for row in standings(still_level)[:3]] == [1, 1, 1]

    director_client.post(url(night, "night-playoffs-start"))
    assert Game.objects.filter(night=night, is_playoff=True).count() == 6
    enter_playoff(scorer_client, night, (1, 2), winner=2)
    enter_playoff(scorer_client, night, (2, 3), winner=2)
    enter_playoff(scorer_client, night, (1, 3), winner=1)
    settled = director_client.get(url(night))
    assert ties(settled) == []
    assert [row[:2] for row in standings(settled)[:3]] == [(1, 2), (2, 1), (3, 3)]


def test_booby_tie_goes_to_the_playoff_winner(client_as, director):
    night = night_with_schedule(7)
    play_out(night, upsets=[(4, 7)])
    page = client_as(director).get(url(night))
    assert ties(page) == [((6, 7), "the booby prize", ((6, 7),))]
    assertContains(page, "are tied for <strong>the booby prize</strong>")

    client_as(director).post(url(night, "night-playoffs-start"))
    win_playoff(night, (6, 7), winner=7)

    settled = client_as(director).get(url(night))
    assert ties(settled) == []
    assert settled.context["summary"].ranking.booby == 7
    assert [row[:2] for row in standings(settled)[5:]] == [(6, 7), (7, 6)]


def test_tie_spanning_places_two_and_three(client):
    night = night_with_schedule(6)
    play_out(night, upsets=[(2, 5)])

    response = client.get(url(night))

    assert ties(response) == [((2, 3), "places 2 and 3", ((2, 3),))]
    assert [row[0] for row in standings(response)[:3]] == [1, 2, 2]  # a shared rank


def test_a_tie_outside_the_prizes_is_only_shown(client):
    night = night_with_schedule(7)
    play_out(night, upsets=[(4, 6)])  # pairs 4, 5 and 6 level on 2 wins: no prize at stake

    response = client.get(url(night))

    assert ties(response) == []
    assert [row[0] for row in standings(response)] == [1, 2, 3, 4, 4, 4, 7]
    assert not response.context["summary"].blocked


def test_pegs_tiebreak_settles_the_tie(client_as, director):
    night = night_with_schedule(6)
    # Pair 2 scored 9 in its one loss, pair 1 only 5: pair 2 is ahead on peg difference.
    play_out(night, upsets=[(1, 5)], losing_scores={(1, 2): 9})
    assert ties(client_as(director).get(url(night))) == [((1, 2), "places 1 and 2", ((1, 2),))]

    response = client_as(director).post(
        url(night, "night-tiebreak"), {"tiebreak": "pegs"}, follow=True
    )

    assertContains(response, "Ties are now broken by peg difference, then pegs for.")
    assert ties(response) == []
    assert [row[:2] for row in standings(response)[:2]] == [(1, 2), (2, 1)]
    assertContains(response, "Break ties by play-off games instead")


def test_pegs_tiebreak_still_level_says_so(client_as, director):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])  # every game 11 to 5: level on pegs as well
    client_as(director).post(url(night, "night-playoffs-start"))

    response = client_as(director).post(
        url(night, "night-tiebreak"), {"tiebreak": "pegs"}, follow=True
    )

    assertContains(response, "1 play-off not yet begun removed.")
    assert ties(response) == [((1, 2), "places 1 and 2", None)]
    assertContains(response, "level on wins, peg difference and pegs for")
    assertNotContains(response, url(night, "night-playoffs-start"))
    assert not Game.objects.filter(night=night, is_playoff=True).exists()


def test_unknown_tiebreak_is_refused(client_as, director, night):
    response = client_as(director).post(
        url(night, "night-tiebreak"), {"tiebreak": "coin"}, follow=True
    )

    assertContains(response, "Choose how ties are broken: play-off games or pegs.")
    night.refresh_from_db()
    assert night.tiebreak == "playoff"


def test_fewer_than_four_pairs_has_no_booby_at_stake(client):
    night = night_with_schedule(3)
    play_out(night, upsets=[(1, 3)])  # 1 beats 2, 2 beats 3, 3 beats 1

    response = client.get(url(night))

    assert ties(response) == [((1, 2, 3), "places 1 to 3", ((1, 2), (1, 3), (2, 3)))]


def test_no_playoffs_while_games_are_unfinished(client_as, director):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 3)], leave=[(5, 6)])
    page = client_as(director).get(url(night))
    assertContains(page, "Play-offs are proposed once every game is finished")
    assertNotContains(page, url(night, "night-playoffs-start"))

    response = client_as(director).post(url(night, "night-playoffs-start"), follow=True)

    assertContains(response, "Play-offs start once every game is finished; not yet: round")
    assert not Game.objects.filter(night=night, is_playoff=True).exists()


def test_starting_twice_starts_once(client_as, director):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])
    client = client_as(director)
    client.post(url(night, "night-playoffs-start"))

    response = client.post(url(night, "night-playoffs-start"), follow=True)

    assertContains(response, "started already")
    assert Game.objects.filter(night=night, is_playoff=True).count() == 1


# --- who may do what ----------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_director_buttons_only_for_directors(client_for, role):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])

    response = client_for(role).get(url(night))

    for name in ["night-playoffs-start", "night-tiebreak", "night-close"]:
        if role == "director":
            assertContains(response, url(night, name))
        else:
            assertNotContains(response, url(night, name))


@pytest.mark.parametrize("role", ["anonymous", "member", "scorer"])
@pytest.mark.parametrize("name", DIRECTOR_ACTIONS)
def test_director_actions_are_refused_to_others(client_for, role, name):
    night = night_with_schedule(6)
    play_out(night, upsets=[(1, 5)])

    response = client_for(role).post(url(night, name), {"tiebreak": "pegs"})

    assert_refused(response, role)
    night.refresh_from_db()
    assert (night.tiebreak, night.is_final) == ("playoff", False)
    assert not Game.objects.filter(night=night, is_playoff=True).exists()


@pytest.mark.parametrize("name", ["night-playoffs-start", "night-close"])
def test_director_actions_are_posts(client_as, director, night, name):
    assert client_as(director).get(url(night, name)).status_code == 405


@pytest.mark.parametrize("name", ["night-tiebreak", "night-reopen"])
def test_director_actions_that_lose_work_ask_first(client_as, director, night, name):
    response = client_as(director).get(url(night, name))
    assert response.status_code == 200
    assert response.context["confirm"].lost


# --- queries ------------------------------------------------------------------------------

# The club, the night, its seats, its games, its closing history; session and user when logged in.
QUERIES = {"anonymous": 5, "director": 7}


def build_nights():
    """A night of 2 pairs and one of 20, played out, for every role's query count."""
    nights = {pairs: night_with_schedule(pairs) for pairs in (2, 20)}
    for night in nights.values():
        play_out(night, upsets=[(1, 2)])
    return nights


@pytest.mark.parametrize("role", QUERIES)
@pytest.mark.parametrize("pairs", [2, 20])
def test_queries_do_not_grow_with_the_night(
    client_for, django_assert_num_queries, module_nights, role, pairs
):
    night = Night.objects.get(pk=module_nights[pairs])
    client = client_for(role)

    with django_assert_num_queries(QUERIES[role]):
        response = client.get(url(night))

    assert len(response.context["table"].rows) == pairs
