"""The headers every answer carries (Content-Security-Policy, Permissions-Policy), pages
that keep to the policy (no inline script or style), and the pages of money or of a
password (the payout sheet, the pot, the people page's new password) and every page a
code opens, that no cache keeps."""

import re

import pytest
from django.urls import reverse

from scoring.games import services as games_services
from scoring.links import scorers
from scoring.links.tokens import link_path, link_token
from scoring.models import Game
from scoring.tablegames import services as tablegames_services
from tests.factories import night_with_schedule
from tests.phones import code_path, game_path

pytestmark = pytest.mark.django_db


def build_night():
    night = night_with_schedule(2)
    game = Game.objects.filter(night=night).first()
    games_services.hand_record(
        game=game, data={"bidder": game.pair_a, "bid": 2, "high": 1, "low": 1}
    )
    return night


def pages(night) -> list[str]:
    game = Game.objects.filter(night=night).first()
    hand = game.hands.first()
    return [
        "/",
        reverse("login"),
        reverse("scoring:night-create"),
        reverse("scoring:night-import"),
        reverse("scoring:night-detail", args=[night.pk]),
        reverse("scoring:night-draw", args=[night.pk]),
        reverse("scoring:night-standings", args=[night.pk]),
        reverse("scoring:night-pot", args=[night.pk]),
        reverse("scoring:member-list"),
        reverse("scoring:game-detail", args=[game.pk]),
        reverse("scoring:hand-edit", args=[hand.pk]),
        reverse("scoring:night-scorers-sheet-preview", args=[night.pk, "packet"]) + "?filled=1",
        reverse("scoring:night-sheet-preview", args=[night.pk, "standings"]),
        reverse("scoring:night-scorers-sheet-preview", args=[night.pk, "payouts"]),
    ]


def policy(response) -> dict[str, list[str]]:
    directives = [part.split() for part in response["Content-Security-Policy"].split(";")]
    return {words[0]: words[1:] for words in directives if words}


def test_every_page_has_the_policy_and_keeps_to_it(client_for, night):
    client = client_for("director")
    for url in pages(night):
        response = client.get(url)
        html = response.content.decode()

        assert response.status_code == 200, url
        assert policy(response) == {
            "default-src": ["'self'"],
            "img-src": ["'self'", "data:"],
            "object-src": ["'none'"],
            "base-uri": ["'none'"],
            "frame-ancestors": ["'none'"],
            "form-action": ["'self'"],
        }, url
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"inline script on {url}"
        assert "<style" not in html and " style=" not in html, f"inline style on {url}"
        assert not re.search(r"\son[a-z]+=", html), f"event handler attribute on {url}"


def test_the_game_page_focus_script_is_a_static_file(client_for, night):
    game = Game.objects.filter(night=night).first()

    html = client_for("scorer").get(reverse("scoring:game-detail", args=[game.pk])).content

    assert b'<script src="/static/scoring/focus.js" defer></script>' in html


def test_every_answer_has_a_permissions_policy(client, night):
    response = client.get("/")

    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


@pytest.mark.parametrize("suffix", [".pdf", "/"], ids=["pdf", "preview"])
def test_the_payout_sheet_is_kept_by_no_cache(client_for, night, suffix):
    url = f"/nights/{night.pk}/sheets/payouts{suffix}"

    response = client_for("scorer").get(url)

    assert response.status_code == 200
    assert set(response["Cache-Control"].split(", ")) == {"private", "no-store"}


def test_the_public_sheets_carry_no_such_header(client, night):
    response = client.get(f"/nights/{night.pk}/sheets/standings.pdf")

    assert "Cache-Control" not in response


def kept_by_no_cache(response) -> bool:
    return {"private", "no-store"} <= set(response.get("Cache-Control", "").split(", "))


def money_urls(night) -> list[str]:
    table = tablegames_services.table_create(
        variant="chicago42", player_names=["Ann", "Bob"], date=night.date, stake=1
    )
    return [
        reverse("scoring:night-pot", args=[night.pk]),
        reverse("scoring:night-file", args=[night.pk]),
        reverse("scoring:night-standings-json", args=[night.pk]),
        reverse("scoring:member-list"),
        reverse("scoring:table-file", args=[table.pk]),
    ]


@pytest.mark.parametrize("role", ["anonymous", "scorer"])
def test_the_pages_of_money_are_kept_by_no_cache(client_for, night, role):
    client = client_for(role)
    for url in money_urls(night):
        response = client.get(url)

        assert response.status_code == 200, url
        assert kept_by_no_cache(response), url


def test_a_cash_count_sent_back_with_its_reasons_is_kept_by_no_cache(client_for, night):
    response = client_for("scorer").post(reverse("scoring:night-cash", args=[night.pk]), {})

    assert response.status_code == 200
    assert response.context["cash_form"].errors
    assert kept_by_no_cache(response)


def test_the_standings_without_money_may_be_kept(client, night, settings):
    settings.PUBLIC_PAGES = "standings"
    url = reverse("scoring:night-standings-json", args=[night.pk])

    response = client.get(url)

    assert response.status_code == 200 and b'"money"' not in response.content
    assert not kept_by_no_cache(response)
    assert not kept_by_no_cache(client.get(reverse("scoring:night-standings", args=[night.pk])))


def test_the_people_page_and_its_one_time_password_are_kept_by_no_cache(client_for):
    client = client_for("director")
    page = client.get(reverse("scoring:people"))

    reply = client.post(reverse("scoring:people"), {"name": "ruth", "role": "scorer"})

    assert reply.context["added"].password.encode() in reply.content
    assert kept_by_no_cache(page) and kept_by_no_cache(reply)


def code_pages(night, director) -> list[str]:
    """Every kind of page a code opens: a pair's, a game link's, a scorer device's, their
    games and news, and a code that opens nothing."""
    game = Game.objects.filter(night=night).first()
    device = scorers.device_token(scorers.device_add(night=night, user=director))
    pair = code_path(night, game.pair_a)
    return [
        pair,
        pair + "news/",
        game_path(night, game.pair_a, game),
        link_path(game, game.pair_a),
        reverse("scoring:table-link-news", args=[link_token(game, game.pair_a)]),
        reverse("scoring:device-home", args=[device]),
        reverse("scoring:device-game", args=[device, game.pk]),
        "/p/NOTAC-ODE00/",
        "/t/forged/",
    ]


def test_every_page_a_code_opens_is_kept_by_nobody(client, night, director):
    for url in code_pages(night, director):
        response = client.get(url)

        assert response.status_code in {200, 403, 404}, url
        assert "no-store" in response["Cache-Control"], url


def test_a_post_through_a_code_is_answered_uncached(client, night):
    game = Game.objects.filter(night=night).first()
    hand = {"bidder": game.pair_a, "bid": 2, "high": game.pair_a, "low": game.pair_a}

    response = client.post(game_path(night, game.pair_a, game), hand)

    assert response.status_code == 302
    assert "no-store" in response["Cache-Control"]
