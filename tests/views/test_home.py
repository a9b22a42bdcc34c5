"""The home page lists every variant the rules core knows, for anyone."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from pytest_django.asserts import assertContains

from scoring.rules import all_variants


def test_home_is_public(client):
    response = client.get(reverse("scoring:home"))

    assert response.status_code == 200


def test_home_is_the_site_root():
    assert reverse("scoring:home") == "/"


@pytest.mark.parametrize("variant", all_variants(), ids=lambda variant: variant.id)
def test_home_lists_variant(client, variant):
    response = client.get("/")

    assertContains(response, escape(variant.id))
    assertContains(response, escape(variant.name))
    assertContains(response, escape(variant.summary))
