"""The cash count: the treasurer types the cash counted (total or per envelope) on the pot
page; the page shows expected against counted and the difference, every count is kept
with who and when, and a night with a difference closes only with a note."""

import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from scoring.models import CashCount, Member, Night, Seat
from scoring.printing import night_sheets
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    night = night_with_schedule(4)
    play_out(night, loser_cinches={(1, 2): 1})
    return night


def pot(night) -> Decimal:
    return results_selectors.night_results(night).summary.fees.pot


def count_url(night) -> str:
    return reverse("scoring:night-cash", args=[night.pk])


def test_the_total_counted_is_kept_with_who_and_when(client_as, scorer, night):
    response = client_as(scorer).post(count_url(night), {"counted": "20.50", "note": ""})

    count = CashCount.objects.get()
    assert response.url == reverse("scoring:night-pot", args=[night.pk]) + "#cash"
    assert (count.counted, count.expected, count.counted_by) == (
        Decimal("20.50"),
        pot(night),
        scorer,
    )
    assert count.counted_at is not None
    assert count.difference == Decimal("20.50") - pot(night)


def test_the_pot_page_shows_expected_counted_and_difference(client_as, scorer, night):
    client = client_as(scorer)
    client.post(count_url(night), {"counted": str(pot(night) - Decimal("1.25"))})

    page = client.get(reverse("scoring:night-pot", args=[night.pk]))

    assert page.context["cash_difference"] == Decimal("-1.25")
    html = page.content.decode()
    assert '<td class="number">−$1.25 ✗</td>' in html
    assert "Counts kept" in html and scorer.get_username() in html


def test_counted_per_envelope_adds_the_envelopes(client_as, scorer, night):
    envelopes = results_selectors.envelopes(results_selectors.night_results(night).summary)
    form = {f"envelope_{i}": str(e.expected) for i, e in enumerate(envelopes)}

    client_as(scorer).post(count_url(night), form)

    count = CashCount.objects.get()
    assert count.counted == sum(e.expected for e in envelopes) == pot(night)
    assert [e["place"] for e in count.envelopes] == [e.place for e in envelopes]
    assert envelopes[-1].label == "Booby prize"


@pytest.mark.parametrize(
    "form, field, message",
    [
        ({}, "counted", "Type the cash counted: the total, or each envelope."),
        ({"counted": "-1"}, "counted", "greater than or equal to 0"),
        ({"counted": "12.345"}, "counted", "no more than 2 decimal places"),
        ({"counted": "ten"}, "counted", "Enter a number."),
        ({"counted": "10", "envelope_0": "5"}, "counted", "the total or the envelopes, not both"),
        ({"envelope_0": "5"}, "envelope_1", "Count every envelope, or give the total only."),
        ({"counted": "1000000"}, "counted", "less than or equal to 999999.99"),
    ],
)
def test_bad_counts_are_refused_naming_the_field(client_as, scorer, night, form, field, message):
    response = client_as(scorer).post(count_url(night), form)

    assert response.status_code == 200
    assert message in " ".join(response.context["cash_form"].errors[field])
    assert not CashCount.objects.exists()


def test_envelopes_adding_up_past_what_a_count_holds_are_refused(client_as, scorer, night):
    envelopes = results_selectors.envelopes(results_selectors.night_results(night).summary)
    form = {f"envelope_{i}": "999999.99" for i in range(len(envelopes))}

    response = client_as(scorer).post(count_url(night), form)

    assert response.status_code == 200
    errors = response.context["cash_form"].non_field_errors()
    assert "The envelopes add up to more than $999,999.99." in errors
    assert not CashCount.objects.exists()


@pytest.mark.parametrize("role", ["member"])
def test_only_scorers_count(client_for, night, role):
    response = client_for(role).post(count_url(night), {"counted": "1"})

    assert response.status_code == 403
    assert not CashCount.objects.exists()


def test_a_difference_needs_a_note_to_close(night, director):
    results_services.cash_count_record(night=night, counted=pot(night) - 1, user=director)

    with pytest.raises(ValidationError, match=r"does not match the pot .*: \$1.00 short"):
        results_services.night_close(night=night, user=director)

    results_services.cash_count_record(
        night=night, counted=pot(night) - 1, note="a torn note", user=director
    )
    assert results_services.night_close(night=night, user=director).is_final


def test_a_count_that_matches_closes(night, director):
    results_services.cash_count_record(night=night, counted=pot(night), user=director)

    assert results_services.night_close(night=night, user=director).is_final


