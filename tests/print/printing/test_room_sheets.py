"""Paper says what the screen says: score sheets name the seats as the entry forms do,
pegboard games print their final score, play-offs get sheets, and the table and pair
cards seat the night round by round. Real PDFs (WeasyPrint), read back with pypdf."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from scoring.core.records import documents, pairs
from scoring.games import selectors as games_selectors
from scoring.games import services as games_services
from scoring.games.forms import hand_form, pair_label
from scoring.models import Game
from scoring.printing import night_sheets
from scoring.printing import sheets as printing_sheets
from scoring.printing.pair_cards import pair_cards_context
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return "".join("".join(page.extract_text() for page in reader.pages).split())


def squeezed(words: str) -> str:
    return "".join(words.split())


def test_score_sheet_and_entry_form_name_the_seats_alike():
    night = night_with_schedule(3)
    game = Game.objects.get(night=night, round=1, table=1)
    names = games_selectors.game_pair_names(game)
    form = hand_form(game, names)
    sheet = printing_sheets.score_sheet(
        game,
        pairs.pair_names(documents.night_seats(night)),
        night.rules_variant,
        filled=False,
    )

    assert sheet["seats"] == [pair_label(pair, names) for pair in game.pairs]
    assert [label for _, label in form.fields["bidder"].choices] == sheet["seats"]
    html = printing_sheets.sheet_html(night, "packet", paper="letter")
    assert "A: pair" not in html and "Cinches A" not in html
    assert f'data-slot="points-a">Pair {game.pair_a}</th>' in html
    assert f'data-slot="points-b">Pair {game.pair_b}</th>' in html


def test_a_pegboard_game_prints_its_final_score_and_cinches():
    night = night_with_schedule(3)
    play_out(night, loser_cinches={(1, 2): 2})
    game = Game.objects.get(night=night, pair_a__in=(1, 2), pair_b__in=(1, 2))
    text = text_of(night_sheets.sheet_pdf(night, "packet", paper="letter", filled=True))
    a, b = (game.score_a, game.score_b)
    assert squeezed(f"final score pair {game.pair_a} {a} – pair {game.pair_b} {b}") in text
    assert (
        squeezed(
            f"Cinches pair {game.pair_a} {game.cinches_a}, pair {game.pair_b} {game.cinches_b}"
        )
        in text
    )
    assert 2 in (game.cinches_a, game.cinches_b)


def test_playoffs_get_score_sheets_in_the_packet_and_alone(client_as, scorer, tmp_path):
    night = night_with_schedule(3)
    play_out(night, upsets=[(1, 3)])  # all three level on one win
    playoffs = results_services.playoffs_start(night=night)
    assert len(playoffs) == 3

    packet = text_of(night_sheets.sheet_pdf(night, "packet", paper="letter"))
    assert packet.count(squeezed("Play-off")) >= len(playoffs)
    for game in playoffs:
        assert squeezed(f"Pair {game.pair_a} — ") in packet

    response = client_as(scorer).get(
        reverse("scoring:night-scorers-sheet", args=[night.pk, "playoffs"])
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    alone = text_of(response.content)
    assert squeezed("Play-off score sheets") in alone and "Round1,table1" not in alone

    out = tmp_path / "playoffs.pdf"
    call_command("print_night", night.pk, "--sheet", "playoffs", "--out", str(out))
    printed = text_of(out.read_bytes())
    assert squeezed("Play-off") in printed and "Round1,table1" not in printed


def test_table_cards_and_pair_cards(client_as, director, tmp_path):
    night = night_with_schedule(5)  # an odd number of pairs: one sits out each round
    names = pairs.pair_names(documents.night_seats(night))
    context = printing_sheets.seating_context(night)

    assert [card["table"] for card in context["table_cards"]] == [1, 2]
    first = Game.objects.get(night=night, round=1, table=1)
    a, b = first.pairs
    round_number, words = context["table_cards"][0]["rounds"][0]
    assert (round_number, words) == (1, f"Pair {a} ({names[a]}) v pair {b} ({names[b]})")
    lines = {card["pair"]: card["lines"] for card in pair_cards_context(night)["pair_cards"]}
    other = first.pair_b
    assert lines[first.pair_a][0] == f"Round 1: table 1 v pair {other}, {names[other]}"
    assert all(
        sum(line.endswith(": bye") for line in pair_lines) == 1 for pair_lines in lines.values()
    )

    for url, sheet, words in (
        (reverse("scoring:night-scorers-sheet", args=[night.pk, "tables"]), "tables", "Table 1"),
        (reverse("scoring:night-pair-cards", args=[night.pk]), "pairs", lines[1][0]),
    ):
        response = client_as(director).get(url)
        assert squeezed(words) in text_of(response.content)
        out = tmp_path / f"{sheet}.pdf"
        site = ["--site", "http://192.168.1.20:8000"]  # the hall's address (pair cards)
        call_command("print_night", night.pk, "--sheet", sheet, *site, "--out", str(out))
        assert squeezed(words) in text_of(out.read_bytes())


def test_the_print_menu_offers_the_cards_in_plain_words(client_as, director):
    night = night_with_schedule(3)
    page = client_as(director).get(reverse("scoring:night-detail", args=[night.pk]))
    page = page.content.decode()
    assert reverse("scoring:night-scorers-sheet", args=[night.pk, "tables"]) in page
    assert reverse("scoring:night-pair-cards", args=[night.pk]) in page
    assert "?paper=" not in page
    assert "on Letter paper" in page


def test_a_score_below_zero_is_printed_with_the_minus_sign_in_the_final_line():
    night = night_with_schedule(2)
    game = Game.objects.get(night=night)
    a, b = game.pairs
    all_four = {"high": a, "low": a, "jack": a, "game": a}
    for data in (
        {"bidder": a, "bid": 2, **all_four},
        {"bidder": b, "bid": 4, "high": a, "low": a, "jack": a, "game": b},
        {"bidder": a, "bid": 4, **all_four},
    ):
        games_services.hand_record(game=game, data=data)
    game.refresh_from_db()
    assert (game.score_a, game.score_b) == (11, -4)

    html = printing_sheets.sheet_html(night, "packet", paper="letter", filled=True)

    assert f"Final score: pair {a} <strong>11</strong>, pair {b} <strong>−4</strong>" in html
    assert "-4" not in html
