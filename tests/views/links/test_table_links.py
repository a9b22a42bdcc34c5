"""A table's own link: its phone page, refusals, and a result confirmed by a second person
(issue 14)."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from scoring.core.records import documents
from scoring.games import audit, confirmation
from scoring.games import services as games_services
from scoring.links import services as links_services
from scoring.links.tokens import link_path, link_token
from scoring.models import Game
from scoring.results import selectors as results_selectors
from tests.factories import ScorerFactory, night_with_schedule
from tests.phones import Phone

pytestmark = pytest.mark.django_db

RESULT = {"result-score_a": "11", "result-score_b": "6", "result-cinches_a": "1"}
RESULT |= {"result-cinches_b": "0"}
CARDS = ("high", "low", "jack", "game")


def build_night():
    return night_with_schedule(2, confirm_results=True)


def result_for(game: Game) -> dict:
    return RESULT | {"result-winner": str(game.pair_a)}


def post(client, game: Game, pair: int, action: str = "", data=None):
    path = link_path(game, pair) + (f"{action}/" if action else "")
    return client.post(path, data or {})


def wins(night) -> dict[int, int]:
    """Games won per pair, as the standings count them."""
    return {
        row["pair"]: row["wins"] for row in results_selectors.night_standings(night)["standings"]
    }


def test_the_link_opens_its_game_alone(client, game):
    response = client.get(link_path(game, game.pair_a))

    assertContains(response, f"you are <strong>pair {game.pair_a}</strong>")
    assertContains(response, "Save hand")
    # No way out: the page links to no other page of the site.
    assertNotContains(response, 'href="/nights/')
    assertNotContains(response, 'href="/games/')


def test_a_hand_entered_through_the_link(client, game):
    response = post(
        client,
        game,
        game.pair_b,
        data={"bidder": "1", "bid": "2"} | {"points_a": "2", "points_b": "2", "position": "1"},
    )

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.hands.count() == 1 and (game.score_a, game.score_b) == (2, 2)


def test_the_same_validation_as_the_game_page(client, game):
    response = post(client, game, game.pair_a, data={"bid": "2"})

    assert response.status_code == 200
    assert response.context["hand_form"].errors["bidder"] == ["the bidder is missing"]
    assert not game.hands.exists()


@pytest.mark.parametrize("page", ["scoring:table-link", "scoring:table-link-result"])
@pytest.mark.parametrize(
    "token",
    ["nonsense", "1.1.1:forged", "1.1.1", ""],
)
def test_a_tampered_link_is_refused(client, game, token, page):
    if not token:
        good = link_token(game, game.pair_a)
        token = good[:-1] + ("A" if good[-1] != "A" else "B")
    response = client.get(reverse(page, args=[token]))

    assert response.status_code == 403
    assertContains(response, "does not open a game", status_code=403)


def test_a_link_cannot_be_moved_to_another_game(client, game):
    token = link_token(game, game.pair_a)
    value, signature = token.split(":")
    other = value.replace(f"{game.pk}.", f"{game.pk + 1}.", 1)

    assert (
        client.get(reverse("scoring:table-link", args=[f"{other}:{signature}"])).status_code == 403
    )


def test_a_revoked_link_stops_working(client_as, director, game):
    old = link_path(game, game.pair_a)
    response = client_as(director).post(reverse("scoring:game-links-revoke", args=[game.pk]))
    assert response.status_code == 302

    assert client_as(None).get(old).status_code == 403
    assert client_as(None).get(old + "result/").status_code == 403
    game.refresh_from_db()
    assert client_as(None).get(link_path(game, game.pair_a)).status_code == 200


def test_only_a_director_revokes(client_as, scorer, game):
    client_as(scorer).post(reverse("scoring:game-links-revoke", args=[game.pk]))
    game.refresh_from_db()
    assert game.link_version == 1


def test_a_final_night_closes_the_links(client, game, night):
    path = link_path(game, game.pair_a)
    Game.objects.filter(pk=game.pk)  # the link was good
    night.is_final = True
    night.save()

    assert client.get(path).status_code == 403
    assert client.get(path + "result/").status_code == 403


def test_a_link_is_rate_limited(client, game, monkeypatch):
    monkeypatch.setattr("scoring.links.views.LINK_LIMIT", 3)
    path = link_path(game, game.pair_a)
    for _ in range(3):
        assert client.get(path).status_code == 200

    assert client.get(path).status_code == 429
    assert client.get(link_path(game, game.pair_b)).status_code == 200  # the other phone


def test_forged_links_are_rate_limited_and_genuine_ones_still_open(client, game):
    forged = reverse("scoring:table-link", args=["x:y"])
    for _ in range(20):
        assert client.get(forged).status_code == 403

    assert client.get(forged).status_code == 429
    assert client.get(link_path(game, game.pair_a)).status_code == 200  # the club's Wi-Fi


def test_a_revoked_link_is_refused_without_counting_toward_the_block(client, game):
    """A phone left on its page after the director revoked the table's links keeps asking
    for it: refused each time, never blocking the address the club's phones share."""
    old = link_path(game, game.pair_a)
    links_services.game_links_revoke(game=game)
    for _ in range(25):
        assert client.get(old).status_code == 403

    assert client.get(reverse("scoring:table-link", args=["x:y"])).status_code == 403


