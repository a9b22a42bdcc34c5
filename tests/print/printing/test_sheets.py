"""The printed sheets: real PDFs from WeasyPrint, read back with pypdf.

Each test renders the sheet for a night imported from a night file and checks that the
figures on it are the rules core's: names, pair numbers, scores and amounts.
"""

import io
import json

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from pypdf import PdfReader

from scoring.core.printing import renderer
from scoring.core.records import documents
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.printing import sheets as printing_sheets
from scoring.results import selectors as results_selectors
from scoring.rules.jsonio import dump_json
from scoring.rules.simulate import random_night
from scoring.rules.variants import get_variant

pytestmark = pytest.mark.django_db

GREEK, CYRILLIC, MARKUP = "Ζωή Παππά", "Пётр Ильич", "<script>alert(1)</script>"


def night_from(document: dict):
    return nights_services.night_import(document=json.loads(dump_json(document)))


@pytest.fixture
def finished_night():
    """Four pairs, every game played; the play-offs that settle any tie are added."""
    document = random_night(4, seed=11, results_share=0.3)
    document["players"][0], document["players"][3], document["players"][5] = (
        GREEK,
        CYRILLIC,
        MARKUP,
    )
    return night_from(document)


def pdf_text(pdf: bytes) -> tuple[PdfReader, str]:
    """The PDF and its text, white space folded (a long cell may wrap onto two lines)."""
    reader = PdfReader(io.BytesIO(pdf))
    return reader, " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def shows(text: str, fragment: str) -> bool:
    """Whether ``fragment`` is in ``text`` wherever the PDF broke its lines."""
    return "".join(fragment.split()) in "".join(text.split())


def test_the_packet_has_a_draw_sheet_a_pattern_table_and_a_score_sheet_per_game():
    night = night_from(random_night(6, seed=3, rounds_played=0))
    reader, text = pdf_text(night_sheets.sheet_pdf(night, "packet", paper="letter"))
    games = [game for game in documents.night_games(night) if not game.is_playoff]
    assert len(games) == 15
    assert len(reader.pages) == 2 + len(games)
    for seat in documents.night_seats(night):
        assert shows(text, f"{seat.number} {seat.member.name} {seat.pair}")
    for game in games:
        assert game.label in text
    assert "page 17 of 17" in text


def test_a_filled_packet_shows_the_hands_and_the_winner(finished_night):
    _, text = pdf_text(
        night_sheets.sheet_pdf(finished_night, "packet", paper="letter", filled=True)
    )
    for game in documents.night_games(finished_night):
        if game.winner is not None and not game.from_pegboard:
            assert f"Winner: pair {game.winner}" in text


def test_the_standings_sheet_holds_the_rules_cores_figures(finished_night):
    document = results_selectors.night_standings(finished_night)
    _, text = pdf_text(night_sheets.sheet_pdf(finished_night, "standings", paper="letter"))
    for row in document["standings"]:
        assert shows(text, " & ".join(row["players"]))
        assert shows(
            text, f"{row['pair']} {' & '.join(row['players'])} {row['wins']} {row['losses']}"
        )
    assert shows(text, GREEK) and shows(text, CYRILLIC) and shows(text, MARKUP)


def test_the_payout_sheet_adds_up_to_the_pot(finished_night):
    money = results_selectors.night_standings(finished_night)["money"]
    _, text = pdf_text(night_sheets.sheet_pdf(finished_night, "payouts", paper="letter"))
    assert shows(text, f"Pot ${money['pot']}")
    for player in money["players"]:
        assert shows(text, f"{player['number']} {player['name']} ${player['paid']}")
    if money["places"] is not None:
        for place in money["places"]:
            assert shows(text, f"Place {place['place']} {place['pair']} ${place['amount']}")
    else:
        assert shows(text, "Not payable yet")


@pytest.mark.parametrize(("paper", "size"), [("letter", (612, 792)), ("a4", (595, 842))])
def test_the_paper_size_is_letter_or_a4(finished_night, paper, size):
    reader, _ = pdf_text(night_sheets.sheet_pdf(finished_night, "standings", paper=paper))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


def test_markup_in_a_name_is_escaped_in_the_html_preview(finished_night):
    html = printing_sheets.sheet_html(finished_night, "standings", paper="letter")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert MARKUP not in html


