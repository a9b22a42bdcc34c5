"""Look-alike names make one member: the new-night form, the import and the admin alike.

``Mabel``, ``mabel``, ``Mabel`` with a zero-width space and full-width ``Ｍabel`` once
became four members. Now each name is kept in its normal form and matched case-blind
(``scoring.rules.names``), and invisible or bidirectional characters are refused.
"""

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.models import Member, Night
from scoring.nights import services as nights_services
from scoring.rules.simulate import random_night
from tests.factories import NEW_NIGHT_FORM

pytestmark = pytest.mark.django_db

NEW_NIGHT = {**NEW_NIGHT_FORM, "name": "Tuesday  club"}


def create(client, players: list[str]):
    return client.post(
        reverse("scoring:night-create"), NEW_NIGHT | {"new_players": "\n".join(players)}
    )


def test_a_known_name_typed_otherwise_seats_the_member(client_for):
    mabel = Member.objects.create(name="Mabel")

    create(client_for("director"), ["mabel", "\uff37alt", "  Irene   Jones ", "Hank"])

    night = Night.objects.get()
    assert night.name == "Tuesday club"
    seated = [seat.member for seat in night.seats.select_related("member").order_by("number")]
    assert seated[0] == mabel
    assert [member.name for member in seated[1:]] == ["Walt", "Irene Jones", "Hank"]
    assert Member.objects.count() == 4


def test_look_alikes_on_one_night_are_one_player_twice(client_for):
    response = create(client_for("director"), ["Mabel", "mabel", "\uff2dabel", "Walt"])

    assert response.context["form"].errors["new_players"] == [
        "mabel is already player 1; a member can hold only one number in a night",
        "Mabel is already player 1; a member can hold only one number in a night",
    ]
    assert not Member.objects.exists()


def test_an_invisible_character_is_refused_with_its_line(client_for):
    response = create(client_for("director"), ["Mabel", "Ma\u200bbel", "Walt", "\u202eHank"])

    errors = response.context["form"].errors["new_players"]
    assert list(errors)[:2] == [
        "Line 2: the name contains U+200B (ZERO WIDTH SPACE), which shows nothing or "
        "reorders the text around it: type the name without it.",
        "Line 4: the name contains U+202E (RIGHT-TO-LEFT OVERRIDE), which shows nothing or "
        "reorders the text around it: type the name without it.",
    ]
    assert not Night.objects.exists()


def import_night(client, players: list[str]):
    document = random_night(2, seed=1) | {"players": players}
    upload = SimpleUploadedFile("n.json", json.dumps(document).encode())
    return client.post(reverse("scoring:night-import"), {"file": upload})


def test_an_import_matches_members_as_the_form_does(client_for):
    mabel = Member.objects.create(name="Mabel")

    import_night(client_for("director"), ["MABEL", "Walt\u3000Jones", "Irene", "Hank"])

    night = Night.objects.get()
    assert night.seats.get(number=1).member == mabel
    assert night.seats.get(number=2).member.name == "Walt Jones"


def test_an_import_refuses_look_alikes_and_invisible_characters_at_their_places(client_for):
    response = import_night(client_for("director"), ["Mabel", "Walt", "Ma\u200bbel", "W"])

    errors = response.context["form"].errors["file"]
    assert errors == [
        "player 3: the name contains U+200B (ZERO WIDTH SPACE), which shows nothing or "
        "reorders the text around it: type the name without it"
    ]
    response = import_night(client_for("director"), ["Mabel", "\uff2dabel", "Cy", "Di"])
    assert response.context["form"].errors["file"] == [
        "player 2: \uff2dabel is already player 1; a member can hold only one number in a night"
    ]
    assert not Night.objects.exists()


def test_the_admin_refuses_a_look_alike_member(client_as):
    Member.objects.create(name="Mabel")
    client = client_as(User.objects.create_superuser("admin", password="x"))

    response = client.post(reverse("admin:scoring_member_add"), {"name": "mabel\u200b"})
    assert "which shows nothing" in response.content.decode()
    response = client.post(reverse("admin:scoring_member_add"), {"name": "\uff2dABEL"})
    assert "Mabel is a member already." in response.content.decode()
    assert Member.objects.count() == 1


def test_services_keep_names_in_their_normal_form():
    night = nights_services.night_create(
        name="A night",
        date="2026-11-17",
        variant="club11",
        player_names=["Ann", "\uff22ob", "Cy  Dee", "Di"],
    )

    assert [seat.member.name for seat in night.seats.order_by("number")] == [
        "Ann",
        "Bob",
        "Cy Dee",
        "Di",
    ]
