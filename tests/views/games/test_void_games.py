"""A game made void by ending the night early takes no entry until the night is re-opened.

Ending the night early voids every game not finished by then (rules.md); a result entered
afterwards would otherwise finish it and change the standings and the payout that were
announced. Every way into a game refuses it, with the same words: the game page (hands,
pegboard result, confirmation), the table's and the pair's phone links, the round board's
confirmation and the admin; re-opening the night lets it be entered again.
"""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import confirmation
from scoring.games import services as games_services
from scoring.links.tokens import link_path
from scoring.models import Game, Hand
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from tests.factories import ScorerFactory, night_with_schedule, play_out
from tests.phones import code_path, game_path

pytestmark = pytest.mark.django_db

# Four pairs; round 3 (1 v 4 at table 1, 2 v 3 at table 2) not finished when it ends.
LEFT = [(1, 4), (2, 3)]
HAND = {"bidder": 1, "bid": 2, "high": 1, "low": 1, "jack": 4, "game": 1}
VOID = (
    "Short night was ended early, before round 3, table 1 was finished: this game does not "
    "count. A director must re-open the night ended early before it is entered."
)
VOID_FR = (
    "Short night a été terminée plus tôt, avant la fin de la partie du tour 3, table 1 : "
    "cette partie ne compte pas. Un directeur doit rouvrir la soirée terminée plus tôt "
    "avant qu’on la saisisse."
)


def ended_early(**settings):
    """The night ended after round 2, round 3's first game holding one hand."""
    night = night_with_schedule(4, name="Short night", tiebreak="pegs", **settings)
    play_out(night, leave=LEFT)
    game = Game.objects.get(night=night, round=3, table=1)
    games_services.hand_record(game=game, data=HAND)
    results_services.night_end_early(night=night)
    night.refresh_from_db()
    return night, Game.objects.get(pk=game.pk)


def standings(night) -> dict:
    return results_selectors.night_standings(night)


def won_per_pair(night) -> dict[int, int]:
    return {row["pair"]: row["wins"] for row in standings(night)["standings"]}


def test_a_hand_into_a_void_game_is_refused_and_nothing_counts(scorer):
    night, game = ended_early()
    before = won_per_pair(night)

    with pytest.raises(ValidationError) as refused:
        games_services.hand_record(game=game, data=HAND, user=scorer)

    assert refused.value.messages == [VOID]
    assert Hand.objects.filter(game=game).count() == 1
    assert won_per_pair(night) == before
    assert len(standings(night)["void_games"]) == 2


def test_a_pegboard_result_into_a_void_game_is_refused(scorer):
    night, _ = ended_early()
    game = Game.objects.get(night=night, round=3, table=2)
    result = {"winner": 2, "score": [11, 4], "cinches": [0, 0]}

    with pytest.raises(ValidationError) as refused:
        games_services.game_result_record(game=game, result=result, user=scorer)

    assert refused.value.messages == [VOID.replace("table 1", "table 2")]
    game.refresh_from_db()
    assert (game.winner, game.from_pegboard) == (None, False)


def test_the_game_page_says_why_and_offers_no_entry(client_as, scorer):
    night, game = ended_early()
    client = client_as(scorer)

    page = client.get(reverse("scoring:game-detail", args=[game.pk]))

    assertContains(page, VOID)
    assert not page.context["actions"]["enter_hand"]
    assert not page.context["actions"]["enter_result"]
    assertNotContains(page, "Save hand")


def test_the_game_page_says_it_in_french(client_as, scorer):
    night, game = ended_early()

    page = client_as(scorer).get(
        reverse("scoring:game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert page.context["void"] == VOID_FR


def test_a_hand_posted_on_the_game_page_is_refused_beside_the_form(client_as, scorer):
    night, game = ended_early()
    data = {"bidder": "1", "bid": "2", "high": "1", "low": "1", "jack": "4", "game": "1"}

    page = client_as(scorer).post(reverse("scoring:game-detail", args=[game.pk]), data)

    assertContains(page, VOID)
    assert Hand.objects.filter(game=game).count() == 1


def test_the_table_link_says_why_and_the_pairs_code_what_it_means(client):
    night, game = ended_early()

    table_link = client.get(link_path(game, game.pair_a))
    posted = client.post(link_path(game, game.pair_a), {"bidder": "1", "bid": "2"})
    pair_code = client.get(code_path(night, 4))
    posted_there = client.post(game_path(night, 4, game), {"bidder": "1", "bid": "2"})

    assert table_link.status_code == posted.status_code == posted_there.status_code == 403
    assertContains(table_link, VOID, status_code=403)
    assertContains(pair_code, "The director ended the night early")
    assertContains(posted_there, VOID, status_code=403)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_result_awaiting_confirmation_stays_void(client_as, scorer):
    night = night_with_schedule(4, name="Short night", confirm_results=True)
    play_out(night, leave=LEFT)
    for finished in Game.objects.filter(night=night, winner__isnull=False):
        confirmation.game_result_confirm(game=finished, user=ScorerFactory())
    game = Game.objects.get(night=night, round=3, table=1)
    result = {"winner": 1, "score": [11, 4], "cinches": [0, 0]}
    games_services.game_result_record(game=game, result=result, user=scorer)
    results_services.night_end_early(night=night)
    night.refresh_from_db()
    second = client_as(ScorerFactory(username="second"))

    on_page = second.post(reverse("scoring:game-confirm", args=[game.pk]), follow=True)
    on_board = second.post(
        reverse("scoring:night-round-confirm", args=[night.pk, 3]),
        {"game": [f"{game.pk}-{Game.objects.get(pk=game.pk).version}"]},
        follow=True,
    )

    assertContains(on_page, VOID)
    assertContains(on_board, VOID)
    assert not Game.objects.get(pk=game.pk).confirmed
    assert len(standings(night)["void_games"]) == 2


def test_the_admin_adds_no_hand_to_a_void_game(admin_client):
    night, game = ended_early()
    cards = '{"high": 1, "low": 1, "jack": 4, "game": 1}'
    data = {"game": game.pk, "position": 2, "bidder": 1, "bid": 2, "cards": cards}
    data |= {"points": "null"}

    page = admin_client.post(reverse("admin:scoring_hand_add"), data)

    assertContains(page, VOID)
    assert Hand.objects.filter(game=game).count() == 1


def test_re_opened_the_night_takes_the_game_again(scorer):
    night, game = ended_early()

    results_services.night_end_early_undo(night=night)
    games_services.hand_record(game=game, data=HAND, user=scorer)

    assert Hand.objects.filter(game=game).count() == 2


def test_a_play_off_after_the_night_ended_early_is_entered(scorer):
    night, _ = ended_early()
    playoff = Game.objects.create(night=night, is_playoff=True, pair_a=2, pair_b=3)

    hand = {"bidder": 2, "bid": 2, "high": 2, "low": 2, "jack": 3, "game": 2}
    games_services.hand_record(game=playoff, data=hand, user=scorer)

    assert Hand.objects.filter(game=playoff).count() == 1
