"""Printed sheets of a night that did not go to plan: forfeits print "forfeit", the
filled score sheet names the substitutes, the standings say "withdrawn", the payout sheet
marks the house player, whose paid and won are 0."""

import json

import pytest

from scoring.core.printing import renderer
from scoring.models import Game, Seat
from scoring.nights import services as nights_services
from scoring.printing import night_sheets
from scoring.printing import sheets as printing_sheets
from scoring.rules.jsonio import dump_json
from tests.commands.test_attendance_files import attendance_night
from tests.print.printing.test_sheets import pdf_text, shows

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    document = attendance_night()
    document["games"] = [
        {k: v for k, v in g.items() if k != "confirmed"} for g in document["games"]
    ]
    return nights_services.night_import(document=json.loads(dump_json(document)))


def test_a_forfeit_prints_forfeit_and_its_winner(night):
    forfeit = Game.objects.filter(night=night, forfeit=True).exclude(winner=None).first()

    _, text = pdf_text(night_sheets.sheet_pdf(night, "packet", paper="letter", filled=True))

    assert shows(text, f"Forfeit: won by pair {forfeit.winner}")
    assert shows(text, f"Winner: pair {forfeit.winner} (forfeit)")
    assert shows(text, "Void: both pairs withdrew")


def test_a_filled_score_sheet_names_the_substitute(night):
    substitute = night.games.get(substitutes__isnull=False).substitutes.get()
    holder = Seat.objects.get(night=night, number=substitute.number).member.name

    html = renderer.render_html(
        "scoring/printing/packet.html", printing_sheets.packet_context(night, filled=True)
    )

    assert f"Substitutes: Zed for {holder}" in html


def test_the_standings_and_payout_sheets_show_withdrawn_pairs_and_the_house_player(night):
    standings = renderer.render_html(
        "scoring/printing/standings.html", printing_sheets.standings_context(night)
    )
    payouts = printing_sheets.payout_context(night)
    house = next(line for line in payouts["results"].ledger if line.house)

    assert standings.count(">withdrawn<") == 2
    assert house.paid == 0
    assert house.won in (0, None)
    assert "(house player)" in renderer.render_html("scoring/printing/payouts.html", payouts)
