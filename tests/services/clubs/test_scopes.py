"""Every query of a club's rows needs the club's scope: without one it raises, with one
it sees that club's rows alone, and a row made in it lands in that club."""

import pytest
from django.apps import apps
from django_scopes import ScopeError, scope, scopes_disabled

from scoring.models import Club, Member, Night, club_setting

SCOPED = sorted(
    model.__name__
    for model in apps.get_app_config("scoring").get_models()
    if type(model._default_manager).__name__ == "Manager"
    and hasattr(model._default_manager, "with_scopes_disabled")
)


def test_every_club_owned_model_is_scoped():
    assert set(SCOPED) >= {
        "CashCount",
        "Game",
        "Hand",
        "Member",
        "MemberNight",
        "Night",
        "NightSummary",
        "OutgoingMail",
        "PairCode",
        "PhoneEntry",
        "ScorerDevice",
        "Seat",
        "Season",
        "Substitute",
        "TableGame",
        "TableHand",
        "TablePlayer",
    }


@pytest.mark.parametrize("name", SCOPED)
def test_a_query_without_a_scope_raises(name):
    model = apps.get_model("scoring", name)

    with pytest.raises(ScopeError):
        model.objects.filter(pk=1)
    with pytest.raises(ScopeError):
        model.objects.all()


@pytest.mark.django_db
def test_a_scope_sees_its_club_alone_and_what_is_made_in_it_lands_there(home_club):
    other = Club.objects.create(slug="b", name="Bayfield Cinch")
    Member.objects.create(name="Ann")
    with scope(club=other):
        Member.objects.create(name="Ann")  # the same name in another club
        Member.objects.create(name="Bea")
        assert sorted(Member.objects.values_list("name", flat=True)) == ["Ann", "Bea"]

    assert list(Member.objects.values_list("name", "club")) == [("Ann", home_club.pk)]
    with scopes_disabled():
        assert Member.objects.count() == 3


@pytest.mark.django_db
def test_a_clubs_blank_setting_is_the_sites(home_club, settings):
    settings.CURRENCY_SIGN, settings.PUBLIC_PAGES = "£", "standings"
    other = Club.objects.create(slug="b", name="Bayfield", currency_sign="€", public_pages="none")

    assert (club_setting("CURRENCY_SIGN"), club_setting("PUBLIC_PAGES")) == ("£", "standings")
    assert club_setting("CLUB_NAME") == home_club.name
    with scope(club=other):
        assert (club_setting("CURRENCY_SIGN"), club_setting("PUBLIC_PAGES")) == ("€", "none")
    assert Night(club=other).sheet_language == settings.LANGUAGE_CODE
