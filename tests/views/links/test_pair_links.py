"""A pair's one code for the night (``/p/<token>/``, ``links.pairs``): it opens the pair's
game of the moment through the game link's pages, shows the bye and a round to come,
leads to the next game by itself, and is refused once revoked, redrawn or final."""

import random

import pytest
from django.test import Client

from scoring.links import services as links_services
from scoring.links.pairs import pair_link_path, pair_token
from scoring.models import Game
from scoring.nights import services as nights_services
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

RESULT = {"result-score_a": "11", "result-score_b": "6", "result-cinches_a": "1"}
RESULT |= {"result-cinches_b": "0"}


def won_by(game, pair: int) -> dict:
    """The pegboard result form with ``pair`` winning 11 to 6."""
    first = pair == game.pair_a
    scores = {"result-score_a": "11" if first else "6", "result-score_b": "6" if first else "11"}
    return RESULT | scores | {"result-winner": str(pair)}


def build_night():
    # Three pairs: three rounds, two games and a bye each.
    return night_with_schedule(3, confirm_results=True)


def opened(client: Client, night, pair: int):
    """What the pair's phone shows when its code is scanned."""
    response = client.get(pair_link_path(night, pair), follow=True)
    assert response.status_code == 200, response.content
    return response


def on_pair_link(client: Client, night, pair: int, action: str, data=None):
    path = f"/t/{pair_token(night, pair)}/{action}/"
    return client.post(path, data or {}, follow=True)


def test_a_pair_plays_three_rounds_on_one_code(night):
    games = {g.round: g for g in Game.objects.filter(night=night)}
    pair = ({1, 2, 3} - set(games[1].pairs)).pop()  # the bye first, then two games
    bye = 1
    phone, others = Client(), {p: Client() for p in games[1].pairs}

    for round_number in (1, 2, 3):
        game = games[round_number]
        shown = opened(phone, night, pair)
        page = shown.content.decode()
        assert shown.redirect_chain[0][0].startswith("/t/")
        if round_number == bye:
            upcoming = games[round_number + 1] if round_number < 3 else None
            if upcoming:
                assert shown.context["game"].pk == upcoming.pk
                assert f"You have the bye in round {round_number}." in page
                other = upcoming.pair_b if upcoming.pair_a == pair else upcoming.pair_a
                assert (
                    f"Round {upcoming.round}: table {upcoming.table} against pair {other}." in page
                )
            a, b = game.pairs
            on_pair_link(others[a], night, a, "result", won_by(game, a))
            on_pair_link(others[b], night, b, "confirm")
        else:
            assert shown.context["game"].pk == game.pk
            assert "pair-notice" not in page
            assert f"Round {round_number}, table" in page
            other = game.pair_b if game.pair_a == pair else game.pair_a
            entered = on_pair_link(phone, night, pair, "result", won_by(game, pair))
            assert f"Result saved: won by pair {pair}" in entered.content.decode()
            confirmed = on_pair_link(others.setdefault(other, Client()), night, other, "confirm")
            assert "Result confirmed" in confirmed.content.decode()
        game.refresh_from_db()
        assert game.finished

    night.is_final = True
    night.save(update_fields=["is_final"])
    refused = phone.get(pair_link_path(night, pair), follow=True)
    assert refused.status_code == 403
    assert "The night is final" in refused.content.decode()


def test_the_next_game_opens_once_the_pair_has_entered_its_result(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    pair = first.pair_a
    phone = Client()

    on_pair_link(phone, night, pair, "result", won_by(first, pair))
    shown = opened(phone, night, pair)

    following = shown.context["game"]
    assert following.pk != first.pk and pair in following.pairs


def test_the_other_pair_is_asked_to_confirm_on_its_own_code(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    a, b = first.pairs
    on_pair_link(Client(), night, a, "result", won_by(first, a))

    shown = opened(Client(), night, b)

    assert shown.context["game"].pk == first.pk
    assert shown.context["can_confirm"]


def test_the_phone_that_entered_cannot_confirm_with_the_other_pairs_code(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    a, b = first.pairs
    phone = Client()
    on_pair_link(phone, night, a, "result", won_by(first, a))

    on_pair_link(phone, night, b, "confirm")

    first.refresh_from_db()
    assert not first.confirmed


def test_revoking_a_table_turns_its_pairs_codes_off(night):
    first = Game.objects.filter(night=night).order_by("round").first()
    a, b = first.pairs
    old = pair_link_path(night, a)
    bye = ({1, 2, 3} - {a, b}).pop()
    untouched = pair_link_path(night, bye)

    links_services.game_links_revoke(game=first)

    assert Client().get(old, follow=True).status_code == 403
    assert Client().get(pair_link_path(night, a), follow=True).status_code == 200
    assert Client().get(untouched, follow=True).status_code == 200


def test_a_redraw_turns_every_code_off(night):
    old = pair_link_path(night, 1)

    nights_services.night_draw(night=night, chance=random.Random(99))

    assert Client().get(old, follow=True).status_code == 403


def test_a_forged_code_is_refused(night):
    token = pair_token(night, 1)

    response = Client().get(f"/p/{token[:-2]}xx/", follow=True)

    assert response.status_code == 403
    assert "This link is not valid." in response.content.decode()
