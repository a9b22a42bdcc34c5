"""Who a scoring card in the discard pile counts for (law 24 in chicago42 and razzle; the
defenders' discards only in cinch51) is said beside the cards, for each variant: on the
game page's hand form, the phone page, a table's hand form and the printed score sheets.
club11 has no draw, so no discard pile and no sentence."""

import datetime

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.links.tokens import link_path
from scoring.models import Game
from scoring.tablegames import services as tablegames_services
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

CHICAGO = "every scoring card found in the discard pile counts for the bidder, whoever"
RAZZLE = "counts for the bidder&#x27;s side, whoever discarded it"
CINCH51 = "a scoring card a defender discarded counts for the bidders"


def first_game(variant: str) -> Game:
    night = night_with_schedule(2, variant=variant)
    return Game.objects.get(night=night, is_playoff=False)


@pytest.mark.parametrize(
    ("variant", "said"),
    [("chicago42", CHICAGO), ("cinch51", CINCH51)],
    ids=["chicago42", "cinch51"],
)
def test_the_game_page_and_its_phone_page_say_it_beside_the_cards(
    variant, said, client, client_as, scorer
):
    game = first_game(variant)

    page = client_as(scorer).get(reverse("scoring:game-detail", args=[game.pk]))
    phone = client.get(link_path(game, game.pair_a))

    assertContains(page, said)
    assertContains(phone, said)


def test_club11_has_no_discard_pile(client_as, scorer):
    game = first_game("club11")

    page = client_as(scorer).get(reverse("scoring:game-detail", args=[game.pk]))

    assertContains(page, 'class="cards"')
    assertNotContains(page, "discard")


def test_a_razzle_table_says_it_and_so_does_its_sheet(client_as, scorer):
    table = tablegames_services.table_create(
        variant="razzle",
        player_names=["Ann", "Bob", "Cy", "Di"],
        date=datetime.date(2026, 11, 20),
    )
    client = client_as(scorer)

    page = client.get(reverse("scoring:table-detail", args=[table.pk]))
    sheet = client.get(reverse("scoring:table-sheet-preview", args=[table.pk]))

    assertContains(page, RAZZLE)
    assertContains(sheet, RAZZLE)


def test_the_printed_score_sheets_say_it_in_their_legend(client_as, director):
    game = first_game("chicago42")

    sheet = client_as(director).get(
        reverse("scoring:night-scorers-sheet-preview", args=[game.night.pk, "packet"])
    )

    assertContains(sheet, CHICAGO)
