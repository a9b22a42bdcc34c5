"""The room on the night in a real browser: the projector cycles its pages (its script a
static file, under the CSP) and holds one with ``?page=``; the round board reloads."""

import pytest
from playwright.sync_api import expect

from scoring.games import services as games_services
from scoring.models import Game
from tests.factories import ScorerFactory, night_with_schedule, play_out

pytestmark = pytest.mark.django_db(transaction=True)


def night_in_round_two():
    night = night_with_schedule(4)
    later = Game.objects.filter(night=night, round__gt=1)
    play_out(night, leave=[game.pairs for game in later])
    return night


def test_projector_cycles_its_pages(visitor):
    night = night_in_round_two()
    visitor.clock.install()
    visitor.goto(f"/nights/{night.pk}/live/")

    standings, playing, pot = (
        visitor.locator(f'[data-page="{name}"]') for name in ("standings", "playing", "pot")
    )
    expect(standings).to_be_visible()
    expect(standings).to_contain_text("Played")
    expect(playing).to_be_hidden()
    expect(pot).to_be_hidden()

    visitor.clock.run_for(15_000)
    expect(playing).to_be_visible()
    expect(playing).to_contain_text("Round 2: still playing")
    expect(standings).to_be_hidden()

    visitor.clock.run_for(15_000)
    expect(pot).to_be_visible()
    expect(pot).to_contain_text("The pot so far")


def test_projector_holds_one_page_and_fills_the_screen(new_context):
    night = night_in_round_two()
    page = new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.clock.install()
    page.goto(f"/nights/{night.pk}/live/?page=standings")
    standings = page.locator('[data-page="standings"]')
    expect(standings).to_be_visible()
    page.clock.run_for(14_000)
    expect(standings).to_be_visible()
    # Readable from across the hall: the table's type is at least 40 pixels on 1080p.
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('td')).fontSize)"
    )
    assert size >= 40
    assert page.locator(".site-nav").count() == 0


def test_round_board_says_its_reload(as_user, scorer):
    night = night_in_round_two()
    page = as_user(scorer)
    page.goto(f"/nights/{night.pk}/round/")
    expect(page.locator("#current-round h2")).to_contain_text("Round 2 (now playing)")
    expect(page.locator(".site-main")).to_contain_text("reloads itself every 30 seconds")


def test_a_second_scorer_confirms_a_round_from_the_round_board(as_user, scorer):
    night = night_with_schedule(4, confirm_results=True)
    for game in Game.objects.filter(night=night, round=1):
        result = {"winner": game.pair_a, "score": [11, 6], "cinches": [1, 0]}
        games_services.game_result_record(game=game, result=result, user=scorer)
    page = as_user(ScorerFactory(username="second"))
    page.goto(f"/nights/{night.pk}/round/")
    heading = page.locator("#current-round h2")
    expect(heading).to_contain_text("0 of 2 tables still to report, 2 awaiting confirmation")

    page.get_by_role("link", name="Confirm round 1's results (2)").click()
    rows = page.locator(".round-confirm tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("11 – 6")
    expect(rows.first).to_contain_text("scorer")
    page.get_by_role("button", name="Confirm the ticked results").click()

    expect(page.locator(".messages")).to_contain_text("2 results confirmed")
    expect(page.locator("#current-round h2")).to_contain_text("Round 2 (now playing)")
    assert Game.objects.filter(night=night, round=1, confirmed=True).count() == 2


def test_the_round_board_reloads_itself_until_paused(as_user, scorer):
    night = night_in_round_two()
    page = as_user(scorer)
    page.clock.install()
    page.goto(f"/nights/{night.pk}/round/")
    page.evaluate("() => { window.seen = 1; }")

    page.clock.run_for(31_000)
    page.wait_for_function("() => window.seen === undefined")  # a fresh page

    pause = page.get_by_role("button", name="Pause reloading")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    page.evaluate("() => { window.seen = 2; }")
    page.clock.run_for(95_000)
    assert page.evaluate("() => window.seen") == 2
