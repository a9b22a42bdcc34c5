"""The pot page on a 390 px phone after the cash counts, in English and in French: the page
never scrolls sideways (the counts kept scroll in their own box), every box keeps the
page's margin from both edges of the screen, and a count's time stays whole on its
line ("21 h 05", never "21 h" over "05")."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from tests.browser.steps import choose_language
from tests.factories import club_names, night_with_schedule, play_out

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
MARGIN = 12  # px: the page's padding on a phone (site.css, .site-main under 30rem)
# The shown boxes of the page's content closer than ``margin`` to an edge of the screen;
# what a box that scrolls sideways holds is that box's to show.
AT_THE_EDGE = """margin => [...document.querySelectorAll('.site-main *')]
  .filter(box => box.checkVisibility() && !box.parentElement.closest('.table-container, .wide'))
  .map(box => [box, box.getBoundingClientRect()])
  .filter(([box, edges]) => edges.width > 0
    && (edges.left < margin || edges.right > innerWidth - margin))
  .map(([box, edges]) => `${box.tagName} "${box.textContent.trim().slice(0, 30)}"`
    + ` from ${edges.left} to ${edges.right} px`)"""

# The lines the time at the end of a cell ("…, 21 h 05") takes on the screen.
LINES_OF_THE_TIME = """cell => {
  const words = cell.firstChild, time = document.createRange();
  time.setStart(words, words.data.lastIndexOf(', ') + 2);
  time.setEnd(words, words.data.length);
  return new Set([...time.getClientRects()].map(line => Math.round(line.top))).size;
}"""


def counted_night(director):
    """A finished night of five pairs with long names, counted twice: the total, with a
    note, then envelope by envelope, the booby's short."""
    night = night_with_schedule(5, names=club_names(10))
    play_out(night)
    summary = results_selectors.night_results(night).summary
    short = summary.fees.pot - Decimal("0.50")
    results_services.cash_count_record(
        night=night, counted=short, note="A coin dropped", user=director
    )
    envelopes = [envelope.expected for envelope in results_selectors.envelopes(summary)]
    envelopes[-1] -= Decimal("0.25")
    results_services.cash_count_record(night=night, counted_envelopes=envelopes, user=director)
    return night


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pot_page_fits_a_phone_after_a_count(as_user, director, language):
    night = counted_night(director)
    phone = as_user(director, **PHONE)
    phone.goto(f"/nights/{night.pk}/pot/")
    if language != "en":
        choose_language(phone, language)

    kept = phone.locator("#cash-history")
    expect(kept.locator("tbody tr")).to_have_count(2)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"the page is {width} px wide"
    assert not phone.evaluate(AT_THE_EDGE, MARGIN)
    lines = kept.locator("tbody td").first.evaluate(LINES_OF_THE_TIME)
    assert lines == 1, f"the time of the count is on {lines} lines"
