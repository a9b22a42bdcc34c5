"""Entering a game: hands recorded, corrected and deleted, pegboard results, re-opening.

Every service asks the rules core before it saves, stores the game's totals from its
answer, and leaves the database as it was when it refuses.
"""

import datetime

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from simple_history.models import HistoricalRecords

from scoring.clubs.roles import DIRECTOR, SCORER
from scoring.core.records import errors
from scoring.core.records.documents import hand_data
from scoring.games import services as games_services
from scoring.models import Game, Hand
from scoring.nights import services as nights_services
from scoring.rules import play_game
from scoring.rules.variants import get_variant
from tests.factories import give_role

pytestmark = pytest.mark.django_db


def hand(bidder=1, bid=2, high=1, low=1, jack=None, game=None) -> dict:
    return {"bidder": bidder, "bid": bid, "high": high, "low": low, "jack": jack, "game": game}


MONEY_MADE = hand(bid="money", high=1, low=1, jack=1, game=1)
ALL_FOUR = hand(bid=4, high=1, low=1, jack=1, game=1)  # pair 1 pegs 4


def build_night():
    """Ann, Bob, Cy and Di; their one game (the ``game`` fixture), not drawn."""
    night = nights_services.night_create(
        name="Tuesday",
        date=datetime.date(2026, 11, 17),
        variant="club11",
        player_names=["Ann", "Bob", "Cy", "Di"],
    )
    Game.objects.create(night=night, round=1, table=1, pair_a=1, pair_b=2)
    return night


@pytest.fixture
def scorer() -> User:
    user = User.objects.create_user("scorer", password="scorer-password")
    give_role(user, SCORER)
    return user


@pytest.fixture
def director() -> User:
    user = User.objects.create_user("director", password="director-password", is_staff=True)
    give_role(user, DIRECTOR)
    return user


def totals(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.score_a, game.score_b, game.cinches_a, game.cinches_b, game.winner)


def rows() -> tuple[int, int, int]:
    """What a refused change must leave alone: hands, their history, the games' history."""
    return Hand.objects.count(), Hand.history.count(), Game.history.count()


def folded(game: Game) -> tuple:
    """The totals the rules core gives for the game's stored hands."""
    hands = [hand_data(h) for h in game.hands.order_by("position")]
    state = play_game(get_variant("club11"), game.pairs, hands)
    return (*state.scores, *state.cinches, state.winner)


def test_hand_record_stores_the_hand_and_the_rules_totals(game, scorer):
    games_services.hand_record(game=game, data=hand(bid=2, high=1, low=2, game=1), user=scorer)
    games_services.hand_record(game=game, data={"passed": True}, user=scorer)
    games_services.hand_record(game=game, data=hand(bidder=2, bid=3, high=1, low=1, game=2))
    last = games_services.hand_record(game=game, data={"bidder": 1, "bid": 2, "points": [1, 2]})

    assert [h.position for h in game.hands.all()] == [1, 2, 3, 4]
    assert hand_data(last) == {"bidder": 1, "bid": 2, "points": [1, 2]}
    assert last.entered_by is None
    assert game.hands.first().entered_by == scorer
    assert totals(game) == folded(game) == (2, 0, 1, 1, None)
    assert game.version == 5


@pytest.mark.parametrize(
    ("data", "field"),
    [
        pytest.param(hand(bid=7), "bid", id="bid-out-of-range"),
        pytest.param(hand(high=3), "high", id="card-to-a-pair-not-playing"),
        pytest.param({"bidder": 1, "bid": 2, "points": [5, 0]}, "points", id="impossible-points"),
        pytest.param(hand() | {"revoke": 2}, "revoke", id="revoke-in-club11"),
    ],
)
def test_an_invalid_hand_is_refused_beside_its_field(game, data, field):
    games_services.hand_record(game=game, data=hand(high=1, low=1, game=1))
    before, game_before = rows(), totals(game)

    with pytest.raises(ValidationError) as refused:
        games_services.hand_record(game=game, data=data)

    assert list(refused.value.message_dict) == [field]
    assert rows() == before
    assert totals(game) == game_before


def test_a_game_holds_at_most_300_hands_passed_deals_included(game):
    Hand.objects.bulk_create(
        Hand(game=game, position=position, passed=True) for position in range(1, 301)
    )
    before, game_before = rows(), totals(game)

    with pytest.raises(ValidationError) as refused:
        games_services.hand_record(game=game, data={"passed": True})

    assert refused.value.messages == [
        "hands: a game holds at most 300 hands, passed deals included: this one would have 301"
    ]
    assert rows() == before
    assert totals(game) == game_before


def test_money_made_wins_the_game_at_once(game):
    games_services.hand_record(game=game, data=hand(bidder=2, bid=2, high=2, low=2))

    games_services.hand_record(game=game, data=MONEY_MADE)

    game.refresh_from_db()
    assert game.money_bid is True
    assert totals(game) == (0, 2, 0, 0, 1)


