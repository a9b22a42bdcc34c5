"""A full disk: the hand's save fails where it writes, the form says so, still filled in.

The database's own error is raised where the service writes the hand (``Hand.save``), as
SQLite raises it when the disk fills; the transaction rolls back, nothing is saved.
"""

import sqlite3

import pytest
from django.db import OperationalError
from django.urls import reverse
from pytest_django.asserts import assertContains

from scoring.core.http.full_disk import disk_full
from scoring.models import Game, Hand, Night

FULL = "The laptop&#x27;s disk is full: nothing was saved."


def full_disk_error() -> OperationalError:
    error = OperationalError("database or disk is full")
    cause = sqlite3.OperationalError("database or disk is full")
    cause.sqlite_errorname = "SQLITE_FULL"
    error.__cause__ = cause
    return error


@pytest.fixture
def full_disk(monkeypatch):
    """Every save of a hand or a night meets a full disk."""

    def refuse(*args, **kwargs):
        raise full_disk_error()

    monkeypatch.setattr(Hand, "save", refuse)
    monkeypatch.setattr(Night, "save", refuse)


def test_the_hand_form_says_the_disk_is_full_and_keeps_the_hand(
    client_as, scorer, game: Game, full_disk
):
    response = client_as(scorer).post(
        reverse("scoring:game-detail", args=[game.pk]),
        {"bidder": 1, "bid": "3", "high": 1, "low": 2, "jack": 1, "game": ""},
    )

    assert response.status_code == 200
    assertContains(response, FULL)
    form = response.context["hand_form"]
    assert (form["bid"].value(), form["high"].value(), form["low"].value()) == ("3", "1", "2")
    assert not Hand.objects.exists()


def test_any_other_save_on_a_full_disk_says_so_with_507(client_as, director, night, full_disk):
    response = client_as(director).post(reverse("scoring:night-archive", args=[night.pk]))

    assert response.status_code == 507
    assertContains(response, FULL, status_code=507)


def test_only_a_full_disk_is_taken_for_one():
    assert disk_full(full_disk_error())
    assert disk_full(OperationalError("could not extend file: No space left on device"))
    assert not disk_full(OperationalError("database is locked"))
    assert not disk_full(ValueError("database or disk is full"))
