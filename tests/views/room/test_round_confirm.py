"""Confirming a round's results from the round board: a round whose results are in but
not confirmed says "awaiting confirmation", and a second person confirms them all at once
on a page that shows each result as entered."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.links.tokens import link_path
from scoring.models import Game
from tests.factories import ScorerFactory, night_with_schedule
from tests.phones import Phone

pytestmark = pytest.mark.django_db


def round_one_entered(scorer):
    """A 6-pair night that confirms results, round 1's three results typed by ``scorer``."""
    night = night_with_schedule(6, confirm_results=True)
    games = list(Game.objects.filter(night=night, round=1).order_by("table"))
    for game in games:
        result = {"winner": game.pair_a, "score": [11, 4 + game.table], "cinches": [0, 1]}
        games_services.game_result_record(game=game, result=result, user=scorer)
    return night, [Game.objects.get(pk=game.pk) for game in games]


def board(client, night):
    return client.get(reverse("scoring:night-round", args=[night.pk]))


def confirm_url(night, number=1):
    return reverse("scoring:night-round-confirm", args=[night.pk, number])


def test_results_in_but_unconfirmed_await_confirmation(client_as, scorer):
    night, games = round_one_entered(scorer)

    response = board(client_as(scorer), night)

    assertContains(response, "0 of 3 tables still to report, 3 awaiting confirmation")
    assertContains(response, "Confirm round 1's results (3)")
    assertContains(response, f'href="{confirm_url(night)}"')


def test_the_confirmation_page_shows_each_result_as_entered(client_as, scorer):
    night, games = round_one_entered(scorer)

    response = client_as(ScorerFactory(username="second")).get(confirm_url(night))

    for game in games:
        assertContains(response, f'value="{game.pk}-{game.version}"')
        assertContains(response, f"11 – {4 + game.table}")
    assertContains(response, "0 – 1")
    assertContains(response, "<td>scorer</td>", count=3)


def test_a_second_scorer_confirms_the_whole_round(client_as, scorer):
    night, games = round_one_entered(scorer)
    second = client_as(ScorerFactory(username="second"))
    ticked = [f"{game.pk}-{game.version}" for game in games[:2]]

    response = second.post(confirm_url(night), {"game": ticked}, follow=True)

    assertContains(response, "2 results confirmed: they now count in the standings.")
    states = {game.pk: Game.objects.get(pk=game.pk) for game in games}
    assert [states[game.pk].confirmed for game in games] == [True, True, False]
    assert states[games[0].pk].confirmed_by == "second"
    assertContains(response, "0 of 3 tables still to report, 1 awaiting confirmation")


def test_the_scorer_who_entered_them_cannot_confirm_them(client_as, scorer):
    night, games = round_one_entered(scorer)
    ticked = [f"{game.pk}-{game.version}" for game in games]

    response = client_as(scorer).post(confirm_url(night), {"game": ticked}, follow=True)

    assertContains(response, "must be confirmed by someone other than who entered it", count=3)
    assert not Game.objects.filter(night=night, confirmed=True, round=1).exists()


def test_a_result_changed_since_the_page_was_shown_is_not_confirmed(client_as, scorer):
    night, games = round_one_entered(scorer)
    shown = [f"{game.pk}-{game.version}" for game in games]
    first = games[0]
    games_services.game_result_clear(game=first, user=scorer)
    result = {"winner": first.pair_b, "score": [3, 11], "cinches": [0, 0]}
    games_services.game_result_record(game=first, result=result, user=scorer)

    response = client_as(ScorerFactory(username="second")).post(
        confirm_url(night), {"game": shown}, follow=True
    )

    assertContains(response, "changed since the page was shown")
    assert not Game.objects.get(pk=first.pk).confirmed
    assert Game.objects.filter(night=night, round=1, confirmed=True).count() == 2


def test_a_disputed_result_is_settled_alone(client, client_as, scorer):
    night, games = round_one_entered(scorer)
    disputed = games[0]
    Game.objects.filter(pk=disputed.pk).update(dispute="pair 2 (table link): 11 – 3")

    response = client_as(ScorerFactory(username="second")).get(confirm_url(night))

    assertNotContains(response, f'value="{disputed.pk}-')
    assertContains(response, f'value="{games[1].pk}-')


def dispute(game: Game) -> None:
    """The second pair disputes the result through its table link."""
    Phone().post(link_path(game, game.pair_b) + "dispute/", {"reason": "we had 8"})


@pytest.mark.parametrize(
    ("language", "current", "other"),
    [
        pytest.param(
            "en",
            "0 of 3 tables still to report, 2 awaiting confirmation, 1 disputed",
            "Round 2: all results in, 2 awaiting confirmation, 1 disputed",
            id="en",
        ),
        pytest.param(
            "fr",
            "sur 3 tables, 0 encore à rendre, 2 en attente de confirmation, 1 contestée",
            "Tour 2 : tous les résultats sont entrés, 2 en attente de confirmation, 1 contestée",
            id="fr",
        ),
    ],
)
def test_a_disputed_result_is_counted_as_disputed(client_as, scorer, language, current, other):
    night, games = round_one_entered(scorer)
    for game in Game.objects.filter(night=night, round=2):
        result = {"winner": game.pair_a, "score": [11, 4], "cinches": [0, 0]}
        games_services.game_result_record(game=game, result=result, user=scorer)
    dispute(games[0])
    dispute(Game.objects.filter(night=night, round=2).first())
    client = client_as(scorer)
    client.cookies["django_language"] = language

    response = board(client, night)

    assertContains(response, current)
    assertContains(response, other)  # a round past the current one, folded
    if language == "en":
        assertContains(response, "Confirm round 1's results (2)")


def test_only_scorers_confirm_and_an_unknown_round_is_not_found(client, client_as, scorer):
    night, games = round_one_entered(scorer)
    assert client.get(confirm_url(night)).status_code in (302, 403)
    assert client_as(scorer).get(confirm_url(night, 99)).status_code == 404