def test_the_other_pair_confirms_and_only_then_it_counts(client, game, night):
    assert post(client, game, game.pair_a, "result", result_for(game)).status_code == 302
    game.refresh_from_db()
    assert game.winner == game.pair_a and not game.confirmed and not game.finished
    assert game.result_entered_by == f"pair {game.pair_a} (table link)"
    assert wins(night) == {game.pair_a: 0, game.pair_b: 0}
    assert documents.night_file(night)["games"][0]["confirmed"] is False

    post(client, game, game.pair_a, "confirm")  # not by the pair that entered it
    game.refresh_from_db()
    assert not game.confirmed

    post(Phone(), game, game.pair_b, "confirm")  # pair b's own phone
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == f"pair {game.pair_b} (table link)"
    assert wins(night) == {game.pair_a: 1, game.pair_b: 0}
    assert "confirmed" not in documents.night_file(night)["games"][0]


def test_a_dispute_reaches_the_round_board_and_the_director_settles_it(
    client, client_as, director, game, night
):
    post(client, game, game.pair_a, "result", result_for(game))
    response = post(Phone(), game, game.pair_b, "dispute", {"reason": "we had 8, not 6"})
    assert response.status_code == 302

    board = client_as(director).get(reverse("scoring:night-round", args=[night.pk]))
    assertContains(board, "disputed")
    assertContains(board, "we had 8, not 6")

    client_as(director).post(reverse("scoring:game-confirm", args=[game.pk]))
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == "director" and not game.dispute


def test_the_board_says_whose_confirmation_is_awaited(client, client_as, director, game, night):
    post(client, game, game.pair_a, "result", result_for(game))

    board = client_as(director).get(reverse("scoring:night-round", args=[night.pk]))

    assertContains(board, f"awaiting confirmation from pair {game.pair_b}")


def test_a_scorer_result_needs_a_second_person(client_as, scorer, game):
    client_as(scorer).post(reverse("scoring:game-result", args=[game.pk]), result_for(game))
    game.refresh_from_db()
    assert game.result_entered_by == "scorer" and not game.confirmed

    client_as(scorer).post(reverse("scoring:game-confirm", args=[game.pk]))
    game.refresh_from_db()
    assert not game.confirmed

    second = ScorerFactory(username="second")
    client_as(second).post(reverse("scoring:game-confirm", args=[game.pk]))
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == "second"


def test_either_pair_confirms_a_scorer_result(client, scorer, game):
    games_services.game_result_record(
        game=game, result={"winner": game.pair_a, "score": [11, 3], "cinches": [0, 0]}, user=scorer
    )
    post(client, game, game.pair_a, "confirm")

    game.refresh_from_db()
    assert game.confirmed


def test_a_correction_after_confirmation_needs_confirming_again(client, director, scorer, game):
    result = {"winner": game.pair_a, "score": [11, 3], "cinches": [0, 0]}
    games_services.game_result_record(game=game, result=result, user=scorer)
    confirmation.game_result_confirm(game=game, user=director)
    games_services.game_result_clear(game=game, user=director)
    games_services.game_result_record(game=game, result=result | {"score": [11, 5]}, user=director)

    game.refresh_from_db()
    assert not game.confirmed and game.confirmed_by == "" and game.result_entered_by == "director"


def test_without_confirmation_a_result_counts_at_once(scorer):
    night = night_with_schedule(2, name="Trusting night")
    game = night.games.get()
    games_services.game_result_record(
        game=game, result={"winner": game.pair_a, "score": [11, 3], "cinches": [0, 0]}, user=scorer
    )

    game.refresh_from_db()
    assert game.confirmed and game.finished


