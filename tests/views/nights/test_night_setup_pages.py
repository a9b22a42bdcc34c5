"""Setting a night up: the new-night form, the draw, swaps and the schedule (directors)."""

import datetime
import random

import pytest
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import services as games_services
from scoring.models import Game, Member, Night, Seat
from scoring.nights import services as nights_services
from scoring.rules import schedule
from tests.factories import NEW_NIGHT_FORM, MemberFactory, night_with_schedule
from tests.views.access import ROLES, assert_refused, may_direct

pytestmark = pytest.mark.django_db

NEW_NIGHT = NEW_NIGHT_FORM


def url(night, name: str) -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def numbers(night) -> dict[str, int]:
    return {seat.member.name: seat.number for seat in night.seats.select_related("member")}


@pytest.fixture
def members():
    return [MemberFactory(name=name) for name in ("Ann", "Bob", "Cy")]


@pytest.fixture
def undrawn():
    return night_with_schedule(4, draw=False)


@pytest.fixture
def fixed_chance(monkeypatch):
    """The draw's ``secrets.SystemRandom`` replaced by a seeded one, for a known shuffle."""
    monkeypatch.setattr(nights_services.secrets, "SystemRandom", lambda: random.Random(7))


# --- new night ---------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_new_night_form(client_for, members, role):
    response = client_for(role).get(reverse("scoring:night-create"))

    if may_direct(role):
        assert response.status_code == 200
        form = response.context["form"]
        assert form["entry_fee"].value() == form.instance.entry_fee
        assert form["split"].value() == "50 / 30 / 20"
        assertContains(response, 'name="entry_fee" value="2.00"')
        assert form["date"].value() == timezone.localdate()
        # Confirmation is on unless the director unticks it (issue 14: two people a result).
        assert form["confirm_results"].value() is True
        assertContains(response, 'id="id_confirm_results" checked')
        for member in members:
            assertContains(response, member.name)
    else:
        assert_refused(response, role)


@pytest.mark.parametrize("role", ROLES)
def test_create_night(client_for, members, role):
    data = NEW_NIGHT | {"members": [m.pk for m in members], "new_players": "Di\n  \nEd\nFlo\n"}

    response = client_for(role).post(reverse("scoring:night-create"), data)

    if may_direct(role):
        night = Night.objects.get()
        assert response.status_code == 302
        assert response["Location"] == url(night, "night-draw")
        assert numbers(night) == {"Ann": 1, "Bob": 2, "Cy": 3, "Di": 4, "Ed": 5, "Flo": 6}
        assert night.date == datetime.date(2026, 11, 17)
        assert night.split == ["0.50", "0.30", "0.20"]
        assert night.created_by.username == "director"
        assert Member.objects.count() == 6
    else:
        assert_refused(response, role)
        assert not Night.objects.exists()
        assert Member.objects.count() == 3


def test_odd_player_count_is_refused(client_as, director, members):
    data = NEW_NIGHT | {"members": [m.pk for m in members]}

    response = client_as(director).post(reverse("scoring:night-create"), data)

    assert response.status_code == 200
    [message] = response.context["form"].errors["new_players"]
    assert message.startswith("give the players' names as a list, an even count of at least 4")
    assert not Night.objects.exists()


def test_a_player_listed_twice_is_refused(client_as, director, members):
    data = NEW_NIGHT | {"members": [m.pk for m in members], "new_players": "Ann"}

    response = client_as(director).post(reverse("scoring:night-create"), data)

    # The rules core's words: the same rule refuses a night file naming Ann twice.
    assert response.context["form"].errors["new_players"] == [
        "Ann is already player 1; a member can hold only one number in a night"
    ]
    assert not Night.objects.exists()


