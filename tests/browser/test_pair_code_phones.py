"""A pair's code (``/p/<code>/``, ``links.codes``) on real phones: the case the view tests
(``tests/views/links``) cannot make, pages drawn before another phone wrote and forms
sent by the page's own script (``static/scoring/keep_offline.js``), each entry with the
key the script made for it.

Two phones of a pair save the same result, two phones of the other pair confirm it: one
result, one confirmation, the next game untouched, and no phone shows an error. An answer
the network lost is sent again with its key and answered "done": stored once. And the
printed pair card, read back from the PDF as a camera reads it, still opens what the
night holds later: the pair's play-off, or the word that the director ended the night
early.

Each phone is a browser context of its own (its own cookies, so its own device id, and
its own queue in localStorage), as the site tells phones apart by them.
"""

import pytest
from django.db.models import Q
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.games import confirmation
from scoring.models import Game, PhoneEntry
from scoring.results import services as results_services
from tests.browser.nights import hands_by_cards
from tests.browser.steps import fill_hand, game_pairs, status
from tests.factories import night_with_schedule, play_out
from tests.phones import code_path, game_path
from tests.print.printing.test_pair_cards import codes_by_card

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
Kind = PhoneEntry.Kind


def phone(new_context, address: str) -> Page:
    """A phone of its own (cookies, device id, offline queue) with ``address`` open."""
    page = new_context(**PHONE).new_page()
    assert page.goto(address).status == 200
    return page


def save_result(page: Page, winner: int, loser: int) -> None:
    """Tap "Save the result" on the pegboard page open in ``page``: ``winner`` 11 – 5."""
    form = page.locator("#pegboard")
    form.get_by_role("radio", name=f"Pair {winner}").first.check()
    form.get_by_label(f"Pair {winner} score").fill("11")
    form.get_by_label(f"Pair {loser} score").fill("5")
    for pair in (winner, loser):
        form.get_by_label(f"Pair {pair} Cinches").fill("0")
    form.get_by_role("button", name="Save the result").tap()


def to_pegboard(page: Page) -> None:
    page.get_by_role("link", name="Enter the final score").tap()
    expect(page.locator("#pegboard")).to_be_visible()


def nothing_kept(*pages: Page) -> None:
    """No phone holds a post back: each was answered saved or done, none refused."""
    for page in pages:
        expect(page.locator("#kept")).to_be_hidden()
        assert page.evaluate("() => localStorage.length") == 0


def pair_cards(client_as, director, night, folder) -> dict[int, str]:
    """The night's pair cards as the director prints them, each card's QR code decoded."""
    response = client_as(director).get(reverse("scoring:night-pair-cards", args=[night.pk]))
    assert response.status_code == 200
    return {pair: url for pair, (url,) in codes_by_card(response.content, folder).items()}