def test_confirmation_is_in_the_audit_trail(client, client_as, director, game):
    post(client, game, game.pair_a, "result", result_for(game))
    post(Phone(), game, game.pair_b, "confirm")

    page = client_as(director).get(reverse("scoring:game-detail", args=[game.pk]))

    assertContains(page, f"pair {game.pair_a} (table link)")
    assertContains(page, f"pair {game.pair_b} (table link)")


def test_the_audit_trail_names_the_link_each_change_came_through(client, director, scorer, game):
    hand = {"bidder": str(game.pair_b), "bid": "2", "points_a": "2", "points_b": "2"}
    post(client, game, game.pair_b, data=hand | {"position": "1"})
    sweep = {"bidder": game.pair_a, "bid": 4} | dict.fromkeys(CARDS, game.pair_a)
    for _ in range(3):  # 6, 10, 14: the scorer's third hand wins the game
        games_services.hand_record(game=game, data=sweep, user=scorer)
    post(client, game, game.pair_b, "dispute", {"reason": "we took the jack"})
    confirmation.game_result_confirm(game=game, user=director)  # settled by the director

    trail = audit.game_trail(game)

    link_b = f"pair {game.pair_b} (table link)"
    scorer_hands = [(scorer.username, what) for n in (4, 3, 2) for what in ("Game", f"Hand {n}")]
    assert [(entry.who, entry.what) for entry in trail] == [
        (director.username, "Game"),  # the confirmation
        (link_b, "Game"),  # the dispute
        *scorer_hands,
        (link_b, "Game"),
        (link_b, "Hand 1"),
        ("—", "Game"),  # the schedule: no account, no link
    ]
    game.refresh_from_db()
    assert game.confirmed_by == director.username


def test_a_phone_heard_at_each_post_is_no_change_in_the_audit_trail(client, game):
    hand = {"bidder": str(game.pair_b), "bid": "2", "points_a": "2", "points_b": "2"}
    for number in (1, 2, 3):
        post(client, game, game.pair_b, data=hand | {"position": str(number)})

    game.refresh_from_db()
    assert game.link_heard_at is not None  # the round board's note, not a change
    changed = [entry.changes for entry in audit.game_trail(game) if entry.what == "Game"]
    a, b = (f"score (pair {pair})" for pair in game.pairs)
    made = (("round", "", "1"), ("first pair", "", "1"), ("second pair", "", "2"))
    assert changed == [
        ((a, "4", "6"), (b, "4", "6")),
        ((a, "2", "4"), (b, "2", "4")),
        ((a, "0", "2"), (b, "0", "2")),
        made,  # the schedule
    ]


def test_a_moment_in_the_audit_trail_is_worded_with_its_time(settings):
    settings.TIME_ZONE = "UTC"
    moment = datetime.datetime(2026, 11, 28, 21, 5, tzinfo=datetime.UTC)

    assert audit.value_words(moment) == "November 28, 2026, 21:05"
    with translation.override("fr"):
        assert audit.value_words(moment) == "28 novembre 2026, 21\u00a0h\u00a005"
    assert audit.value_words(moment.date()) == "November 28, 2026"


def test_table_links_command(game, night):
    out = io.StringIO()
    call_command(
        "table_links", night.pk, "--round", "1", "--site", "https://club.example", stdout=out
    )

    lines = out.getvalue().splitlines()
    assert lines == [
        f"1 1 {pair} https://club.example{link_path(game, pair)}" for pair in game.pairs
    ]


def test_link_page_queries_do_not_grow_with_hands(client, game):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(link_path(game, game.pair_a)).status_code == 200
        return len(captured)

    games_services.hand_record(game=game, data={"bidder": 1, "bid": 2, "points": [2, 2]})
    one = queries()
    for _ in range(3):
        games_services.hand_record(game=game, data={"bidder": 1, "bid": 2, "points": [2, 2]})

    assert queries() == one


def test_the_game_page_offers_a_second_scorer_the_confirmation(client_as, scorer, game):
    client_as(scorer).post(reverse("scoring:game-result", args=[game.pk]), result_for(game))
    url = reverse("scoring:game-detail", args=[game.pk])

    assertContains(client_as(scorer).get(url), "Awaiting confirmation")
    assertNotContains(client_as(scorer).get(url), "Confirm the result")
    assertContains(client_as(ScorerFactory(username="second")).get(url), "Confirm the result")


