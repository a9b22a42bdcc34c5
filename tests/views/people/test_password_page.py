"""Changing one's password on a page in the site's look (its header, menu and languages),
not the admin's."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["password_change", "password_change_done"])
def test_the_password_pages_are_the_site_s(client_as, scorer, name):
    response = client_as(scorer).get(reverse(name))

    assertContains(response, 'class="site-header"')
    assertContains(response, 'class="site-nav"')
    assertNotContains(response, "Django administration")
    assertNotContains(response, 'href="/admin/"')


def test_the_password_is_changed_on_the_site_s_page(client_as, scorer):
    client = client_as(scorer)
    data = {
        "old_password": "password",
        "new_password1": "a long new pass phrase",
        "new_password2": "a long new pass phrase",
    }
    response = client.post(reverse("password_change"), data, follow=True)

    assertContains(response, "Password changed")
    scorer.refresh_from_db()
    assert scorer.check_password("a long new pass phrase")


def test_a_wrong_old_password_is_said_beside_its_field(client_as, scorer):
    data = {"old_password": "wrong", "new_password1": "x" * 12, "new_password2": "x" * 12}
    response = client_as(scorer).post(reverse("password_change"), data)

    assertContains(response, 'class="field invalid"')
    assertContains(response, "Change your password")
