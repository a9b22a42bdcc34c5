"""The round board's table cards (issue 14): a PDF of the round's tables, each pair's
table link printed as a QR code that a phone's camera reads back as the link."""

import subprocess

import pytest
from django.urls import reverse
from PIL import Image
from pytest_django.asserts import assertContains, assertNotContains
from pyzbar import pyzbar

from scoring import services
from scoring.models import Game
from scoring.table_links import link_url
from tests.factories import night_with_schedule
from tests.print.test_sheets import pdf_text, shows

pytestmark = pytest.mark.django_db


def cards_pdf(client, night, round_number: int) -> bytes:
    url = reverse("scoring:night-round-cards", args=[night.pk]) + f"?round={round_number}"
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return response.content


def decoded_qrs(pdf: bytes, folder) -> list[str]:
    """Every QR code on every page, as a phone's camera would read it (zbar, 150 dpi)."""
    (folder / "cards.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", folder / "cards.pdf", folder / "page"], check=True
    )
    return [
        found.data.decode()
        for page in sorted(folder.glob("page*.png"))
        for found in pyzbar.decode(Image.open(page))
    ]


def test_each_table_card_carries_both_pairs_links_as_qr_codes(client_as, director, tmp_path):
    night = night_with_schedule(6, confirm_results=True)
    games = Game.objects.filter(night=night, round=2).order_by("table")

    pdf = cards_pdf(client_as(director), night, 2)

    reader, text = pdf_text(pdf)
    assert len(reader.pages) == len(games) == 3  # a card a table
    links = [link_url(game, pair) for game in games for pair in game.pairs]
    assert sorted(decoded_qrs(pdf, tmp_path)) == sorted(links)
    assert all(shows(text, link) for link in links)  # typed by hand if no camera
    assert all(shows(text, f"Table {game.table}") for game in games)


def test_a_revoked_tables_card_carries_its_new_links(client_as, director, tmp_path):
    night = night_with_schedule(4)
    game = Game.objects.get(night=night, round=1, table=1)
    old = link_url(game, game.pair_a)
    services.game_links_revoke(game=game, user=director)
    game.refresh_from_db()

    decoded = decoded_qrs(cards_pdf(client_as(director), night, 1), tmp_path)

    assert link_url(game, game.pair_a) in decoded and old not in decoded


def test_only_a_director_prints_them_from_the_round_board(client_as, director, scorer):
    night = night_with_schedule(4)
    board = reverse("scoring:night-round", args=[night.pk])
    cards = reverse("scoring:night-round-cards", args=[night.pk])

    assertContains(client_as(director).get(board), f"{cards}?round=1")
    assertNotContains(client_as(scorer).get(board), cards)
    assert client_as(scorer).get(cards).status_code == 403
    assert client_as(None).get(cards).status_code == 302  # to the login page
