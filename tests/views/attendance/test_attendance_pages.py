"""The attendance pages: a house player at the new-night form, substitutes on the game
page, a pair withdrawn (with its confirmation) and brought back, a late pair."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.attendance import services as attendance_services
from scoring.games import services as games_services
from scoring.models import Game, Member, Night, Seat, Substitute
from scoring.results import services as results_services
from tests.factories import NEW_NIGHT_FORM, night_with_schedule, player_names
from tests.views.access import ROLES, assert_refused, may_direct, may_score

pytestmark = pytest.mark.django_db


def new_night(client, players: int, **extra):
    data = NEW_NIGHT_FORM | {"new_players": "\n".join(player_names(players))} | extra
    return client.post(reverse("scoring:night-create"), data)


def test_thirteen_players_and_house_make_a_night(client_as, director):
    response = new_night(client_as(director), 13, house_player="House")

    night = Night.objects.get()
    assert response.status_code == 302
    assert night.seats.count() == 14
    assert Seat.objects.get(night=night, house=True).member.name == "House"


def test_a_volunteering_member_is_offered_and_seated(client_as, director):
    Member.objects.create(name="Vera")
    client = client_as(director)
    assertContains(
        client.get(reverse("scoring:night-create")), '<option value="Vera">Vera</option>'
    )

    new_night(client, 13, house_player="Vera")

    assert Seat.objects.get(house=True).member.name == "Vera"


def test_an_odd_count_asks_for_a_house_player(client_as, director):
    response = new_night(client_as(director), 13)

    assert response.status_code == 200
    assert response.context["form"].errors["house_player"] == [
        "13 players is an odd number: seat a house player to make the last pair "
        "(a member who volunteers, or House)."
    ]
    assert not Night.objects.exists()


def test_an_even_count_needs_no_house_player(client_as, director):
    response = new_night(client_as(director), 12, house_player="House")

    assert response.context["form"].errors["house_player"] == [
        "12 players make whole pairs: no house player is needed."
    ]
    assert not Night.objects.exists()


# --- substitutes ---------------------------------------------------------------------


def first_game(night) -> Game:
    return Game.objects.filter(night=night).order_by("round", "table").first()


@pytest.mark.parametrize("role", ROLES)
def test_a_scorer_records_a_substitute_on_the_game_page(client_for, role):
    night = night_with_schedule(4)
    game = first_game(night)
    holder = Seat.objects.get(night=night, number=2 * game.pair_a).member.name
    client = client_for(role)
    page = client.get(reverse("scoring:game-detail", args=[game.pk]))

    response = client.post(
        reverse("scoring:substitute-add", args=[game.pk]),
        {"number": 2 * game.pair_a, "name": "Zed"},
    )

    if not may_score(role):
        assert_refused(response, role)
        assertNotContains(page, "Record the substitute")
        assert not Substitute.objects.exists()
        return
    assertContains(page, "Record the substitute")
    assert response.status_code == 302
    page = client.get(reverse("scoring:game-detail", args=[game.pk]))
    assertContains(page, f"Zed for {holder}")


@pytest.mark.parametrize(
    ("sitting", "reason"),
    [
        ({"number": 7, "name": "Zed"}, "Select a valid choice"),  # a seat not in the game
        ({"number": 1, "name": " "}, "Choose a member or type the substitute&#x27;s name."),
    ],
    ids=["seat-not-in-the-game", "nobody-named"],
)
def test_a_substitute_form_refused_says_why(client_as, scorer, sitting, reason):
    night = night_with_schedule(4)
    game = Game.objects.get(night=night, pair_a__in=[1, 2], pair_b__in=[1, 2])

    response = client_as(scorer).post(
        reverse("scoring:substitute-add", args=[game.pk]), sitting, follow=True
    )

    assertContains(response, reason)
    assert not Substitute.objects.exists()


# --- withdrawal ----------------------------------------------------------------------


def finish_round(night, round_: int) -> None:
    for game in Game.objects.filter(night=night, round=round_):
        games_services.game_result_record(
            game=game, result={"winner": game.pair_a, "score": [11, 3], "cinches": [0, 0]}
        )


@pytest.mark.parametrize("role", ROLES)
def test_only_a_director_withdraws_a_pair(client_for, role):
    night = night_with_schedule(4)
    response = client_for(role).post(
        reverse("scoring:night-attendance", args=[night.pk]), {"pair": 4, "from_round": 1}
    )
    night.refresh_from_db()
    if may_direct(role):
        assert response.status_code == 302
        assert night.withdrawn == [{"pair": 4, "from_round": 1}]
    else:
        assert_refused(response, role)
        assert night.withdrawn == []


def test_the_confirmation_names_the_games_that_become_forfeits(client_as, director):
    night = night_with_schedule(4)
    finish_round(night, 1)
    client = client_as(director)
    url = reverse("scoring:night-attendance", args=[night.pk])

    confirm = client.get(url, {"pair": 4, "from_round": 2})

    forfeits = Game.objects.filter(night=night, round__gte=2).filter(
        pair_a=4
    ) | Game.objects.filter(night=night, round__gte=2, pair_b=4)
    for game in forfeits:
        assertContains(confirm, str(game))
    assertContains(confirm, "Withdraw pair 4")
    assert Night.objects.get().withdrawn == []

    client.post(url, {"pair": 4, "from_round": 2})
    night_page = client.get(reverse("scoring:night-detail", args=[night.pk]))
    standings = client.get(reverse("scoring:night-standings", args=[night.pk]))

    assertContains(night_page, "forfeit to", count=2)
    assertContains(night_page, "(withdrawn from round 2)", count=1)
    assertContains(standings, "withdrawn")


def test_a_withdrawal_the_games_refuse_says_why(client_as, director):
    night = night_with_schedule(4)
    finish_round(night, 1)

    response = client_as(director).get(
        reverse("scoring:night-attendance", args=[night.pk]), {"pair": 4, "from_round": 1}
    )

    assertContains(response, "withdraw it from a later round")
    assertNotContains(response, "Withdraw pair 4")


def test_a_withdrawal_without_its_round_is_sent_back_to_the_form(client_as, director):
    night = night_with_schedule(4)

    response = client_as(director).post(
        reverse("scoring:night-attendance", args=[night.pk]), {"pair": 4}
    )

    assert response.status_code == 200
    assert response.context["withdraw_form"].errors["from_round"]
    assert not Game.objects.filter(night=night, forfeit=True).exists()


def test_a_director_brings_a_withdrawn_pair_back(client_as, director):
    night = night_with_schedule(4)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=1)

    client_as(director).post(
        reverse("scoring:night-attendance", args=[night.pk]), {"action": "return", "pair": 4}
    )

    assert Night.objects.get().withdrawn == []
    assert not Game.objects.filter(forfeit=True).exists()


# --- a late pair ---------------------------------------------------------------------


def test_an_even_night_says_why_a_late_pair_cannot_join(client_as, director):
    night = night_with_schedule(4)

    response = client_as(director).get(reverse("scoring:night-attendance", args=[night.pk]))

    assertContains(response, "an even number: there is no bye for a late pair")
    assertContains(response, "table of its own")
    assertNotContains(response, "Seat the late pair")


def test_a_late_pair_is_seated_on_an_odd_night(client_as, director):
    night = night_with_schedule(5)
    finish_round(night, 1)

    response = client_as(director).post(
        reverse("scoring:night-attendance", args=[night.pk]),
        {"action": "late", "first": "Late One", "second": "Late Two"},
    )

    assert response.status_code == 302
    assert Game.objects.filter(night=night).filter(pair_b=6).count() == 5
    assert Game.objects.get(night=night, round=6).pairs[1] == 6


def test_a_late_pair_already_seated_is_refused_with_the_reason(client_as, director):
    """A name already playing tonight cannot make the late pair (was a server error)."""
    night = night_with_schedule(5)
    finish_round(night, 1)
    seated = Seat.objects.filter(night=night).first().member.name

    response = client_as(director).post(
        reverse("scoring:night-attendance", args=[night.pk]),
        {"action": "late", "first": seated, "second": "Late Two"},
    )

    assert response.status_code == 200
    assertContains(response, "give two players not seated tonight")
    assert not Game.objects.filter(night=night, pair_b=6).exists()


def test_the_members_page_shows_who_a_member_sat_in_for(client):
    night = night_with_schedule(4)
    game = first_game(night)
    zed = Member.objects.create(name="Zed")
    attendance_services.substitute_record(game=game, number=2 * game.pair_a, member=zed)
    holder = Seat.objects.get(night=night, number=2 * game.pair_a).member.name

    response = client.get(reverse("scoring:member-list"))

    assertContains(response, f"Zed for {holder} ({night.name}, round {game.round})")


def test_the_draw_page_marks_the_house_player(client_as, director):
    client = client_as(director)
    new_night(client, 13, house_player="House")

    response = client.get(reverse("scoring:night-draw", args=[Night.objects.get().pk]))

    assertContains(response, "House (house player)", count=1)


def test_the_withdraw_form_starts_at_the_current_round(client_as, director):
    night = night_with_schedule(4)
    finish_round(night, 1)

    response = client_as(director).get(reverse("scoring:night-attendance", args=[night.pk]))

    assert response.context["withdraw_form"]["from_round"].value() == 2


# --- refusals shown on the page ------------------------------------------------------


def test_a_substitute_the_service_refuses_shows_its_reason(client_as, scorer):
    night = night_with_schedule(4)
    attendance_services.pair_withdraw(night=night, pair=4, from_round=1)
    forfeit = Game.objects.filter(night=night, forfeit=True).first()

    response = client_as(scorer).post(
        reverse("scoring:substitute-add", args=[forfeit.pk]),
        {"number": 2 * forfeit.pair_a, "name": "Zed"},
        follow=True,
    )

    assertContains(response, "is a forfeit: nobody sits in for it.")
    assert not Substitute.objects.exists()


def test_a_scorer_removes_a_substitute(client_as, scorer):
    night = night_with_schedule(4)
    game = first_game(night)
    substitute = attendance_services.substitute_record(
        game=game, number=2 * game.pair_a, name="Zed"
    )

    response = client_as(scorer).post(
        reverse("scoring:substitute-remove", args=[substitute.pk]), follow=True
    )

    assertContains(response, "Zed removed")
    assert not Substitute.objects.exists()


def test_a_substitute_on_a_final_night_stays_and_the_page_says_why(client_as, scorer):
    night = night_with_schedule(2)
    game = first_game(night)
    substitute = attendance_services.substitute_record(
        game=game, number=2 * game.pair_a, name="Zed"
    )
    finish_round(night, 1)
    results_services.night_close(night=night)

    response = client_as(scorer).post(
        reverse("scoring:substitute-remove", args=[substitute.pk]), follow=True
    )

    assert response.redirect_chain[-1][0] == reverse("scoring:game-detail", args=[game.pk])
    assertNotContains(response, "Zed removed")
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert Substitute.objects.filter(pk=substitute.pk).exists()


def test_a_confirmation_asked_with_a_bad_pair_shows_the_form_error(client_as, director):
    night = night_with_schedule(4)

    response = client_as(director).get(
        reverse("scoring:night-attendance", args=[night.pk]), {"pair": "9", "from_round": 1}
    )

    assert response.context["plan"] is None
    assert response.context["withdraw_form"].errors["pair"]
    assertNotContains(response, "Withdraw pair 9")


@pytest.mark.parametrize(
    ("pair", "message"), [("2", "Pair 2 has not withdrawn."), ("two", "Choose a pair.")]
)
def test_bringing_back_a_pair_that_never_left_says_why(client_as, director, pair, message):
    night = night_with_schedule(4)

    response = client_as(director).post(
        reverse("scoring:night-attendance", args=[night.pk]),
        {"action": "return", "pair": pair},
        follow=True,
    )

    assertContains(response, message)


def test_a_late_pair_the_service_refuses_is_shown_on_the_form(client_as, director):
    night = night_with_schedule(4)

    response = client_as(director).post(
        reverse("scoring:night-attendance", args=[night.pk]),
        {"action": "late", "first": "Late One", "second": "Late Two"},
    )

    assert response.status_code == 200
    assert "an even number: there is no bye" in response.context["late_form"].non_field_errors()[0]
    assert Seat.objects.filter(night=night).count() == 8
