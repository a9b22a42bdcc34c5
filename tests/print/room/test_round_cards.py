"""The round board's table cards: a PDF of the round's tables, a page a table cut in two,
each half one pair's table link printed as a QR code that a phone's camera reads back as
the link."""

import subprocess

import pytest
from django.urls import reverse
from PIL import Image
from pytest_django.asserts import assertContains, assertNotContains
from pyzbar import pyzbar

from scoring.core.records import documents, pairs
from scoring.links import services as links_services
from scoring.links.tokens import link_url
from scoring.models import Game
from tests.factories import night_with_schedule
from tests.print.printing.test_sheets import pdf_text, shows

pytestmark = pytest.mark.django_db


def cards_pdf(client, night, round_number: int) -> bytes:
    url = reverse("scoring:night-round-cards", args=[night.pk]) + f"?round={round_number}"
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return response.content


def page_images(pdf: bytes, folder) -> list:
    """Each page as a phone's camera would see it (150 dpi)."""
    (folder / "sheet.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", folder / "sheet.pdf", folder / "page"], check=True
    )
    return [Image.open(page) for page in sorted(folder.glob("page*.png"))]


def read_qrs(image) -> list[str]:
    return [found.data.decode() for found in pyzbar.decode(image)]


def decoded_qrs(pdf: bytes, folder) -> list[str]:
    """Every QR code on every page, as a phone's camera would read it (zbar)."""
    return [link for page in page_images(pdf, folder) for link in read_qrs(page)]


def halves(page) -> tuple:
    """A table card's page cut along its dashed line, at the middle of the page."""
    width, height = page.size
    return page.crop((0, 0, width, height // 2)), page.crop((0, height // 2, width, height))


def half_text(pdf: bytes, folder, page: int, half: int) -> str:
    """The words on one half of a page (``pdftotext`` of that half alone)."""
    (folder / "words.pdf").write_bytes(pdf)
    width, height = 612, 792  # Letter, in points
    top = 0 if half == 0 else height // 2
    words = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-x", "0", "-y", str(top)]
        + ["-W", str(width), "-H", str(height // 2), folder / "words.pdf", "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return " ".join(words.split())


def test_each_table_card_is_cut_in_two_a_half_per_pair_with_its_own_link_alone(
    client_as, director, tmp_path
):
    night = night_with_schedule(6, confirm_results=True)
    games = list(Game.objects.filter(night=night, round=2).order_by("table"))
    names = pairs.pair_names(documents.night_seats(night))

    pdf = cards_pdf(client_as(director), night, 2)

    reader, text = pdf_text(pdf)
    pages = page_images(pdf, tmp_path)
    assert len(reader.pages) == len(pages) == len(games) == 3  # a page a table
    for number, (game, page) in enumerate(zip(games, pages, strict=True), start=1):
        for half, pair in enumerate(game.pairs):
            other = game.pair_b if pair == game.pair_a else game.pair_a
            assert read_qrs(halves(page)[half]) == [link_url(game, pair)]
            words = half_text(pdf, tmp_path, number, half)
            assert shows(words, f"Table {game.table} · Round 2")
            assert shows(words, f"Pair {pair} {names[pair]}")
            assert shows(words, link_url(game, pair))  # typed by hand if no camera
            assert not shows(words, names[other]) and not shows(words, link_url(game, other))
    assert text.count("✂ cut here: each pair keeps its own half") == len(games)
    assert sorted(decoded_qrs(pdf, tmp_path)) == sorted(
        link_url(game, pair) for game in games for pair in game.pairs
    )


def test_a_revoked_tables_card_carries_its_new_links(client_as, director, tmp_path):
    night = night_with_schedule(4)
    game = Game.objects.get(night=night, round=1, table=1)
    old = link_url(game, game.pair_a)
    links_services.game_links_revoke(game=game, user=director)
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
