"""Uploads are size-limited: a night file over 2 MB is refused with its size, unkept."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory
from django.urls import reverse

from scoring.core.http.uploads import IMPORT_LIMIT
from scoring.models import Game, Hand, Member, Night, Seat
from scoring.rules.simulate import random_night

URL = reverse("scoring:night-import")
MB = 1024 * 1024


def counts() -> list[int]:
    return [model.objects.count() for model in (Night, Seat, Game, Hand, Member)]


def night_file(size: int) -> SimpleUploadedFile:
    """A valid night file padded with blanks to ``size`` bytes."""
    text = json.dumps(random_night(2, seed=1))
    return SimpleUploadedFile("night.json", (text + " " * (size - len(text))).encode())


@pytest.mark.django_db
def test_a_3_mb_night_file_is_refused_with_its_size_and_nothing_is_written(client_as, director):
    before = counts()

    response = client_as(director).post(URL, {"file": night_file(3 * MB)})

    assert response.status_code == 200
    assert response.context["form"].errors["file"] == [
        "The file is 3,145,728 bytes: a night file may be at most 2 MB."
    ]
    assert counts() == before


@pytest.mark.django_db
def test_a_night_file_of_exactly_2_mb_is_taken(client_as, director):
    response = client_as(director).post(URL, {"file": night_file(IMPORT_LIMIT)})

    assert response.status_code == 302
    assert Night.objects.count() == 1


def uploaded(size: int):
    """The file as a view receives it, through the site's upload handlers."""
    factory = RequestFactory()
    request = factory.post(URL, {"file": night_file(size)})
    return request.FILES["file"]


def test_past_the_limit_the_bytes_are_counted_not_kept():
    upload = uploaded(3 * MB)

    assert upload.size == 3 * MB
    assert upload.read() == b""


def test_up_to_the_limit_the_file_arrives_whole():
    upload = uploaded(IMPORT_LIMIT)

    assert upload.size == IMPORT_LIMIT
    assert len(upload.read()) == IMPORT_LIMIT


def test_form_fields_over_1_mb_are_refused_with_400(client_as, director):
    response = client_as(director).post(
        reverse("scoring:night-create"), {"new_players": "x" * (MB + 1)}
    )

    assert response.status_code == 400
