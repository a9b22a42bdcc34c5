"""The admin is for directors: members, nights with their seats, games and hands, history."""

import pytest
from django.urls import reverse

from scoring.games import services as games_services
from scoring.models import Game, Hand, Member, Night
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

MODELS = [Member, Night, Game, Hand]


def admin_url(model, view: str, *args) -> str:
    meta = model._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=args)


def build_night():
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


# The admin keeps the services' rules: totals and versions are theirs, a final night is
# read-only, and every change marks the night so no kept sheet is served stale.

HAND = {"bidder": 1, "bid": 2, "high": 1, "low": 1, "jack": None, "game": 2}


@pytest.fixture
def superuser(director):
    director.is_superuser = True
    director.save()
    return director


@pytest.fixture
def played():
    """A 2-pair night whose game holds one hand entered through the services."""
    night = night_with_schedule(2)
    game = Game.objects.get(night=night)
    hand = games_services.hand_record(game=game, data=HAND)
    return night, Game.objects.get(pk=game.pk), hand


def change_form(client, obj, **changes) -> dict:
    """What the admin's change page of ``obj`` posts as it stands, with ``changes``."""
    form = client.get(admin_url(type(obj), "change", obj.pk)).context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    return {name: value for name, value in data.items() if value is not None} | changes


def test_a_games_totals_and_versions_are_read_only(client_as, superuser, played):
    night, game, hand = played
    client = client_as(superuser)

    response = client.get(admin_url(Game, "change", game.pk))
    read_only = set(response.context["adminform"].readonly_fields)
    assert {"score_a", "score_b", "cinches_a", "cinches_b", "winner", "money_bid"} <= read_only
    assert "version" in read_only
    assert (
        "version"
        in client.get(admin_url(Hand, "change", hand.pk)).context["adminform"].readonly_fields
    )

    client.post(admin_url(Game, "change", game.pk), change_form(client, game, score_a=99))
    stored = Game.objects.get(pk=game.pk)
    assert (stored.score_a, stored.version) == (game.score_a, game.version)


def test_a_hand_changed_in_the_admin_folds_the_games_totals_again(client_as, superuser, played):
    night, game, hand = played
    before = Night.objects.get(pk=night.pk).updated_at

    client = client_as(superuser)
    response = client.post(admin_url(Hand, "change", hand.pk), change_form(client, hand, bid=3))

    assert response.status_code == 302
    stored = Hand.objects.get(pk=hand.pk)
    assert (stored.bid, stored.version) == (3, hand.version + 1)
    game_now = Game.objects.get(pk=game.pk)
    assert game_now.score_a != game.score_a or game_now.score_b != game.score_b
    assert Night.objects.get(pk=night.pk).updated_at > before


def test_a_hand_the_rules_refuse_is_not_saved(client_as, superuser, played):
    night, game, hand = played

    client = client_as(superuser)
    response = client.post(admin_url(Hand, "change", hand.pk), change_form(client, hand, bid=1))

    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors()
    assert Hand.objects.get(pk=hand.pk).bid == hand.bid


def test_any_admin_change_moves_the_nights_updated_at(client_as, superuser, played):
    night, game, hand = played
    client = client_as(superuser)
    moments = [Night.objects.get(pk=night.pk).updated_at]

    client.post(admin_url(Game, "change", game.pk), change_form(client, game, table=2))
    moments.append(Night.objects.get(pk=night.pk).updated_at)
    client.post(admin_url(Hand, "delete", hand.pk), {"post": "yes"})
    moments.append(Night.objects.get(pk=night.pk).updated_at)

    assert moments == sorted(set(moments))
    assert Game.objects.get(pk=game.pk).table == 2
    assert not Hand.objects.filter(pk=hand.pk).exists()


def test_a_final_night_is_read_only_in_the_admin(client_as, superuser):
    night = night_with_schedule(2)
    play_out(night)
    game = Game.objects.get(night=night)
    client = client_as(superuser)
    moved = change_form(client, game, table=2)
    playoff = change_form(client, game, pair_a=2, pair_b=1, round=9, is_playoff="on")
    results_services.night_close(night=night)

    for model, pk in [(Night, night.pk), (Game, game.pk)]:
        assert client.post(admin_url(model, "delete", pk), {"post": "yes"}).status_code == 403
    response = client.post(admin_url(Game, "change", game.pk), moved)
    assert response.status_code == 403
    response = client.post(admin_url(Game, "add"), playoff)
    assert response.status_code == 200
    refusal = str(response.context["adminform"].form.non_field_errors())
    assert "is final: a director must re-open the night" in refusal
    assert Game.objects.filter(night=night).count() == 1
    assert Game.objects.get(pk=game.pk).table == game.table


def test_a_game_deleted_in_the_admin_goes_and_moves_the_nights_updated_at(
    client_as, superuser, played
):
    night, game, hand = played
    before = Night.objects.get(pk=night.pk).updated_at

    response = client_as(superuser).post(admin_url(Game, "delete", game.pk), {"post": "yes"})

    assert response.status_code == 302
    assert not Game.objects.filter(pk=game.pk).exists()
    assert Night.objects.get(pk=night.pk).updated_at > before


def test_a_hand_added_without_its_game_names_the_game_field(client_as, superuser, played):
    hands = Hand.objects.count()

    response = client_as(superuser).post(admin_url(Hand, "add"), {"position": 2, "bid": 2})

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["game"]
    assert Hand.objects.count() == hands
