"""The cash count: the treasurer types the cash counted (total or per envelope) on the pot
page; the page shows expected against counted and the difference, every count is kept
with who and when, and a night with a difference closes only with a note."""

import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import CashCount, Member, Night, Seat
from scoring.printing import kept_sheets
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
    assert '<td class="number">-$1.25 ✗</td>' in html
    assert "Counts kept" in html and scorer.get_username() in html


def test_counted_per_envelope_adds_the_envelopes(client_as, scorer, night):
    envelopes = results_selectors.envelopes(results_selectors.night_results(night).summary)
    form = {f"envelope_{i}": str(e.expected) for i, e in enumerate(envelopes)}

    client_as(scorer).post(count_url(night), form)

    count = CashCount.objects.get()
    assert count.counted == sum(e.expected for e in envelopes) == pot(night)
    assert [e["prize"] for e in count.envelopes] == [e.label for e in envelopes]
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
    assert "The envelopes add up to more than $999999.99." in errors
    assert not CashCount.objects.exists()


@pytest.mark.parametrize("role", ["member"])
def test_only_scorers_count(client_for, night, role):
    response = client_for(role).post(count_url(night), {"counted": "1"})

    assert response.status_code == 403
    assert not CashCount.objects.exists()


def test_a_difference_needs_a_note_to_close(night, director):
    results_services.cash_count_record(night=night, counted=pot(night) - 1, user=director)

    with pytest.raises(ValidationError, match=r"differs from the pot .* by -\$1.00"):
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

    pdf = kept_sheets.sheet_pdf(night, "payouts", paper="letter")

    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Cash count" in text and "Difference: tip" in text and "0.50" in text


def test_a_night_that_cannot_be_scored_has_no_pot_to_count(client_as, scorer):
    # Five seats (set up on the site, not through the form): the rules core refuses them.
    night = Night.objects.create(name="Odd", date="2026-11-17")
    for number, name in enumerate("ABCDE", start=1):
        Seat.objects.create(night=night, number=number, member=Member.objects.create(name=name))

    response = client_as(scorer).post(count_url(night), {"counted": "20.00"}, follow=True)

    assert "there is no pot to count" in response.content.decode()
    assert not CashCount.objects.exists()