def test_a_final_night_takes_no_count(night, director):
    results_services.night_close(night=night, user=director)

    with pytest.raises(ValidationError, match="is final"):
        results_services.cash_count_record(night=night, counted=Decimal(1), user=director)


def test_the_payout_sheet_shows_the_count(night, director):
    results_services.cash_count_record(
        night=night, counted=pot(night) + Decimal("0.50"), note="tip"
    )
    night.refresh_from_db()

    pdf = night_sheets.sheet_pdf(night, "payouts", paper="letter")

    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Cash count" in text and "Note from the count: tip" in text and "$0.50" in text
    assert "Difference: tip" not in text


def test_a_night_that_cannot_be_scored_has_no_pot_to_count(client_as, scorer):
    # Five seats (set up on the site, not through the form): the rules core refuses them.
    night = Night.objects.create(name="Odd", date="2026-11-17")
    for number, name in enumerate("ABCDE", start=1):
        Seat.objects.create(night=night, number=number, member=Member.objects.create(name=name))

    response = client_as(scorer).post(count_url(night), {"counted": "20.00"}, follow=True)

    assert "there is no pot to count" in response.content.decode()
    assert not CashCount.objects.exists()


def short_first_envelope(client, night) -> list:
    """Count every envelope as expected but the first, 27 cents short."""
    envelopes = results_selectors.envelopes(results_selectors.night_results(night).summary)
    form = {f"envelope_{i}": str(e.expected) for i, e in enumerate(envelopes)}
    form["envelope_0"] = str(envelopes[0].expected - Decimal("0.27"))
    form["note"] = "Recount: a quarter and two cents on the floor"
    client.post(count_url(night), form)
    return envelopes


def test_a_short_envelope_is_flagged_with_the_sign_on_every_amount(client_as, scorer, night):
    client = client_as(scorer)
    envelopes = short_first_envelope(client, night)

    page = client.get(reverse("scoring:night-pot", args=[night.pk]))

    check = " ".join(
        page.content.decode().partition('id="cash-check"')[2].split("</table>")[0].split()
    )
    expected = f"${envelopes[0].expected - Decimal('0.27'):.2f}"
    assert f"1st place envelope (expected ${envelopes[0].expected:.2f})" in check
    assert f'{expected} <span class="check wrong">short by $0.27 ✗</span>' in check
    assert "Recount: a quarter" in check
    history = page.content.decode().partition('id="cash-history"')[2]
    assert f"1st place: {expected} of ${envelopes[0].expected:.2f} ✗" in history


def test_the_payout_sheet_prints_the_envelopes_and_the_note_on_its_own(client_as, scorer, night):
    envelopes = short_first_envelope(client_as(scorer), night)

    pdf = night_sheets.sheet_pdf(night, "payouts", paper="letter")

    text = " ".join(
        " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split()
    )
    assert f"1st place envelope (expected ${envelopes[0].expected:.2f}) — short by $0.27" in text
    assert (
        f"2nd place envelope (expected ${envelopes[1].expected:.2f}) ${envelopes[1].expected:.2f}"
        in text
    )
    assert "Difference −$0.27" in text
    assert "Note from the count: Recount: a quarter and two cents on the floor" in text


def test_a_recount_starts_from_the_last_count(client_as, scorer, night):
    client = client_as(scorer)
    envelopes = short_first_envelope(client, night)

    form = client.get(reverse("scoring:night-pot", args=[night.pk])).context["cash_form"]

    assert form["envelope_0"].value() == envelopes[0].expected - Decimal("0.27")
    assert form["envelope_1"].value() == envelopes[1].expected
    assert form["note"].value() == "Recount: a quarter and two cents on the floor"
    assert form["counted"].value() is None


def test_a_count_kept_with_english_labels_reads_in_french(night, scorer):
    """Counts kept before the place was stored with each envelope said it in English."""
    CashCount.objects.create(
        night=night,
        expected=Decimal("4"),
        counted=Decimal("3.50"),
        envelopes=[
            {"prize": "Place 1", "expected": "2.00", "counted": "2.00"},
            {"prize": "Booby prize", "expected": "2.00", "counted": "1.50"},
        ],
        counted_by=scorer,
    )
    with translation.override("fr"):
        shown = results_selectors.counted_envelopes(CashCount.objects.get())
        assert [(e["label"], e["short"]) for e in shown] == [
            ("1re place", False),
            ("Prix de consolation", True),
        ]