def test_a_hand_after_the_game_is_won_is_refused(game, scorer, director):
    games_services.hand_record(game=game, data=MONEY_MADE)
    before = rows()

    with pytest.raises(ValidationError, match="is finished: ask a director"):
        games_services.hand_record(game=game, data=hand(), user=scorer)
    with pytest.raises(ValidationError, match="already won by pair 1: no hand may follow"):
        games_services.hand_record(game=game, data=hand(), user=director)

    assert rows() == before


def test_hand_correct_with_the_current_version_saves(game, scorer):
    first = games_services.hand_record(game=game, data=hand(high=1, low=1), user=scorer)

    corrected = games_services.hand_correct(
        hand=first, data=hand(bidder=2, bid=3, high=2, low=2, game=2), version=1, user=scorer
    )

    assert corrected.version == 2
    assert hand_data(Hand.objects.get()) == hand(bidder=2, bid=3, high=2, low=2, game=2)
    assert totals(game) == folded(game) == (0, 3, 0, 0, None)


def test_hand_correct_with_an_old_version_changes_nothing(game):
    first = games_services.hand_record(game=game, data=hand(high=1, low=1))
    games_services.hand_correct(hand=first, data=hand(high=1, low=2), version=1)
    before, game_before = rows(), totals(game)

    with pytest.raises(errors.StaleVersion, match="changed by someone else"):
        games_services.hand_correct(hand=first, data=hand(high=2, low=2), version=1)

    assert rows() == before
    assert totals(game) == game_before
    assert hand_data(Hand.objects.get()) == hand(high=1, low=2)


def test_a_correction_that_leaves_later_hands_after_the_win_is_refused(game):
    first = games_services.hand_record(game=game, data=hand(high=1, low=1))
    games_services.hand_record(game=game, data=hand(bidder=2, high=2, low=2))
    before, game_before = rows(), totals(game)

    with pytest.raises(ValidationError) as refused:
        games_services.hand_correct(hand=first, data=MONEY_MADE, version=1)

    assert "hands[1]: the game was already won by pair 1" in str(refused.value)
    assert rows() == before
    assert totals(game) == game_before
    assert hand_data(Hand.objects.get(position=1)) == hand(high=1, low=1)


def test_hand_delete_folds_the_remaining_hands_again(game):
    games_services.hand_record(game=game, data=ALL_FOUR)
    second = games_services.hand_record(game=game, data=hand(bidder=2, bid=3, high=1, low=1))
    games_services.hand_record(game=game, data=hand(bidder=2, bid=2, high=2, low=2))
    assert totals(game) == (6, -1, 0, 1, None)

    games_services.hand_delete(hand=second)

    assert [hand_data(h) for h in game.hands.all()] == [ALL_FOUR, hand(bidder=2, high=2, low=2)]
    assert totals(game) == folded(game) == (4, 2, 0, 0, None)


def test_deleting_the_last_hand_clears_the_totals(game):
    only = games_services.hand_record(game=game, data=ALL_FOUR)

    games_services.hand_delete(hand=only)

    assert totals(game) == (0, 0, 0, 0, None)
    assert not game.started


def finish_by_hands(game) -> list[Hand]:
    hands = [games_services.hand_record(game=game, data=ALL_FOUR) for _ in range(3)]
    assert totals(game)[-1] == 1
    return hands


def test_a_finished_game_refuses_a_scorers_change_until_reopened(game, scorer, director):
    *_, last = finish_by_hands(game)
    smaller = hand(bid=2, high=1, low=1)
    before = rows()

    with pytest.raises(ValidationError, match="ask a director to re-open it"):
        games_services.hand_correct(hand=last, data=smaller, version=1, user=scorer)
    with pytest.raises(ValidationError, match="ask a director to re-open it"):
        games_services.hand_delete(hand=last, user=scorer)
    assert rows() == before

    games_services.game_reopen(game=game, user=director)
    games_services.hand_correct(hand=last, data=smaller, version=1, user=scorer)

    game.refresh_from_db()
    assert (game.winner, game.reopened) == (None, True)
    assert totals(game) == (10, 0, 0, 0, None)


def test_finishing_a_reopened_game_closes_it_again(game, scorer, director):
    *_, last = finish_by_hands(game)
    games_services.game_reopen(game=game, user=director)

    games_services.hand_correct(hand=last, data=MONEY_MADE, version=1, user=scorer)

    game.refresh_from_db()
    assert (game.winner, game.money_bid, game.reopened) == (1, True, False)


def test_a_director_may_always_correct(game, director):
    *_, last = finish_by_hands(game)

    games_services.hand_correct(
        hand=last, data=hand(bid=2, high=1, low=1), version=1, user=director
    )

    assert totals(game) == (10, 0, 0, 0, None)


def test_game_reopen_needs_a_finished_game(game, director):
    with pytest.raises(ValidationError, match="not finished"):
        games_services.game_reopen(game=game, user=director)


RESULT = {"winner": 2, "score": [7, 11], "cinches": [2, 1]}