# Shares as typed before percents (0.5, 0.3), and percents past 100, which stay as typed
# for the rules core to name.
# The form is typed in percent: its refusal speaks percent.
@pytest.mark.parametrize(
    ("split", "total"),
    [("0.5, 0.3", "80"), ("150 / 30 / 20", "200"), ("50 / 30 / 30", "110"), ("50 / 30", "80")],
)
def test_split_must_add_up_to_one_hundred_percent(client_as, director, split, total):
    data = NEW_NIGHT | {"new_players": "A\nB\nC\nD", "split": split}

    response = client_as(director).post(reverse("scoring:night-create"), data)

    assert response.context["form"].errors["split"] == [
        f"The places must add up to 100 percent, not {total}."
    ]
    assert not Night.objects.exists()


def test_split_must_be_amounts(client_as, director):
    data = NEW_NIGHT | {"new_players": "A\nB\nC\nD", "split": "half, 0.5"}

    response = client_as(director).post(reverse("scoring:night-create"), data)

    assert response.context["form"].errors["split"] == ['"half" is not a decimal amount']


def test_a_night_name_with_a_hidden_character_is_refused(client_as, director):
    data = NEW_NIGHT | {"new_players": "A\nB\nC\nD", "name": "Tuesday\u202e"}

    response = client_as(director).post(reverse("scoring:night-create"), data)

    [message] = response.context["form"].errors["name"]
    assert message.startswith("The name contains U+202E (RIGHT-TO-LEFT OVERRIDE)")
    assert not Night.objects.exists()


@pytest.mark.parametrize("ticked", [str(2**63), "x"])
def test_a_member_id_that_is_no_member_is_refused(client_as, director, members, ticked):
    data = NEW_NIGHT | {"members": [members[0].pk, ticked], "new_players": "A\nB\nC"}

    response = client_as(director).post(reverse("scoring:night-create"), data)

    assert response.context["form"].errors["members"] == [f"“{ticked}” is not a valid value."]
    assert not Night.objects.exists()


def test_unit_must_be_more_than_nothing(client_as, director):
    data = NEW_NIGHT | {"new_players": "A\nB\nC\nD", "unit": "0"}

    response = client_as(director).post(reverse("scoring:night-create"), data)

    assert response.status_code == 200
    assert not Night.objects.exists()


# --- the draw ----------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_draw_list_is_public(client_for, undrawn, role):
    response = client_for(role).get(url(undrawn, "night-draw"))

    assert response.status_code == 200
    assertContains(response, "<td>1</td><td>Player 1</td><td>1</td>", html=True)
    assertContains(response, "<td>8</td><td>Player 8</td><td>4</td>", html=True)
    if may_direct(role):
        assertContains(response, "Draw the numbers")
        assertContains(response, url(undrawn, "night-swap"))
    else:
        assertNotContains(response, "Draw the numbers")
        assertNotContains(response, url(undrawn, "night-swap"))


@pytest.mark.parametrize("role", ROLES)
def test_draw(client_for, undrawn, fixed_chance, role):
    before = numbers(undrawn)

    response = client_for(role).post(url(undrawn, "night-draw"))

    undrawn.refresh_from_db()
    if may_direct(role):
        assert response.status_code == 302
        assert numbers(undrawn) != before
        assert sorted(numbers(undrawn).values()) == list(range(1, 9))
        assert undrawn.drawn_at is not None
    else:
        assert_refused(response, role)
        assert numbers(undrawn) == before
        assert undrawn.drawn_at is None


def test_draw_uses_the_system_random(client_as, director, undrawn, monkeypatch):
    calls = []

    def system_random():
        calls.append(1)
        return random.Random(3)

    monkeypatch.setattr(nights_services.secrets, "SystemRandom", system_random)

    response = client_as(director).post(url(undrawn, "night-draw"), follow=True)

    assert calls == [1]
    assertContains(response, "Numbers drawn")


def test_draw_refused_after_the_first_hand(client_as, director):
    night = night_with_schedule(2)
    games_services.hand_record(game=Game.objects.get(night=night, round=1), data={"passed": True})
    before = numbers(night)

    response = client_as(director).post(url(night, "night-draw"), follow=True)

    assertContains(response, "Play has started: the numbers drawn can no longer change.")
    assertContains(response, "the draw is fixed")
    assertNotContains(response, "Draw again")
    assert numbers(night) == before


