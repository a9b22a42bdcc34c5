"""A French form takes amounts with a decimal comma (0,25), as a French director types them."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import Night
from tests.factories import NEW_NIGHT_FORM, MemberFactory

pytestmark = pytest.mark.django_db


def test_a_new_night_in_french_takes_decimal_commas(client_as, director):
    members = [MemberFactory(name=name).pk for name in ("Ann", "Bob", "Cy", "Di")]
    data = NEW_NIGHT_FORM | {"members": members, "entry_fee": "2,50", "cinch_fee": "0,25"}

    response = client_as(director).post(
        reverse("scoring:night-create"), data, HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert response.status_code == 302, response.context["form"].errors
    night = Night.objects.get()
    assert (night.entry_fee, night.cinch_fee) == (Decimal("2.50"), Decimal("0.25"))


def test_the_french_form_shows_the_amounts_with_a_comma(client_as, director):
    page = client_as(director).get(reverse("scoring:night-create"), HTTP_ACCEPT_LANGUAGE="fr")
    text = page.content.decode()
    assert 'name="entry_fee" value="2,00"' in text
    assert 'name="cinch_fee" value="0,10"' in text


@pytest.mark.parametrize("url", ["scoring:night-create", "scoring:table-create"])
def test_a_french_form_hands_the_date_picker_an_iso_date(client_as, director, url):
    """A browser's date picker takes 2026-11-23 only: a French date (23/11/2026) left it empty."""
    page = client_as(director).get(reverse(url), HTTP_ACCEPT_LANGUAGE="fr")
    today = timezone.localdate().isoformat()
    assert f'type="date" name="date" value="{today}"' in page.content.decode()