def test_game_result_record_stores_the_pegboard_totals(game, scorer):
    games_services.game_result_record(game=game, result=RESULT, user=scorer)

    game.refresh_from_db()
    assert game.from_pegboard is True
    assert totals(game) == (7, 11, 2, 1, 2)


def test_game_result_record_refuses_a_winner_short_of_the_target(game):
    with pytest.raises(ValidationError) as refused:
        games_services.game_result_record(game=game, result=RESULT | {"score": [7, 9]})

    assert list(refused.value.message_dict) == ["score"]
    assert "short of the target 11" in refused.value.message_dict["score"][0]
    game.refresh_from_db()
    assert (game.from_pegboard, totals(game)) == (False, (0, 0, 0, 0, None))


def test_game_result_record_refuses_a_game_with_hands(game):
    games_services.hand_record(game=game, data=ALL_FOUR)

    with pytest.raises(ValidationError, match="already has hands"):
        games_services.game_result_record(game=game, result=RESULT)

    game.refresh_from_db()
    assert (game.from_pegboard, totals(game)) == (False, (4, 0, 0, 0, None))


def test_a_pegboard_game_takes_no_hands(game):
    games_services.game_result_record(game=game, result=RESULT)
    games_services.game_reopen(game=game)

    with pytest.raises(ValidationError, match="typed from the pegboard"):
        games_services.hand_record(game=game, data=ALL_FOUR)


def test_game_result_clear(game, scorer, director):
    games_services.game_result_record(game=game, result=RESULT, user=scorer)
    with pytest.raises(ValidationError, match="ask a director"):
        games_services.game_result_clear(game=game, user=scorer)

    games_services.game_result_clear(game=game, user=director)

    game.refresh_from_db()
    assert (game.from_pegboard, totals(game)) == (False, (0, 0, 0, 0, None))
    games_services.hand_record(game=game, data=ALL_FOUR, user=scorer)


def test_every_change_is_in_the_history_with_its_user(game, scorer, director):
    first = games_services.hand_record(game=game, data=ALL_FOUR, user=scorer)
    hand_id = first.pk
    games_services.hand_correct(hand=first, data=hand(), version=1, user=director)
    games_services.hand_delete(hand=first, user=scorer)
    games_services.game_result_record(game=game, result=RESULT, user=scorer)
    games_services.game_reopen(game=game, user=director)
    games_services.game_result_clear(game=game, user=scorer)

    hand_records = Hand.history.filter(id=hand_id).order_by("history_date")
    assert [(r.history_type, r.history_user) for r in hand_records] == [
        ("+", scorer),
        ("~", director),
        ("-", scorer),
    ]
    # The deletion records the hand as stored, not the caller's out-of-date copy.
    assert [r.bid for r in hand_records] == [4, 2, 2]
    game_records = Game.history.filter(id=game.pk).order_by("history_date")
    assert [(r.history_user, r.winner, r.reopened) for r in game_records] == [
        (None, None, False),  # created here without a service
        (scorer, None, False),  # hand recorded
        (director, None, False),  # hand corrected
        (scorer, None, False),  # hand deleted
        (scorer, 2, False),  # result typed
        (director, 2, True),  # re-opened
        (scorer, None, True),  # result cleared
    ]


def test_history_outside_a_request_leaves_no_author_behind(game, scorer):
    games_services.hand_record(game=game, data=hand(), user=scorer)

    games_services.hand_record(game=game, data=hand())

    assert not hasattr(HistoricalRecords.context, "request")
    assert Hand.history.get(position=2).history_user is None


def test_history_inside_a_request_keeps_the_request(game, scorer, rf):
    request = rf.post("/")
    request.user = scorer
    HistoricalRecords.context.request = request
    try:
        games_services.hand_record(game=game, data=hand(), user=scorer)
        assert HistoricalRecords.context.request is request
    finally:
        del HistoricalRecords.context.request

    assert Hand.history.get().history_user == scorer


def test_game_result_clear_refuses_a_game_entered_hand_by_hand(game, director):
    # It used to zero the totals of a finished game while its hands stayed.
    finish_by_hands(game)
    before = totals(game)

    with pytest.raises(ValidationError, match="no pegboard result"):
        games_services.game_result_clear(game=game, user=director)

    assert totals(game) == before == folded(game)


def test_hand_correct_of_a_hand_deleted_meanwhile_is_stale(game):
    first = games_services.hand_record(game=game, data=hand())
    Hand.objects.filter(pk=first.pk).delete()

    with pytest.raises(errors.StaleVersion, match="deleted by someone else"):
        games_services.hand_correct(hand=first, data=ALL_FOUR, version=1)


def test_hand_delete_of_a_hand_deleted_meanwhile_is_stale(game):
    first = games_services.hand_record(game=game, data=hand())
    games_services.hand_delete(hand=Hand.objects.get(pk=first.pk))
    before = rows()

    with pytest.raises(errors.StaleVersion, match="deleted by someone else"):
        games_services.hand_delete(hand=first)

    assert rows() == before
