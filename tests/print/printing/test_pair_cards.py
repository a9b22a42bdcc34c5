"""The pair cards handed out at the draw: each card carries its own pair's code (a QR
code a phone's camera reads back as the pair link at ``SITE_URL``, and the address),
no card another pair's; only the staff print them, and nothing keeps them.

The PDF is read as it is printed: pages drawn at 150 dpi and read by zbar, each code
placed on the card whose heading ("Pair 3: ...") is level with it (``pdftotext -bbox``).
"""

import random
import re
import subprocess

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from scoring.core.records import documents, pairs
from scoring.links import services as links_services
from scoring.models import Game, Night
from scoring.nights import services as nights_services
from tests.factories import night_with_schedule, play_out
from tests.phones import code_url
from tests.print.printing.test_sheets import pdf_text, shows
from tests.print.room.test_round_cards import decoded_qrs, page_images
from tests.views.access import assert_refused

pytestmark = pytest.mark.django_db

HALL = "http://192.168.1.20:8000"
DPI = 150
HEADING = re.compile(
    r'<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>Pair</word>\s*<word[^>]*>(\d+):</word>'
)


def cards_pdf(client, night, query: str = "") -> bytes:
    response = client.get(reverse("scoring:night-pair-cards", args=[night.pk]) + query)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    return response.content


def headings(pdf: bytes, folder) -> list[list[tuple[float, int]]]:
    """Each page's cards as ``(top in points, pair)``, read from the PDF's words."""
    (folder / "cards.pdf").write_bytes(pdf)
    boxes = subprocess.run(
        ["pdftotext", "-bbox", folder / "cards.pdf", "-"], check=True, capture_output=True
    ).stdout.decode()
    return [
        [(float(top), int(pair)) for top, pair in HEADING.findall(page)]
        for page in boxes.split("<page ")[1:]
    ]


def words_by_card(pdf: bytes, folder) -> dict[int, str]:
    """The words printed on each card (from its heading down to the next card's), white
    space and hyphens folded away (``bare``): the address under a QR code wraps."""
    words = {}
    for number, cards in enumerate(headings(pdf, folder), start=1):
        bottoms = [top for top, _ in cards[1:]] + [792.0]  # Letter, in points
        for (top, pair), bottom in zip(cards, bottoms, strict=True):
            crop = ["-x", "0", "-y", str(int(top) - 8), "-W", "612", "-H", str(int(bottom - top))]
            text = subprocess.run(
                ["pdftotext", "-f", str(number), "-l", str(number), *crop]
                + [folder / "cards.pdf", "-"],
                check=True,
                capture_output=True,
            ).stdout.decode()
            words[pair] = bare(text)
    return words


def bare(text: str) -> str:
    """``text`` without white space or hyphens: pdftotext joins a line that ends on the
    address's own "-" with the next as if the word had been hyphenated."""
    return "".join(text.split()).replace("-", "")


def codes_by_card(pdf: bytes, folder) -> dict[int, list[str]]:
    """Every QR code on the cards, under the pair of the card it is printed on."""
    from pyzbar import pyzbar

    folder.mkdir(exist_ok=True)
    found: dict[int, list[str]] = {}
    for cards, image in zip(headings(pdf, folder), page_images(pdf, folder), strict=True):
        for card in cards:
            found.setdefault(card[1], [])
        for code in pyzbar.decode(image):
            top = code.rect.top * 72 / DPI
            _, pair = min(cards, key=lambda card: abs(card[0] - top))
            found[pair].append(code.data.decode())
    return found


@override_settings(SITE_URL=HALL)
def test_each_pair_card_carries_its_own_pair_code_alone(client_for, tmp_path):
    night = night_with_schedule(7, confirm_results=True)  # odd: a bye each round
    names = pairs.pair_names(documents.night_seats(night))

    pdf = cards_pdf(client_for("director"), night)

    codes = codes_by_card(pdf, tmp_path)
    assert sorted(codes) == list(range(1, 8))
    for pair, found in codes.items():
        assert found == [code_url(night, pair)]
        assert found[0].startswith(f"{HALL}/p/")
    words = words_by_card(pdf, tmp_path)
    for pair, printed in words.items():
        # The address under the code, typed by hand if no camera reads it: on its card
        # alone, with the pair's names.
        assert bare(f"Pair {pair}: {names[pair]}") in printed
        assert [other for other in words if bare(code_url(night, other)) in printed] == [pair]
    _, text = pdf_text(pdf)
    assert shows(text, "Keep this card to yourselves: it enters and confirms your results.")


