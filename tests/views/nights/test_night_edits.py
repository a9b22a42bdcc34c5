"""Running the night day to day: a director edits a night's settings until it is final
(fees with the currency sign, the prize split in percent, the paper), deletes a night no
game of which has finished, or archives one (hidden from the list, kept in the season)."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.models import Night
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out
from tests.views.access import ROLES, assert_refused, may_direct

pytestmark = pytest.mark.django_db

EDIT = {
    "name": "Tuesday club, moved",
    "date": "2026-11-18",
    "entry_fee": "3.00",
    "loss_fee": "0.50",
    "cinch_fee": "0.10",
    "booby_prize": "5.00",
    "split": "60 / 40",
    "unit": "0.01",
    "paper": "a4",
}


def url(night, name="night-edit") -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


@pytest.mark.parametrize("role", ROLES)
def test_edit_is_for_directors(client_for, role):
    night = night_with_schedule(3)
    response = client_for(role).get(url(night))
    if may_direct(role):
        assert response.status_code == 200
    else:
        assert_refused(response, role)


def test_edit_shows_percent_and_the_currency_sign(client_as, director):
    night = night_with_schedule(3)
    response = client_as(director).get(url(night))
    assert response.context["form"]["split"].value() == "50 / 30 / 20"
    assertContains(response, "Entry fee ($)")


def test_director_edits_name_date_fees_split_and_paper(client_as, director):
    night = night_with_schedule(4)
    play_out(night)
    client = client_as(director)

    response = client.post(url(night), EDIT, follow=True)

    assertContains(response, "Night settings saved")
    night.refresh_from_db()
    assert night.name == "Tuesday club, moved" and str(night.date) == "2026-11-18"
    assert night.split == ["0.60", "0.40"] and night.paper == "a4"
    assertContains(response, "Entry $3.00")
    assertContains(response, "places 60 / 40 percent of the pot")
    # The pot follows the new fees at once.
    pot = client.get(url(night, "night-standings-json")).json()["money"]["entries"]
    assert pot == "24.00"


def test_a_split_not_adding_up_is_refused_beside_its_field(client_as, director):
    night = night_with_schedule(3)
    response = client_as(director).post(url(night), EDIT | {"split": "50 / 30"})
    assert response.status_code == 200
    assert response.context["form"].errors["split"]
    night.refresh_from_db()
    assert night.name != EDIT["name"]


def test_a_final_night_cannot_be_edited(client_as, director):
    night = night_with_schedule(3)
    play_out(night)
    results_services.night_close(night=night, user=director)
    response = client_as(director).post(url(night), EDIT)
    assert response.status_code == 200
    assertContains(response, "final")
    night.refresh_from_db()
    assert night.name != EDIT["name"]


def test_delete_a_night_with_no_finished_game(client_as, director):
    night = night_with_schedule(3)
    client = client_as(director)
    assertContains(client.get(url(night, "night-delete")), "This will lose:")
    response = client.post(url(night, "night-delete"), follow=True)
    assertContains(response, "deleted")
    assert not Night.objects.filter(pk=night.pk).exists()


def test_a_played_night_is_archived_not_deleted(client_as, director):
    night = night_with_schedule(3)
    play_out(night)
    client = client_as(director)
    assertContains(client.get(url(night)), "Archive the night")
    refused = client.post(url(night, "night-delete"), follow=True)
    assertContains(refused, "archive it instead")
    assert Night.objects.filter(pk=night.pk).exists()

    client.post(url(night, "night-archive"))

    night.refresh_from_db()
    assert night.archived
    home = client.get(reverse("scoring:home"))
    assertNotContains(home, url(night, "night-detail"))
    season = client.get(reverse("scoring:member-list"))
    assert all(row.nights == 1 for row in season.context["table"].data.data if row.nights)
    client.post(url(night, "night-archive"))
    night.refresh_from_db()
    assert not night.archived


@pytest.mark.parametrize("pairs", [3, 20])
def test_edit_page_queries_do_not_grow(client_as, director, django_assert_num_queries, pairs):
    night = night_with_schedule(pairs)
    client = client_as(director)
    # Session, the club, user, the night, whether a game of it has finished.
    with django_assert_num_queries(5):
        assert client.get(url(night)).status_code == 200


def test_the_edit_service_refuses_a_field_it_does_not_edit():
    from django.core.exceptions import ValidationError

    from scoring.nights.services import night_edit

    night = night_with_schedule(2)

    with pytest.raises(ValidationError, match="These cannot be edited here: is_final, variant."):
        night_edit(night=night, variant="club15", is_final=True)
    night.refresh_from_db()
    assert (night.variant, night.is_final) == ("club11", False)


def test_a_night_name_with_a_hidden_character_names_the_name_field():
    from django.core.exceptions import ValidationError

    from scoring.nights.services import night_edit

    night = night_with_schedule(2)

    with pytest.raises(ValidationError) as refused:
        night_edit(night=night, name="Tuesday\u202e")

    assert "U+202E" in refused.value.message_dict["name"][0]
    assert Night.objects.get(pk=night.pk).name == night.name