def test_two_phones_each_side_save_one_result_and_one_confirmation(new_context):
    """Both phones of the pair that won save the same result, both of the other pair
    confirm it, each from a page drawn before the other phone wrote."""
    night = night_with_schedule(4, confirm_results=True)
    game = Game.objects.get(night=night, round=1, table=1)
    a, b = game.pairs
    following = Game.objects.get(Q(pair_a=a) | Q(pair_b=a), night=night, round=2)
    entering = [phone(new_context, code_path(night, a)) for _ in "12"]
    for page in entering:
        to_pegboard(page)

    save_result(entering[0], a, b)
    expect(status(entering[0])).to_contain_text(f"Result saved: won by pair {a}")
    save_result(entering[1], a, b)  # its form was drawn before the first phone saved
    expect(status(entering[1])).to_contain_text(f"The result was already saved: won by pair {a}")

    confirming = [phone(new_context, code_path(night, b)) for _ in "12"]
    for page in confirming:
        expect(page.locator("#confirm")).to_contain_text(f"Won by pair {a}, ")
    confirming[0].get_by_role("button", name="Confirm the result").tap()
    expect(status(confirming[0])).to_contain_text("Result confirmed")
    confirming[1].get_by_role("button", name="Confirm the result").tap()
    expect(status(confirming[1])).to_contain_text("the result was confirmed already by pair")
    nothing_kept(*entering, *confirming)

    game.refresh_from_db()
    assert (game.winner, game.score_a, game.score_b, game.hands.count()) == (a, 11, 5, 0)
    assert game.confirmed and game.confirmed_by == f"pair {b} (table link)"
    assert game.history.filter(winner=a, confirmed=False).count() == 1  # entered once
    assert game.history.filter(confirmed_by=game.confirmed_by).count() == 1  # confirmed once
    kinds = sorted(PhoneEntry.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds == [Kind.CONFIRM, Kind.RESULT]
    following.refresh_from_db()
    assert following.winner is None and not following.hands.exists()
    assert not following.phone_entries.exists()


def test_a_hand_whose_answer_was_lost_is_resent_with_its_key_and_stored_once(new_context):
    """The site saves the hand, the answer never reaches the phone: its queue sends the
    same entry again, and the site answers it done."""
    night = night_with_schedule(2, confirm_results=True)
    game = Game.objects.get(night=night)
    a, b = game.pairs
    page = phone(new_context, code_path(night, a))
    posted = []

    def lose_answer(route):
        route.fetch()  # the site saves it
        route.abort()  # and the phone never hears so

    def sent(request):
        if request.method == "POST":
            posted.append(request.post_data_json["entry"])

    page.on("request", sent)
    page.route(f"**{game_path(night, a, game)}", lose_answer, times=1)
    entry = page.locator("#entry")
    fill_hand(entry, **hands_by_cards(a, b)[0])
    entry.get_by_role("button", name="Save hand").tap()

    expect(status(page)).to_contain_text("This hand was saved already: the phone sent it twice.")
    nothing_kept(page)
    assert len(posted) == 2 and posted[0] == posted[1]  # sent again with its own key
    assert list(PhoneEntry.objects.filter(key=posted[0]).values_list("kind", flat=True)) == [
        Kind.HAND
    ]
    assert game.hands.count() == 1
    expect(page.locator("#entry").get_by_role("heading")).to_have_text("Hand 2")


def test_a_play_off_is_played_from_the_cards_printed_at_the_draw(
    new_context, client_as, director, settings, live_server, tmp_path
):
    """The cards printed at the draw open the play-off once the director starts it: the
    tied pairs enter and confirm it on their phones, by the QR codes on their cards."""
    settings.SITE_URL = live_server.url  # the printed address is the hall's
    night = night_with_schedule(6, confirm_results=True)
    cards = pair_cards(client_as, director, night, tmp_path)
    play_out(night, upsets=[(1, 3)])  # pairs 1, 2 and 3 tie on four wins
    for game in Game.objects.filter(night=night, confirmed=False):
        confirmation.game_result_confirm(game=game, user=director)
    results_services.playoffs_start(night=night, user=director)
    assert cards[1].startswith(f"{live_server.url}/p/")

    first = phone(new_context, cards[1])  # as the camera read pair 1's card
    expect(first.get_by_role("heading", level=1)).to_have_text("Play-off")
    other = next(pair for pair in game_pairs(first) if pair != 1)
    playoff = Game.objects.get(night=night, is_playoff=True, pair_a=1, pair_b=other)
    to_pegboard(first)
    save_result(first, 1, other)
    expect(status(first)).to_contain_text("Result saved: won by pair 1")
    expect(first.get_by_role("heading", level=1)).to_have_text("Play-off")
    assert other not in game_pairs(first)  # its next play-off, on the same card

    second = phone(new_context, cards[other])
    expect(second.get_by_role("heading", level=1)).to_have_text("Play-off")
    expect(second.locator("#confirm")).to_contain_text("Won by pair 1, ")
    second.get_by_role("button", name="Confirm the result").tap()
    expect(status(second)).to_contain_text("Result confirmed")
    nothing_kept(first, second)

    playoff.refresh_from_db()
    assert (playoff.winner, playoff.confirmed_by) == (1, f"pair {other} (table link)")
    rest = Game.objects.filter(night=night, is_playoff=True).exclude(pk=playoff.pk)
    assert rest.count() == 2 and not rest.filter(winner__isnull=False).exists()


def test_a_night_ended_early_says_so_on_the_card_printed_at_the_draw(
    new_context, client_as, director, settings, live_server, tmp_path
):
    """The card of a pair whose game the early end made void opens a page that says what
    the early end means, and offers nothing to enter."""
    settings.SITE_URL = live_server.url
    night = night_with_schedule(4)
    cards = pair_cards(client_as, director, night, tmp_path)
    play_out(night, leave=[(2, 3)])  # round 3 mid-way: pairs 2 and 3 still playing
    results_services.night_end_early(night=night, user=director)

    page = phone(new_context, cards[2])

    main = page.locator("main")
    notice = main.locator("#pair-notice")
    expect(notice).to_contain_text("The director ended the night early")
    expect(notice).to_contain_text("Your pair has no game left to play")
    expect(main.locator("form")).to_have_count(0)
    expect(main.get_by_role("button")).to_have_count(0)
    void = Game.objects.get(night=night, pair_a=2, pair_b=3)
    assert void.winner is None and not void.hands.exists()