def test_turning_confirmation_off_counts_the_awaiting_results(client, director, game, night):
    from scoring.nights import services as nights_services

    post(client, game, game.pair_a, "result", result_for(game))
    nights_services.night_edit(night=night, user=director, confirm_results=False)

    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == "director: confirmation turned off"


def test_a_hand_posted_twice_through_the_link_is_saved_once(client, game):
    hand = {"bidder": "1", "bid": "2", "points_a": "2", "points_b": "2", "position": "1"}
    post(client, game, game.pair_a, data=hand)

    again = client.post(link_path(game, game.pair_a), hand, follow=True)

    assertContains(again, "Hand 1 was already saved")
    assert game.hands.count() == 1


def test_a_hand_the_form_cannot_read_is_shown_again(client, game):
    response = post(client, game, game.pair_a, data={"bidder": "1", "position": "first"})

    assert response.status_code == 200
    assert "position" in response.context["hand_form"].errors
    assert not game.hands.exists()


def test_a_result_posted_twice_through_the_link_is_saved_once(client, game):
    result = result_for(game) | {"result-version": str(game.version)}
    post(client, game, game.pair_a, "result", result)

    again = client.post(link_path(game, game.pair_a) + "result/", result, follow=True)

    assertContains(again, f"The result was already saved: won by pair {game.pair_a}.")
    game.refresh_from_db()
    assert (game.winner, game.score_a, game.score_b) == (game.pair_a, 11, 6)


def test_a_result_the_form_cannot_read_is_shown_again(client, game):
    response = post(client, game, game.pair_a, "result", result_for(game) | {"result-score_a": "x"})

    assert response.status_code == 200
    assert "score_a" in response.context["result_form"].errors
    # On the pegboard's page, not the main page: no hand form around it.
    assert [t.name for t in response.templates][0] == "scoring/links/link_result.html"
    assertContains(response, 'id="pegboard"')
    assertNotContains(response, "Save hand")
    game.refresh_from_db()
    assert game.winner is None


def test_confirming_twice_is_told_not_repeated(client, game):
    post(client, game, game.pair_a, "result", result_for(game))
    phone_b = Phone()
    post(phone_b, game, game.pair_b, "confirm")

    again = phone_b.post(link_path(game, game.pair_b) + "confirm/", follow=True)

    assertContains(again, "the result was confirmed already by pair")
    game.refresh_from_db()
    assert game.confirmed_by == f"pair {game.pair_b} (table link)"


def test_nothing_to_dispute_is_refused_with_a_reason(client, game):
    response = client.post(
        link_path(game, game.pair_b) + "dispute/", {"reason": "wrong"}, follow=True
    )

    assertContains(response, "has no result to confirm yet")
    game.refresh_from_db()
    assert not game.dispute


def test_a_dispute_needs_a_reason_and_the_other_pair(client, game):
    post(client, game, game.pair_a, "result", result_for(game))

    blank = post(client, game, game.pair_b, "dispute", {"reason": "  "})
    own = client.post(link_path(game, game.pair_a) + "dispute/", {"reason": "no"}, follow=True)

    assert blank.status_code == 200 and "reason" in blank.context["dispute_form"].errors
    assertContains(own, "The pair that entered the result cannot dispute it.")
    game.refresh_from_db()
    assert not game.dispute


def test_a_result_without_a_winner_is_refused_by_the_rules(client, game):
    response = post(client, game, game.pair_a, "result", RESULT)

    assert response.status_code == 200
    assert "winner" in response.context["result_form"].errors
    game.refresh_from_db()
    assert game.winner is None


def test_the_pegboard_form_has_a_page_of_its_own(client, game):
    path = link_path(game, game.pair_a)

    page = client.get(path)
    result_page = client.get(path + "result/")

    assert "result_form" not in page.context
    assertNotContains(page, "Save the result")
    assertContains(
        page, f'Typed from the pegboard? <a href="{path}result/">Enter the final score</a>'
    )
    assert result_page.status_code == 200
    assert result_page.context["result_form"].prefix == "result"
    assertContains(result_page, f'action="{path}result/"')
    assertContains(result_page, "Save the result")
    assertContains(result_page, f"you are <strong>pair {game.pair_a}</strong>")
    assertContains(result_page, f'<a href="{path}">Back to entering hand by hand</a>')
    assertNotContains(result_page, "Save hand")


