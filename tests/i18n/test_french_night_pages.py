"""A night run in French: the round board, the draw, the attendance page, a confirmation
and the notes the views leave after a button, each in French and none of it English."""

import pytest
from django.urls import reverse

from scoring.games import services as games_services
from scoring.models import Game
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def french(response, *words: str, absent: tuple[str, ...] = ()) -> str:
    """The page is French: each of ``words`` is on it, none of ``absent`` is."""
    assert response.status_code == 200
    text = response.content.decode()
    assert '<html lang="fr"' in text
    for word in words:
        assert word in text, word
    for word in absent:
        assert word not in text, word
    return text


def test_the_round_board_in_french(client_as, scorer):
    night = night_with_schedule(4)
    later = Game.objects.filter(night=night, round__gt=1)
    play_out(night, leave=[game.pairs for game in later])

    page = client_as(scorer).get(reverse("scoring:night-round", args=[night.pk]), **FRENCH)

    french(
        page,
        "Tableau du tour",
        "Tour 2 (en cours) : sur 2 tables, 2 encore à rendre",
        "Liens des tables",
        "Dernier changement",
        "pas commencée",
        "Tour 1 : les 2 sont terminées",
        "terminée 11",
        "gagnée par la paire",
        absent=("still to report", "Last change", "not started", "won by pair", "Round board"),
    )


def test_the_draw_in_french_for_a_director(client_as, director):
    night = night_with_schedule(4, draw=False)

    page = client_as(director).get(reverse("scoring:night-draw", args=[night.pk]), **FRENCH)

    french(
        page,
        "Le tirage",
        "Les numéros 1 et 2 jouent ensemble comme paire 1",
        "Les numéros ne sont pas encore tirés",
        "Tirer les numéros",
        "Échanger deux numéros",
        absent=("Draw the numbers", "Swap two numbers", "play together", "Nights</a>"),
    )


def test_the_attendance_page_in_french(client_as, director):
    night = night_with_schedule(4)
    url = reverse("scoring:night-attendance", args=[night.pk])

    page = client_as(director).get(url, {"pair": "2", "from_round": "1"}, **FRENCH)

    text = french(
        page,
        "Départs et arrivées tardives",
        "Retirer une paire",
        "Retirer la paire 2 à partir du tour 1 ?",
        "Ces parties deviennent des forfaits :",
        "Une paire en retard",
        absent=("Withdraw pair", "become forfeits", "A late pair", "won by pair"),
    )
    assert "tour 1, table" in text and "gagnée par la paire" in text


def test_a_confirmation_page_in_french(client_as, director):
    night = night_with_schedule(3)

    page = client_as(director).get(reverse("scoring:night-draw-again", args=[night.pk]), **FRENCH)

    french(
        page,
        "Tirer de nouveau les numéros ?",
        "Ceci fera perdre :",
        "Les paires telles que tirées maintenant (paire 1 :",
        "Le programme fait à partir d’elles",
        "Laisser tel quel",
        absent=("This will lose", "Keep it as it is", "Draw again", "The pairs as drawn"),
    )


def test_a_views_note_in_french(client_as, director):
    night = night_with_schedule(3, draw=False)

    page = client_as(director).post(
        reverse("scoring:night-draw", args=[night.pk]), follow=True, **FRENCH
    )

    french(page, "Numéros tirés", absent=("Numbers drawn",))


def test_a_counted_note_in_french(client_as, director):
    night = night_with_schedule(2)
    game = Game.objects.get(night=night)
    hand = games_services.hand_record(
        game=game, data={"bidder": 1, "bid": 2, "high": 1, "low": 1}, user=director
    )

    page = client_as(director).post(
        reverse("scoring:hand-delete", args=[hand.pk]), follow=True, **FRENCH
    )

    french(page, "Main 1 supprimée", "Tour 1, table 1", absent=("Hand 1 deleted", "Round 1"))


def test_the_same_pages_stay_english_by_default(client_as, scorer):
    night = night_with_schedule(4)

    page = client_as(scorer).get(reverse("scoring:night-round", args=[night.pk]))

    text = page.content.decode()
    assert "Round 1 (now playing): 2 of 2 tables still to report" in text
    assert "Tableau du tour" not in text


def test_the_night_page_s_pattern_table_says_its_games_in_french(client_as, scorer):
    night = night_with_schedule(4)

    page = client_as(scorer).get(reverse("scoring:night-detail", args=[night.pk]), **FRENCH)

    text = french(page, ">1 c. 2</a>")
    assert ">1 v 2</a>" not in text  # the printed packet's words, on the screen too
