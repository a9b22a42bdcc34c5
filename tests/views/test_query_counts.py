"""Pages cost the same number of queries however big the night or long the game.

A 3-table night (6 pairs) and a 20-table night (40 pairs) take the same number for the
night page; a game of 3 hands and one of 25 take the same number for the game page.
The numbers are pinned: a new query on these pages should be a decision, not an accident.
"""

import pytest
from django.urls import reverse

from scoring.games import services as games_services
from scoring.links.tokens import link_path, link_token
from scoring.models import Game, Night
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

# Every page reads its club first (scoring.clubs.middleware), with the logged-in
# person's role in it, so a role costs no query of its own: 1 for anyone. Session and
# user are 2 more for anyone logged in. The night's
# other tables are 1 more (their players 1 more again when there are any); a director's,
# the night's scorer devices 1 more, and its e-mails to the players counted 1 more (their
# refusals named 1 more when there are any: tests/views/mail).
NIGHT_PAGE = {"anonymous": 5, "scorer": 7, "director": 9}
# The game page reads its substitutes once (names "Zed for Ann" and the panel), and for
# a scorer or director the members to choose a substitute from.
GAME_PAGE = {"anonymous": 7, "scorer": 10, "director": 10}
# A hand saved (issue 14): the game alone (1), then in the service's transaction the game
# locked and its hands (2), the hand and its history row, the game and its history row,
# the night's ``updated_at`` (5), and here the test's savepoint and its release (2). The
# game page's scorer adds its club, session and user (3); the table link its code's club
# (1: the code names its night, the night its club), its entry
# key stored in a savepoint of its own (3: ``games.entries``), whether the game's round
# has begun (1: ``guards.round_before``) and the time its phone was heard from (1, for
# the round board).
HAND_SAVE = {"table link": 16, "game page": 13}
ONE_POINT_EACH = {"bidder": 1, "bid": 2, "high": 1, "low": 2, "jack": None, "game": None}


def build_nights():
    """The nights of 3 and 20 tables every role's count is taken on."""
    return {tables: night_with_schedule(2 * tables) for tables in (3, 20)}


def night_of(module_nights, tables: int) -> Night:
    return Night.objects.get(pk=module_nights[tables])


def played_game(night, hands: int) -> Game:
    """A game of ``hands`` hands still going: mostly passed deals, and a set now and then."""
    game = Game.objects.get(night=night, round=1, table=1)
    for number in range(hands):
        data = ONE_POINT_EACH if number % 5 == 0 else {"passed": True}
        games_services.hand_record(game=game, data=data)
    game.refresh_from_db()
    assert game.winner is None and game.hands.count() == hands
    return game


@pytest.mark.parametrize("role", NIGHT_PAGE)
@pytest.mark.parametrize("tables", [3, 20])
def test_night_page(client_for, django_assert_num_queries, module_nights, role, tables):
    night = night_of(module_nights, tables)
    played_game(night, 3)
    client = client_for(role)

    with django_assert_num_queries(NIGHT_PAGE[role]):
        response = client.get(reverse("scoring:night-detail", args=[night.pk]))

    assert response.status_code == 200
    assert len(response.context["overview"].games) == tables * (2 * tables - 1)


@pytest.mark.parametrize("role", GAME_PAGE)
@pytest.mark.parametrize(("tables", "hands"), [(3, 3), (20, 25)])
def test_game_page(client_for, django_assert_num_queries, module_nights, role, tables, hands):
    game = played_game(night_of(module_nights, tables), hands)
    client = client_for(role)

    with django_assert_num_queries(GAME_PAGE[role]):
        response = client.get(reverse("scoring:game-detail", args=[game.pk]))

    assert response.status_code == 200
    assert len(response.context["hand_table"].rows) == hands


@pytest.mark.parametrize("page", HAND_SAVE)
@pytest.mark.parametrize("hands", [3, 25])
def test_a_hand_save(client_for, django_assert_num_queries, page, hands):
    game = played_game(night_with_schedule(6), hands)
    if page == "table link":
        client, url = client_for("anonymous"), link_path(game, game.pair_a)
    else:
        client, url = client_for("scorer"), reverse("scoring:game-detail", args=[game.pk])
    hand = {"bidder": game.pair_a, "bid": 2, "points_a": 2, "points_b": 2}

    seen = {"seen": game.version} if page == "table link" else {}
    with django_assert_num_queries(HAND_SAVE[page]):
        response = client.post(url, hand | {"position": hands + 1}, **seen)

    assert response.status_code == 302
    assert list(game.hands.values_list("points", flat=True))[-1] == [2, 2]
    assert game.hands.count() == hands + 1


@pytest.mark.parametrize("hands", [3, 25])
def test_a_table_link_page(client, django_assert_num_queries, hands):
    """The game with its night and hand count, its hands, the pairs' names (seats and
    substitutes) and whether its round has begun, after the code's club: no session, no
    user, however long the game."""
    game = played_game(night_with_schedule(6), hands)

    with django_assert_num_queries(6):
        response = client.get(link_path(game, game.pair_a))

    assert response.status_code == 200
    assert len(response.context["hand_table"].rows) == hands


@pytest.mark.parametrize("hands", [3, 25])
def test_a_table_links_news(client, django_assert_num_queries, hands):
    """The page's poll (every few seconds on every open phone): the code's club and the
    link's check."""
    game = played_game(night_with_schedule(6), hands)

    with django_assert_num_queries(2):
        response = client.get(
            reverse("scoring:table-link-news", args=[link_token(game, game.pair_a)])
        )

    assert response.json()["state"] == "playing"