def test_a_pair_card_s_code_opens_that_pair_s_game(client_as, director, tmp_path):
    night = night_with_schedule(4, confirm_results=True)

    codes = codes_by_card(cards_pdf(client_as(director), night), tmp_path)

    for pair, (url,) in codes.items():
        assert url.startswith("http://localhost:8000/p/")  # the test settings' SITE_URL
        shown = Client().get(url.removeprefix("http://localhost:8000"), follow=True)
        assert shown.status_code == 200
        assert shown.context["link"].pair == pair and pair in shown.context["game"].pairs


@pytest.mark.parametrize("role", ["anonymous", "member", "scorer"])
def test_none_but_the_director_gets_the_pair_cards(client_for, role):
    """The director hands them out at the draw, as the round's table cards (their codes
    enter and confirm results)."""
    night = night_with_schedule(4)

    response = client_for(role).get(reverse("scoring:night-pair-cards", args=[night.pk]))

    assert_refused(response, role)
    for gone in (f"/nights/{night.pk}/sheets/pairs/", f"/nights/{night.pk}/pair-codes/"):
        assert client_for(role).get(gone).status_code == 404
    page = client_for(role).get(reverse("scoring:night-detail", args=[night.pk]))
    assert "sheets/pairs" not in page.content.decode()


def test_the_night_page_offers_the_pair_cards_to_the_director_alone(client_for):
    night = night_with_schedule(4)
    detail = reverse("scoring:night-detail", args=[night.pk])

    assert "sheets/pairs" not in client_for("scorer").get(detail).content.decode()
    page = client_for("director").get(detail).content.decode()

    assert reverse("scoring:night-pair-cards", args=[night.pk]) in page
    assert "with each pair's code: hand each card to its own pair" in page


def test_no_cache_keeps_the_pair_cards(client_as, director):
    night = night_with_schedule(4)
    cache.clear()

    first = cards_pdf(client_as(director), night)
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM cinch_cache")
        kept = cursor.fetchone()[0]

    assert kept == 0
    game = Game.objects.filter(night=night).first()
    links_services.game_links_revoke(game=game)
    assert cards_pdf(client_as(director), night) != first  # drawn again, with the new codes


def test_a_redraw_reprints_every_card_with_new_codes_and_turns_the_old_off(
    client_as, director, tmp_path
):
    night = night_with_schedule(4, confirm_results=True)
    before = codes_by_card(cards_pdf(client_as(director), night), tmp_path / "before")

    nights_services.night_draw(night=night, chance=random.Random(99))
    after = codes_by_card(cards_pdf(client_as(director), night), tmp_path / "after")

    assert set(after) == set(before) == {1, 2, 3, 4}
    for pair, (url,) in after.items():
        assert url == code_url(night, pair) and url != before[pair][0]
        old = before[pair][0].removeprefix("http://localhost:8000")
        assert Client().get(old, follow=True).status_code == 403


def test_a_revoked_table_s_pairs_get_new_codes_on_their_cards(client_as, director, tmp_path):
    night = night_with_schedule(4, confirm_results=True)
    game = Game.objects.get(night=night, round=1, table=1)
    before = codes_by_card(cards_pdf(client_as(director), night), tmp_path / "before")

    links_services.game_links_revoke(game=game, user=director)
    after = codes_by_card(cards_pdf(client_as(director), night), tmp_path / "after")

    changed = {pair for pair in after if after[pair] != before[pair]}
    assert changed == set(game.pairs)


def test_a_final_night_s_pair_cards_print_no_code(client_as, director, tmp_path):
    night = night_with_schedule(4)
    play_out(night)
    Night.objects.filter(pk=night.pk).update(is_final=True)

    pdf = cards_pdf(client_as(director), Night.objects.get(pk=night.pk))

    _, text = pdf_text(pdf)
    assert decoded_qrs(pdf, tmp_path) == []
    assert "/p/" not in text.replace(" ", "")
    assert shows(text, "The night is final: the pairs' codes take no more entries")
    assert shows(text, "Round 1: table")


def test_print_night_writes_the_cards_with_their_codes(tmp_path, settings):
    night = night_with_schedule(4)
    out = tmp_path / "pairs.pdf"
    site = ["--site", HALL]

    call_command(
        "print_night", night.pk, "--sheet", "pairs", "--language", "fr", *site, "--out", out
    )

    pdf = out.read_bytes()
    _, text = pdf_text(pdf)
    assert shows(text, "Cartes de paire")
    settings.SITE_URL = HALL
    assert sorted(decoded_qrs(pdf, tmp_path)) == sorted(
        code_url(night, pair) for pair in (1, 2, 3, 4)
    )


def test_print_night_refuses_cards_that_no_phone_could_open(tmp_path):
    night = night_with_schedule(2)
    out = tmp_path / "pairs.pdf"

    with pytest.raises(CommandError, match="No make hall is running"):
        call_command("print_night", night.pk, "--sheet", "pairs", "--out", out)

    assert not out.exists()
