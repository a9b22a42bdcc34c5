"""The admin is for directors: members, nights with their seats, games and hands, history."""

import pytest
from django.urls import reverse

from scoring.models import Game, Hand, Member, Night
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db

MODELS = [Member, Night, Game, Hand]


def admin_url(model, view: str, *args) -> str:
    meta = model._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=args)


@pytest.fixture
def night():
    night = night_with_schedule(2)
    game = Game.objects.filter(night=night).first()
    Hand.objects.create(game=game, position=1, passed=True)
    return night


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_director_sees_every_list_page_and_history(client_as, director, night, model):
    director.is_superuser = True  # staff rights per model are the club's to grant
    director.save()
    client = client_as(director)
    instance = model.objects.first()

    assert client.get(admin_url(model, "changelist")).status_code == 200
    assert client.get(admin_url(model, "change", instance.pk)).status_code == 200
    assert client.get(admin_url(model, "history", instance.pk)).status_code == 200


def test_night_change_page_lists_its_seats(client_as, director, night):
    director.is_superuser = True
    director.save()

    response = client_as(director).get(admin_url(Night, "change", night.pk))

    assert b"seats-TOTAL_FORMS" in response.content


@pytest.mark.parametrize("role", ["anonymous", "member", "scorer"])
def test_the_admin_is_not_for_scorers(client_for, role):
    response = client_for(role).get(admin_url(Night, "changelist"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
