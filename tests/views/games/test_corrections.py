"""After a hand is saved the board and the hand stay in view with the next form; a
re-opened game offers "Correct a hand" and "Done correcting"; a director restores a hand
or a pegboard result from the audit trail, through the rules core again."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.models import Game, Hand
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db


def game_of(night) -> Game:
    return Game.objects.get(night=night, round=1, table=1)


def bid(game, pair, points=2) -> dict:
    """``pair`` bids ``points`` and takes High and Low."""
    return {"bidder": pair, "bid": points, "high": pair, "low": pair}


def page(client, game):
    return client.get(reverse("scoring:game-detail", args=[game.pk]))


def history_of(hand_id: int, kind: str):
    return Hand.history.filter(id=hand_id, history_type=kind).latest("history_date")


# --- after a hand is saved ----------------------------------------------------------------


def test_saved_hand_stays_in_view_with_the_next_form(client_as, scorer):
    game = game_of(night_with_schedule(3))
    client = client_as(scorer)
    form = page(client, game).context["hand_form"]
    data = {"bidder": game.pair_a, "bid": 2, "high": game.pair_a, "low": game.pair_a}
    data |= {"position": 1, "jack": "", "game": ""}

    response = client.post(reverse("scoring:game-detail", args=[game.pk]), data)

    assert response.status_code == 302
    assert response["Location"].endswith(f"/games/{game.pk}/?saved=1#entry"), form
    shown = client.get(response["Location"])
    entry = shown.content.decode().split('id="entry"')[1]
    assert "Hand 1 saved." in entry.split("<form")[0]
    assert entry.index("Hand 1 saved.") < entry.index("<h2>Hand 2</h2>")
    assertContains(shown, '<tr class="saved even">', html=False)
    assert shown.context["saved_table"].rows[0].record.number == 1


def test_a_made_up_saved_number_is_ignored(client_as, scorer):
    game = game_of(night_with_schedule(3))
    response = client_as(scorer).get(reverse("scoring:game-detail", args=[game.pk]) + "?saved=9")
    assert response.context["saved"] is None
    assertNotContains(response, "saved.</strong>")


# --- a re-opened game ---------------------------------------------------------------------


def finished_by_hands(game):
    for _ in range(6):
        games_services.hand_record(game=game, data=bid(game, game.pair_a))
    game.refresh_from_db()
    assert game.finished
    return game


def test_reopened_game_offers_corrections_not_a_hand_form(client_as, director):
    game = finished_by_hands(game_of(night_with_schedule(3)))
    games_services.game_reopen(game=game, user=director)
    client = client_as(director)

    response = page(client, game)

    assertContains(response, "Correct a hand")
    assertContains(response, "Done correcting")
    assertNotContains(response, 'id="entry"')

    done = client.post(reverse("scoring:game-done-correcting", args=[game.pk]), follow=True)
    assertContains(done, "Done correcting: the game is finished again")
    game.refresh_from_db()
    assert not game.reopened


def test_done_correcting_is_refused_while_nobody_has_won(director):
    game = finished_by_hands(game_of(night_with_schedule(3)))
    games_services.game_reopen(game=game, user=director)
    games_services.hand_delete(hand=game.hands.last(), user=director)
    game.refresh_from_db()
    from scoring.games.corrections import game_done_correcting

    with pytest.raises(Exception, match="has no winner now"):
        game_done_correcting(game=game, user=director)


# --- restore from the audit trail ---------------------------------------------------------


def test_director_restores_a_deleted_hand(client_as, director):
    game = game_of(night_with_schedule(3))
    first = games_services.hand_record(game=game, data=bid(game, game.pair_a))
    games_services.hand_record(game=game, data=bid(game, game.pair_b, 3))
    games_services.hand_delete(hand=first, user=director)
    record = history_of(first.pk, "-")
    client = client_as(director)
    assertContains(page(client, game), reverse("scoring:hand-restore", args=[record.history_id]))

    response = client.post(reverse("scoring:hand-restore", args=[record.history_id]), follow=True)

    assertContains(response, "Restored as it was on")
    restored = Hand.objects.get(pk=first.pk)
    assert restored.position == first.position and restored.bidder == game.pair_a
    game.refresh_from_db()
    # Pair a's 2 made again, beside pair b's bid of 3 set: the rules core folded both.
    assert (game.score_a, game.score_b) == (2, -3)


def test_director_restores_a_hand_as_it_was_before_a_correction(director):
    game = game_of(night_with_schedule(3))
    hand = games_services.hand_record(game=game, data=bid(game, game.pair_a))
    games_services.hand_correct(hand=hand, data=bid(game, game.pair_a, 3), version=1, user=director)
    first_version = Hand.history.filter(id=hand.pk).earliest("history_date")

    from scoring.games.corrections import hand_restore

    hand_restore(record=first_version, user=director)
    hand.refresh_from_db()
    assert hand.bid == 2


def test_restore_that_no_longer_fits_says_why(client_as, director):
    game = game_of(night_with_schedule(3))
    first = games_services.hand_record(game=game, data=bid(game, game.pair_a))
    games_services.hand_delete(hand=first, user=director)
    games_services.hand_record(game=game, data=bid(game, game.pair_b))  # takes its place
    record = history_of(first.pk, "-")

    response = client_as(director).post(
        reverse("scoring:hand-restore", args=[record.history_id]), follow=True
    )

    assertContains(response, "Not restored: Another hand was entered in its place")
    assert not Hand.objects.filter(pk=first.pk).exists()


def test_restore_a_pegboard_result(client_as, director):
    night = night_with_schedule(3)
    play_out(night)
    game = game_of(night)
    first_result = Game.history.filter(id=game.pk, winner__isnull=False).earliest("history_date")
    games_services.game_result_clear(game=game, user=director)
    winner = game.pair_b
    games_services.game_result_record(
        game=game,
        result={
            "winner": winner,
            "score": [5, 11] if winner == game.pair_b else [11, 5],
            "cinches": [0, 0],
        },
        user=director,
    )

    client_as(director).post(reverse("scoring:result-restore", args=[first_result.history_id]))

    game.refresh_from_db()
    assert game.winner == first_result.winner


def test_scorers_cannot_restore(client_as, scorer, director):
    game = game_of(night_with_schedule(3))
    hand = games_services.hand_record(game=game, data=bid(game, game.pair_a))
    games_services.hand_delete(hand=hand, user=director)
    record = history_of(hand.pk, "-")
    response = client_as(scorer).post(reverse("scoring:hand-restore", args=[record.history_id]))
    assert response.status_code == 403
    assertNotContains(page(client_as(scorer), game), "restore this")


def test_history_names_the_seats_in_words(client_as, scorer):
    game = game_of(night_with_schedule(3))
    response = page(client_as(scorer), game)
    assertContains(response, "<code>first pair</code>", html=False)
    assertNotContains(response, "<code>pair a</code>", html=False)


def test_a_hand_is_not_put_back_beside_a_pegboard_result(director):
    game = game_of(night_with_schedule(3))
    first = games_services.hand_record(game=game, data=bid(game, game.pair_a))
    games_services.hand_delete(hand=first, user=director)
    games_services.game_result_record(
        game=game,
        result={"winner": game.pair_a, "score": [11, 5], "cinches": [0, 0]},
        user=director,
    )
    from scoring.games.corrections import hand_restore

    with pytest.raises(ValidationError, match="has a pegboard result now: clear it"):
        hand_restore(record=history_of(first.pk, "-"), user=director)
    assert not Hand.objects.filter(pk=first.pk).exists()


def test_a_pegboard_result_is_not_put_back_beside_hands(director):
    night = night_with_schedule(3)
    play_out(night)
    game = game_of(night)
    result = Game.history.filter(id=game.pk, winner__isnull=False).earliest("history_date")
    games_services.game_result_clear(game=game, user=director)
    games_services.hand_record(game=game, data=bid(game, game.pair_a))
    from scoring.games.corrections import result_restore

    with pytest.raises(ValidationError, match="has hands entered now"):
        result_restore(record=result, user=director)
    game.refresh_from_db()
    assert game.winner is None


def test_a_cleared_pegboard_result_is_put_back(director):
    night = night_with_schedule(3)
    play_out(night)
    game = game_of(night)
    result = Game.history.filter(id=game.pk, winner__isnull=False).earliest("history_date")
    games_services.game_result_clear(game=game, user=director)
    from scoring.games.corrections import result_restore

    result_restore(record=result, user=director)

    game.refresh_from_db()
    assert (game.winner, game.score_a, game.score_b) == (
        result.winner,
        result.score_a,
        result.score_b,
    )


def test_restoring_a_hand_of_a_deleted_game_says_there_is_nothing_to_restore(client_as, director):
    game = game_of(night_with_schedule(3))
    hand = games_services.hand_record(game=game, data=bid(game, game.pair_a))
    record = history_of(hand.pk, "+")
    game.delete()  # as the admin deletes it

    response = client_as(director).post(
        reverse("scoring:hand-restore", args=[record.history_id]), follow=True
    )

    assertContains(response, "That game is no longer on the site: nothing to restore.")
    assert response.redirect_chain[-1][0] == reverse("scoring:home")
    assert not Hand.objects.exists()


def test_done_correcting_is_refused_on_a_game_not_reopened(director):
    game = game_of(night_with_schedule(3))
    from scoring.games.corrections import game_done_correcting

    with pytest.raises(ValidationError, match="is not re-opened: there is nothing to close"):
        game_done_correcting(game=game, user=director)


def test_a_record_without_a_pegboard_result_is_not_put_back(director):
    game = game_of(night_with_schedule(3))
    created = Game.history.filter(id=game.pk).earliest("history_date")  # no result yet
    from scoring.games.corrections import result_restore

    with pytest.raises(ValidationError, match="holds no pegboard result to put back"):
        result_restore(record=created, user=director)
