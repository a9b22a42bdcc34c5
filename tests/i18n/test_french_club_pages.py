"""The club's other pages in French: seasons (list, ladder, projector), people, a table,
and the locked-out login; French words on each and the English ones gone."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.models import Season
from scoring.tablegames import services as tablegames_services
from tests.factories import ScorerFactory, night_with_schedule, play_out

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def page_text(response, status: int = 200) -> str:
    assert response.status_code == status
    text = response.content.decode()
    assert '<html lang="fr"' in text
    return text


@pytest.fixture
def season():
    night = night_with_schedule(4, name="Premier", date=datetime.date(2026, 11, 3))
    play_out(night)
    return Season.objects.create(
        name="Automne",
        first_date=datetime.date(2026, 11, 1),
        last_date=datetime.date(2026, 11, 30),
        best=2,
    )


def test_the_season_list_and_ladder_in_french(client, season):
    listed = page_text(client.get(reverse("scoring:season-list"), **FRENCH))
    assert "Une saison est une suite de soirées avec un classement" in listed
    assert "1er novembre 2026 – 30 novembre 2026" in listed
    assert "A season is a run of nights" not in listed

    text = page_text(client.get(reverse("scoring:season-detail", args=[season.pk]), **FRENCH))
    for words in (
        "Soirées du 1er novembre 2026 au 30 novembre 2026 :",
        "1 ; payées et comptées : 1.",
        "Les 2 meilleures soirées de chaque joueur comptent.",
        "Classement à imprimer (PDF)",
        ">Rang<",
        ">Joueur<",
        ">Points comptés<",
        ">3\u00a0nov. (provisoire)<",  # the night not closed yet
        "Les soirées",
    ):
        assert words in text, words
    for words in ("Nights from", "can be paid out", "Printable ladder", ">Rank<", "3 Nov"):
        assert words not in text, words


def test_the_projectors_ladder_in_french(client, season):
    night = season_night = season.picked.model.objects.get(name="Premier")
    assert season_night is night
    url = reverse("scoring:night-live", args=[night.pk]) + "?page=ladder"

    text = page_text(client.get(url, **FRENCH))

    assert "Automne : le classement de la saison" in text
    assert "les 2 meilleures de chaque joueur" in text
    assert "the season ladder" not in text and ">Rank<" not in text


def test_the_people_page_in_french(client_as, director):
    client = client_as(director)
    url = reverse("scoring:people")

    text = page_text(client.post(url, {"name": "ruth", "role": "scorer"}, **FRENCH))

    assert "<strong>ruth</strong> peut maintenant se connecter comme marqueur." in text
    assert "Mot de passe à usage unique :" in text
    assert "Ajouter un directeur ou un marqueur" in text
    assert ">Directeur<" in text and ">Marqueur<" in text and "Identifiant" in text
    for words in ("can log in now", "One-time password", "Last logged in", ">Scorer<"):
        assert words not in text, words


def test_a_table_in_french(client_as, scorer):
    table = tablegames_services.table_create(
        variant="razzle",
        player_names=["Ann", "Bob", "Cy", "Di"],
        date=datetime.date(2026, 11, 20),
        stake=Decimal("1.50"),
    )

    text = page_text(
        client_as(scorer).get(reverse("scoring:table-detail", args=[table.pk]), **FRENCH)
    )

    for words in (
        "Table Cinch Razzle-Dazzle du 20 novembre 2026",  # a table with no name of its own
        "mise de 1,50\u00a0$ par joueur",
        "En cours : gagne qui atteint 42 en premier",
        "feuille de marque",
        "Pas encore de main.",
        "Main 1",
        "Journal des modifications",
    ):
        assert words in text, words
    english = ("Razzle-Dazzle Cinch", "stake $", "In play", "No hands yet", "Audit trail")
    for words in (*english, "score sheet"):
        assert words not in text, words


def test_the_locked_out_login_in_french(client):
    ScorerFactory()
    for _ in range(5):
        answer = client.post(
            reverse("login"), {"username": "scorer", "password": "wrong"}, **FRENCH
        )

    text = page_text(answer, status=429)

    assert "Trop de mots de passe erronés" in text
    assert "la connexion y est donc refusée pendant 15 minutes" in text
    assert "Retour aux soirées" in text
    assert "Too many wrong passwords" not in text and "refused for" not in text
