"""Every number the site reads from a URL or a query string, sent as what is not one:
digits ``str.isdigit`` takes and ``int`` does not ("²", "①"), or reads otherwise ("٣"),
numbers past any database's integers or past ``int``'s 4,300 digits, negative, empty.

Each is answered as if it had not been given (the page's default) or with 404: never a
server error, which would also mail the admins.
"""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from scoring.games import services as games_services
from scoring.models import Game
from tests.factories import night_with_schedule
from tests.reliability.test_access_matrix import ALL_PATTERNS

pytestmark = pytest.mark.django_db

NOT_NUMBERS = {
    "superscript-two": "²",
    "circled-one": "①",
    "arabic-indic-three": "٣",
    "fullwidth-one": "１",
    "past-64-bits": str(2**63),
    "thirty-digits": "9" * 30,
    "5000-digits": "9" * 5000,
    "negative": "-1",
    "zero": "0",
    "empty": "",
    "decimal": "1.0",
    "spaced": " 1",
}
not_numbers = pytest.mark.parametrize("value", NOT_NUMBERS.values(), ids=NOT_NUMBERS.keys())


def build_night():
    """Four pairs, three rounds; three hands in round 1's first game (none finished)."""
    night = night_with_schedule(4)
    game = first_game(night)
    for _ in range(3):
        a = game.pair_a
        games_services.hand_record(game=game, data={"bidder": a, "bid": 2, "high": a, "low": a})
    return night


def first_game(night) -> Game:
    return Game.objects.get(night=night, round=1, table=1)


# --- query strings --------------------------------------------------------------------------


@not_numbers
def test_the_game_page_shows_no_saved_hand_for_a_saved_number_that_is_not_one(
    client_as, scorer, night, value
):
    url = reverse("scoring:game-detail", args=[first_game(night).pk])

    response = client_as(scorer).get(url, {"saved": value})

    assert response.status_code == 200
    assert response.context["saved"] is None


def test_the_game_page_shows_the_saved_hand_its_number_names(client_as, scorer, night):
    url = reverse("scoring:game-detail", args=[first_game(night).pk])

    response = client_as(scorer).get(url, {"saved": "3"})

    assert response.context["saved"] == 3


def round_of_cards(response) -> str:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return re.search(r"round-(\d+)-table-cards", response["Content-Disposition"])[1]


@not_numbers
def test_the_round_cards_are_the_current_rounds_for_a_round_that_is_not_one(
    client_as, director, night, value
):
    url = reverse("scoring:night-round-cards", args=[night.pk])

    response = client_as(director).get(url, {"round": value})

    assert round_of_cards(response) == "1"


def test_the_round_cards_are_the_rounds_asked_for(client_as, director, night):
    url = reverse("scoring:night-round-cards", args=[night.pk])

    assert round_of_cards(client_as(director).get(url, {"round": "2"})) == "2"


@not_numbers
def test_a_new_table_starts_alone_for_a_night_that_is_not_one(client_as, scorer, night, value):
    response = client_as(scorer).get(reverse("scoring:table-create"), {"night": value})

    assert response.status_code == 200
    assert response.context["form"].initial.get("night") is None


@not_numbers
def test_bringing_back_a_pair_that_is_not_a_number_asks_for_a_pair(
    client_as, director, night, value
):
    url = reverse("scoring:night-attendance", args=[night.pk])

    response = client_as(director).post(url, {"action": "return", "pair": value}, follow=True)

    assert response.status_code == 200
    assertContains(response, "Pair 0 has not withdrawn." if value == "0" else "Choose a pair.")


@not_numbers
def test_a_withdrawal_of_a_pair_that_is_not_a_number_is_refused_on_its_form(
    client_as, director, night, value
):
    url = reverse("scoring:night-attendance", args=[night.pk])

    response = client_as(director).get(url, {"pair": value, "from_round": value})

    assert response.status_code == 200
    assert response.context["withdraw_form"].errors["pair"]
    assert response.context["plan"] is None


@not_numbers
def test_the_nights_list_shows_its_first_page_for_a_page_that_is_not_one(client, night, value):
    response = client.get(reverse("scoring:home"), {"page": value})

    assert response.status_code == 200
    assert response.context["table"].page.number == 1


# --- the URLs' own numbers ------------------------------------------------------------------

NUMBERED = [
    (route, name) for route, name, _ in ALL_PATTERNS if "<int:" in route or "[0-9]" in route
]


def url_with(route: str, number: str) -> str:
    """``route`` (a path's or a regular expression's) with ``number`` for its numbers."""
    url = re.sub(r"<int:\w+>", number, route)
    url = re.sub(r"\(\?P<pk>[^)]*\)", number, url)
    url = re.sub(r"\(\?P<token>[^)]*\)", "token", url)  # a scorer device's game
    url = re.sub(r"\(\?P<sheet>(\w+)[^)]*\)", r"\1", url)
    return "/" + url.lstrip("^").rstrip("$").replace("\\.", ".")


def test_every_numbered_url_is_walked():
    names = {name for _, name in NUMBERED}

    assert len(NUMBERED) > 40
    assert {"scoring:night-sheet", "scoring:night-scorers-sheet", "scoring:hand-restore"} <= names
    sheet = r"^nights/(?P<pk>[0-9]{1,18})/sheets/(?P<sheet>standings|pairs)\.pdf$"
    assert url_with(sheet, "7") == "/nights/7/sheets/standings.pdf"


@pytest.mark.parametrize(("route", "name"), NUMBERED, ids=[name for _, name in NUMBERED])
def test_a_url_with_a_number_past_any_record_is_not_found(client_as, director, route, name):
    client = client_as(director)
    for number in (str(2**63), "9" * 30, "9" * 5000):
        url = url_with(route, number)
        for method in ("get", "post"):
            response = getattr(client, method)(url)

            assert response.status_code in (404, 405), f"{method.upper()} {url[:80]}"