@pytest.mark.parametrize("role", ROLES)
def test_swap(client_for, undrawn, role):
    response = client_for(role).post(url(undrawn, "night-swap"), {"first": 2, "second": 5})

    if may_direct(role):
        assert response.status_code == 302
        assert numbers(undrawn)["Player 2"] == 5 and numbers(undrawn)["Player 5"] == 2
    else:
        assert_refused(response, role)
        assert numbers(undrawn)["Player 2"] == 2


def test_swap_a_number_with_itself_is_refused(client_as, director, undrawn):
    response = client_as(director).post(url(undrawn, "night-swap"), {"first": 3, "second": 3})

    assert response.status_code == 200
    assertContains(response, "Choose two different numbers drawn this night.")


def test_swap_a_number_not_drawn_is_refused(client_as, director, undrawn):
    response = client_as(director).post(url(undrawn, "night-swap"), {"first": 3, "second": 30})

    assert response.status_code == 200
    assert "second" in response.context["swap_form"].errors


def test_swap_refused_after_the_first_hand(client_as, director):
    night = night_with_schedule(2)
    games_services.hand_record(game=Game.objects.get(night=night, round=1), data={"passed": True})
    before = numbers(night)

    response = client_as(director).post(url(night, "night-swap"), {"first": 1, "second": 3})

    assert response.status_code == 200
    assertContains(response, "Play has started")
    assert numbers(night) == before


# --- the schedule ------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_schedule(client_for, undrawn, role):
    nights_services.night_draw(night=undrawn, chance=random.Random(1))

    response = client_for(role).post(url(undrawn, "night-schedule"))

    games = Game.objects.filter(night=undrawn).order_by("round", "table")
    if may_direct(role):
        assert response.status_code == 302
        pattern = [
            (round_["round"], seat["table"], *seat["pairs"])
            for round_ in schedule(4)
            for seat in round_["games"]
        ]
        assert [(g.round, g.table, g.pair_a, g.pair_b) for g in games] == pattern
    else:
        assert_refused(response, role)
        assert not games.exists()


def test_schedule_before_the_draw_is_refused(client_as, director, undrawn):
    response = client_as(director).post(url(undrawn, "night-schedule"), follow=True)

    assertContains(response, "Draw the numbers before making the schedule.")
    assert not Game.objects.exists()


def test_schedule_asks_first(client_as, director, undrawn):
    response = client_as(director).get(url(undrawn, "night-schedule"))
    assert response.status_code == 200
    assert response.context["confirm"].title == "Make the schedule?"
    assert not undrawn.games.exists()


def test_draw_then_schedule_then_the_night_page(client_as, director, undrawn, fixed_chance):
    client = client_as(director)
    client.post(url(undrawn, "night-draw"))
    response = client.post(url(undrawn, "night-schedule"), follow=True)

    assertContains(response, "Schedule made: 6 games")
    assert Seat.objects.filter(night=undrawn).count() == 8
    assert len(response.context["overview"].rounds) == 3


def test_a_new_night_may_ask_for_confirmed_results(client_as, director, members):
    """The night's setting of issue 14: results count once a second person confirms them."""
    data = NEW_NIGHT | {"members": [m.pk for m in members], "new_players": "Di\nEd\nFlo\n"}

    client_as(director).post(reverse("scoring:night-create"), data | {"confirm_results": "on"})

    assert Night.objects.get().confirm_results


def test_ticked_members_are_numbered_by_name_in_the_reader_s_order(client_as, director):
    ticked = [MemberFactory(name=name) for name in ("Walt", "Élise", "Ève", "Zoé", "Ann", "Bob")]
    data = NEW_NIGHT | {"members": [member.pk for member in ticked], "new_players": "Cy\nDi"}

    assert client_as(director).post(reverse("scoring:night-create"), data).status_code == 302

    night = Night.objects.get()
    assert numbers(night) == {
        "Ann": 1, "Bob": 2, "Élise": 3, "Ève": 4, "Walt": 5, "Zoé": 6, "Cy": 7, "Di": 8
    }  # fmt: skip