def test_print_night_writes_the_pdf(finished_night, tmp_path):
    out = tmp_path / "payouts.pdf"
    call_command(
        "print_night", finished_night.pk, "--sheet", "payouts", "--paper", "a4", "--out", str(out)
    )
    reader, text = pdf_text(out.read_bytes())
    assert round(float(reader.pages[0].mediabox.width)) == 595
    assert "payouts" in text


def test_the_payout_sheet_of_a_settled_night_pays_each_prize():
    """The four-pair night of seeds/examples.json ("pot-four-pairs"): amounts by hand."""
    examples = json.loads((settings.BASE_DIR / "seeds" / "examples.json").read_text())
    vector = next(v for v in examples["nights"] if v["id"] == "pot-four-pairs")
    night = night_from(vector["night"])
    _, text = pdf_text(night_sheets.sheet_pdf(night, "payouts", paper="letter"))
    assert shows(text, "Entries at $2.00 8 players $16.00")
    assert shows(text, "Lost games at $0.25 a player 6 games $3.00")
    assert shows(text, "Cinches at $0.10 a player 7 Cinches $1.40")
    assert shows(text, "Pot $20.40")
    # Each prize with its pair's players: the treasurer pays people, not numbers.
    assert shows(text, "1st place 3 Ed & Flo $8.20")
    assert shows(text, "2nd place 1 Ann & Bob $4.92")
    assert shows(text, "3rd place 2 Cy & Di $3.28")
    assert shows(text, "Booby prize 4 Gus & Hal $4.00")
    assert shows(text, "Paid out $20.40")
    assert shows(text, "1 Ann $2.35 $2.46 $0.11")
    assert shows(text, "7 Gus $3.05 $2.00 −$1.05")


def text_positions(pdf: bytes):
    """``(page width, x, y, text)`` of every piece of text drawn, as pypdf reads them."""
    for page in PdfReader(io.BytesIO(pdf)).pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        found = []

        def visit(text, cm, tm, font, size, found=found):
            if text.strip():
                found.append((tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text))

        page.extract_text(visitor_text=visit)
        yield from ((width, height, x, y, text) for x, y, text in found)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_widest_sheets_fit_the_paper(paper):
    """Ten tables across the pattern table and six card columns on a cinch51 score sheet."""
    night = night_from(random_night(20, seed=4, variant_id="cinch51", rounds_played=0))
    context = printing_sheets.packet_context(night)
    context["sheets"] = context["sheets"][:2]
    pdf = renderer.render_pdf("scoring/printing/packet.html", context, paper=paper)
    positions = list(text_positions(pdf))
    texts = [text for *_, text in positions]
    assert " ".join(texts).count("Table") >= 10
    assert any("Pedro" in text for text in texts)
    for width, height, x, y, text in positions:
        assert 0 <= x < width and 0 <= y < height, (text, x, y)


@pytest.mark.parametrize(("variant_id", "rows"), [("club11", 18), ("cinch51", 16)])
def test_a_blank_score_sheet_has_the_rows_its_variant_declares(variant_id, rows):
    night = night_from(random_night(2, seed=1, variant_id=variant_id, rounds_played=0))
    variant = get_variant(variant_id)

    sheet = printing_sheets.packet_context(night)["sheets"][0]

    assert variant.score_sheet_rows == rows
    assert sheet["blank_grid"] == printing_sheets.blank_grid(
        printing_sheets.column_widths(variant), rows
    )


def test_print_night_refuses_an_unknown_night(tmp_path):
    out = tmp_path / "payouts.pdf"
    with pytest.raises(CommandError) as refused:
        call_command("print_night", "404", "--sheet", "payouts", "--out", str(out))

    assert (str(refused.value), refused.value.returncode) == ("There is no night 404.", 2)
    assert not out.exists()


def test_print_night_says_which_file_it_cannot_write(finished_night, tmp_path):
    out = tmp_path / "no-such-folder" / "payouts.pdf"
    with pytest.raises(CommandError) as refused:
        call_command("print_night", finished_night.pk, "--sheet", "payouts", "--out", str(out))

    assert str(refused.value).startswith(f"Cannot write {out}: ")
    assert refused.value.returncode == 2