def test_a_result_typed_on_its_page_goes_back_to_the_main_page(client, game):
    path = link_path(game, game.pair_a)

    response = client.post(path + "result/", result_for(game), follow=True)

    assert response.redirect_chain == [(path, 302)]
    assertContains(response, f"Result saved: won by pair {game.pair_a}")
    assertNotContains(response, "Enter the final score")


def test_once_a_hand_is_saved_the_pegboard_is_not_offered(client, game):
    path = link_path(game, game.pair_a)
    games_services.hand_record(game=game, data={"bidder": 1, "bid": 2, "points": [2, 2]})

    assertNotContains(client.get(path), "Enter the final score")
    response = client.get(path + "result/", follow=True)

    assert response.redirect_chain == [(path, 302)]
    assertContains(response, "This game is being entered hand by hand")
    assert "result_form" not in response.context


def test_a_game_with_its_result_does_not_offer_the_pegboard_again(client, game):
    post(client, game, game.pair_a, "result", result_for(game))
    path = link_path(game, game.pair_b)

    response = client.get(path + "result/", follow=True)

    assert response.redirect_chain == [(path, 302)]
    assertContains(response, "This game already has its result.")
    assertNotContains(response, "Enter the final score")


def test_result_page_queries(client, game, django_assert_num_queries):
    """The pegboard's page reads what the main page reads for its header, no more: the
    code's club, the link's game with its night, its (no) hands, the pairs' seats and
    substitutes, and whether its round has begun."""
    path = link_path(game, game.pair_a)
    with CaptureQueriesContext(connection) as main:
        assert client.get(path).status_code == 200

    with django_assert_num_queries(6):
        assert client.get(path + "result/").status_code == 200
    assert len(main) == 6


def test_a_redraw_revokes_every_table_link_of_the_night(client, client_as, director):
    night = night_with_schedule(4, confirm_results=True)
    games = list(Game.objects.filter(night=night))
    printed = [link_path(game, pair) for game in games for pair in game.pairs]
    path = reverse("scoring:night-draw-again", args=[night.pk])

    asked = client_as(director).get(path)
    client_as(director).post(path)

    assertContains(asked, "The table links printed or shown so far: they stop working")
    for link in printed:
        assertContains(client.get(link), "revoked by the director", status_code=403)
    for game in Game.objects.filter(night=night):
        assert game.link_version == 2
        latest = audit.game_trail(game)[0]
        assert latest.who == director.username
        assert ("link version", "1", "2") in latest.changes
        assert client.get(link_path(game, game.pair_a)).status_code == 200  # the new ones


def test_a_swap_revokes_the_links_of_the_two_pairs_it_changes(client, client_as, director):
    night = night_with_schedule(4)
    before = {game.pk: game.link_version for game in Game.objects.filter(night=night)}
    draw = client_as(director).get(reverse("scoring:night-draw", args=[night.pk]))
    seating = draw.context["swap_form"].initial["seating"]

    client_as(director).post(
        reverse("scoring:night-swap", args=[night.pk]),
        {"first": "1", "second": "3", "seating": seating},  # pair 1 and pair 2 change
    )

    for game in Game.objects.filter(night=night):
        changed = bool({1, 2} & set(game.pairs))
        assert game.link_version == before[game.pk] + changed, game


def test_a_refused_redraw_leaves_the_links_alone(client_as, director):
    night = night_with_schedule(4)
    game = Game.objects.filter(night=night).first()
    games_services.hand_record(game=game, data={"bidder": game.pair_a, "bid": 2, "points": [2, 1]})

    client_as(director).post(reverse("scoring:night-draw-again", args=[night.pk]))

    assert set(Game.objects.filter(night=night).values_list("link_version", flat=True)) == {1}


def test_confirming_twice_names_who_confirmed_in_the_pages_language(client, game):
    post(client, game, game.pair_a, "result", result_for(game))
    phone_b = Phone()
    post(phone_b, game, game.pair_b, "confirm")

    again = phone_b.post(
        link_path(game, game.pair_b) + "confirm/", follow=True, HTTP_ACCEPT_LANGUAGE="fr"
    )

    assertContains(again, f"paire {game.pair_b} (lien de table)")
    assertNotContains(again, "(table link)")
