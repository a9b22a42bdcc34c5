"""A second scorer's phone (``/d/<token>/``, ``links.scorers``): the director adds and
revokes it on the night page; it enters that night's hands and results and confirms
others' on the table links' pages, names itself in the audit trail, and opens nothing
else: no other night, no director's page, no password form, nothing once revoked or
final."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import audit
from scoring.games import services as games_services
from scoring.links import scorers
from scoring.links import services as links_services
from scoring.links.tokens import link_path
from scoring.models import Game, ScorerDevice
from scoring.nights import services as nights_services
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out
from tests.phones import Phone
from tests.views.access import assert_refused

pytestmark = pytest.mark.django_db

RESULT = {"result-score_a": "11", "result-score_b": "6", "result-cinches_a": "1"}
RESULT |= {"result-cinches_b": "0"}
HAND = {"bidder": "1", "bid": "2", "points_a": "2", "points_b": "2", "position": "1"}
PHONE = "192.168.1.31"  # a phone on the hall's Wi-Fi


def build_night():
    return night_with_schedule(3, confirm_results=True)


@pytest.fixture
def device(night, director):
    return scorers.device_add(night=night, user=director, name="Scorer 2")


@pytest.fixture
def token(device):
    return scorers.device_token(device)


def game_path(token: str, game: Game, part: str = "") -> str:
    name = "scoring:device-game" + (f"-{part}" if part else "")
    return reverse(name, args=[token, game.pk])


def result_for(game: Game) -> dict:
    return RESULT | {"result-winner": str(game.pair_a)}


def refused(response, words: str) -> None:
    assert response.status_code == 403
    assertContains(response, words, status_code=403)
    assert b'type="password"' not in response.content


def test_the_director_adds_a_device_and_sees_its_code(client_as, director, night, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    page = client_as(director)

    added = page.post(reverse("scoring:night-device-add", args=[night.pk]), {"name": ""})
    shown = page.get(added["Location"])

    device = ScorerDevice.objects.get(night=night)
    assert (device.name, device.made_by, device.revoked_at) == ("Scorer 2", director.username, None)
    assertContains(shown, "Scorer 2 added")
    assertContains(shown, f"http://192.168.1.20:8000/d/{scorers.device_token(device)}/")
    assertContains(shown, "not used yet")


def test_devices_are_named_apart(client_as, director, night, device):
    page = client_as(director)
    url = reverse("scoring:night-device-add", args=[night.pk])

    page.post(url, {"name": ""})
    shown = page.post(url, {"name": "Scorer 3"}, follow=True)

    assert [d.name for d in ScorerDevice.objects.filter(night=night)] == ["Scorer 2", "Scorer 3"]
    assertContains(shown, "This night has a scorer device named Scorer 3 already.")


def test_a_name_typed_by_hand_is_not_given_again(client_as, director, night, device):
    page = client_as(director)
    url = reverse("scoring:night-device-add", args=[night.pk])

    page.post(url, {"name": "Scorer 3"})
    page.post(url, {"name": ""})
    shown = page.post(url, {"name": "Ann: back table"}, follow=True)

    names = [d.name for d in ScorerDevice.objects.filter(night=night).order_by("pk")]
    assert names == ["Scorer 2", "Scorer 3", "Scorer 4"]
    assertContains(shown, "may not hold «, » or a colon: Ann: back table.")


@pytest.mark.parametrize("role", ["anonymous", "member", "scorer"])
def test_only_a_director_adds_or_revokes(client_for, night, device, role):
    client = client_for(role)

    assert_refused(client.post(reverse("scoring:night-device-add", args=[night.pk])), role)
    assert_refused(client.post(reverse("scoring:device-revoke", args=[device.pk])), role)
    assert ScorerDevice.objects.filter(night=night).count() == 1
    assert ScorerDevice.objects.get().revoked_at is None


def test_the_night_page_shows_devices_to_directors_alone(client_for, night, device):
    url = reverse("scoring:night-detail", args=[night.pk])

    directors = client_for("director").get(url)
    assertContains(directors, "Add a scorer device")
    assert "no-store" in directors["Cache-Control"]  # the codes stay off the laptop's cache
    for role in ("anonymous", "member", "scorer"):
        page = client_for(role).get(url)
        assertNotContains(page, "Scorer devices")
        assertNotContains(page, scorers.device_token(device))


def test_the_device_lists_the_nights_games_and_notes_its_use(night, device, token):
    """Reading writes nothing; the device's first post is its use."""
    phone = Phone()
    response = phone.get(reverse("scoring:device-home", args=[token]))

    assertContains(response, "Scorer device <strong>Scorer 2</strong>")
    for game in Game.objects.filter(night=night):
        assertContains(response, game_path(token, game))
    assertNotContains(response, 'href="/nights/')
    game = Game.objects.filter(night=night).first()
    phone.get(game_path(token, game))
    device.refresh_from_db()
    assert device.last_used_at is None
    phone.post(game_path(token, game), HAND)
    device.refresh_from_db()
    assert device.last_used_at is not None


def test_a_void_game_is_refused_on_the_device(director):
    night = night_with_schedule(4)
    play_out(night, leave=[(1, 4), (2, 3)])
    results_services.night_end_early(night=night)
    void = Game.objects.get(night=night, round=3, table=1)
    token = scorers.device_token(scorers.device_add(night=night, user=director))
    phone = Phone()

    refused(phone.get(game_path(token, void)), "ended early")
    refused(phone.post(game_path(token, void), HAND), "ended early")
    assert void.hands.count() == 0


def test_a_hand_entered_on_the_device_names_it(client_as, director, night, token):
    game = Game.objects.filter(night=night).first()
    phone = Phone()

    page = phone.get(game_path(token, game))
    saved = phone.post(game_path(token, game), HAND)

    assertContains(page, "scorer device <strong>Scorer 2</strong>")
    assert saved.status_code == 302
    game.refresh_from_db()
    assert game.hands.count() == 1 and (game.score_a, game.score_b) == (2, 2)
    trail = audit.game_trail(game)
    assert (trail[0].who, trail[1].who) == ("scorer device «Scorer 2»",) * 2
    board = client_as(director).get(reverse("scoring:game-detail", args=[game.pk]))
    assertContains(board, "scorer device «Scorer 2»")


def test_the_audit_trail_names_the_device_in_french(client_as, director, night, token):
    game = Game.objects.filter(night=night).first()
    Phone().post(game_path(token, game), HAND)

    page = client_as(director).get(
        reverse("scoring:game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    )

    assertContains(page, "appareil de marqueur « Scorer 2 »")


def test_a_pegboard_result_on_the_device_awaits_someone_else(night, device, token):
    game = Game.objects.filter(night=night).first()
    phone = Phone()

    phone.post(game_path(token, game, "result"), result_for(game))
    again = phone.post(game_path(token, game, "confirm"), follow=True)

    game.refresh_from_db()
    assert game.winner == game.pair_a and not game.confirmed
    assert game.result_entered_by == "scorer device «Scorer 2»"
    assertContains(again, "This scorer device entered the result: someone else must confirm it.")
    # The same code on another phone is still the device that entered it.
    Phone().post(game_path(token, game, "confirm"))
    game.refresh_from_db()
    assert not game.confirmed
    # A pair confirms it on its own link.
    Phone().post(link_path(game, game.pair_b) + "confirm/")
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by == f"pair {game.pair_b} (table link)"


def test_the_device_confirms_a_pairs_result_and_settles_a_dispute(night, token):
    games = list(Game.objects.filter(night=night).order_by("round", "table"))
    Phone().post(link_path(games[0], games[0].pair_a) + "result/", result_for(games[0]))
    Phone().post(link_path(games[1], games[1].pair_a) + "result/", result_for(games[1]))
    Phone().post(link_path(games[1], games[1].pair_b) + "dispute/", {"reason": "no"})

    phone = Phone()
    page = phone.get(game_path(token, games[1]))
    for game in games[:2]:
        phone.post(game_path(token, game, "confirm"))

    assertContains(page, "Confirm the result")
    assertNotContains(page, "Dispute it")
    for game in games[:2]:
        game.refresh_from_db()
        assert game.confirmed and game.confirmed_by == "scorer device «Scorer 2»"
        assert game.dispute == ""


def test_the_phone_that_entered_a_result_on_a_pair_link_does_not_confirm_it(night, token):
    game = Game.objects.filter(night=night).first()
    phone = Phone()
    phone.post(link_path(game, game.pair_a) + "result/", result_for(game))

    answer = phone.post(game_path(token, game, "confirm"), follow=True)

    assertContains(answer, "This phone entered the result: someone else must confirm it.")
    game.refresh_from_db()
    assert not game.confirmed


def test_the_phone_that_entered_a_result_on_the_device_does_not_confirm_it_as_a_pair(night, token):
    game = Game.objects.filter(night=night).first()
    phone = Phone()
    phone.post(game_path(token, game, "result"), result_for(game))

    phone.post(link_path(game, game.pair_b) + "confirm/")

    game.refresh_from_db()
    assert not game.confirmed and game.result_entered_by == "scorer device «Scorer 2»"


def test_a_game_of_another_night_is_refused(night, token):
    other = night_with_schedule(2, name="Another night")
    game = Game.objects.get(night=other)

    for part in ("", "result"):
        refused(Phone().get(game_path(token, game, part)), "not one of this night")
    refused(Phone().post(game_path(token, game), HAND), "not one of this night")
    assert game.hands.count() == 0


def test_the_device_is_no_account(night, token):
    """The phone that opened the code is a visitor everywhere else: the director's and
    the scorers' pages send it to sign in (on the hall's Wi-Fi, the plain page)."""
    phone = Phone()
    phone.get(reverse("scoring:device-home", args=[token]))
    game = Game.objects.filter(night=night).first()

    for name in ("night-round", "night-pair-cards", "night-attendance"):
        assert_refused(phone.get(reverse(f"scoring:{name}", args=[night.pk])), "anonymous")
    for name in ("night-draw", "night-close", "night-cash", "night-device-add"):
        assert_refused(phone.post(reverse(f"scoring:{name}", args=[night.pk])), "anonymous")
    assert_refused(phone.post(reverse("scoring:game-reopen", args=[game.pk])), "anonymous")
    assert_refused(phone.post(reverse("scoring:game-confirm", args=[game.pk])), "anonymous")
    assert_refused(phone.get(reverse("scoring:people")), "anonymous")


def test_a_revoked_device_opens_nothing(client_as, director, night, device, token):
    game = Game.objects.filter(night=night).first()
    client_as(director).post(reverse("scoring:device-revoke", args=[device.pk]))

    refused(Phone().get(reverse("scoring:device-home", args=[token])), "revoked")
    refused(Phone().get(game_path(token, game)), "revoked")
    refused(Phone().post(game_path(token, game), HAND), "revoked")
    assert game.hands.count() == 0
    page = client_as(director).get(reverse("scoring:night-detail", args=[night.pk]))
    assertNotContains(page, token)


def test_a_final_night_closes_its_devices(night, token, director):
    game = Game.objects.filter(night=night).first()
    Night = type(night)
    Night.objects.filter(pk=night.pk).update(is_final=True)

    refused(Phone().get(reverse("scoring:device-home", args=[token])), "final")
    refused(Phone().post(game_path(token, game, "result"), result_for(game)), "final")
    assert not Game.objects.get(pk=game.pk).winner


def test_a_new_draw_leaves_the_device_good(night, token, director):
    links_services.revoke_links(Game.objects.filter(night=night))
    nights_services.night_draw(night=night, user=director)

    assert Phone().get(reverse("scoring:device-home", args=[token])).status_code == 200


@pytest.mark.parametrize("change", [lambda t: t[:-1] + ("A" if t[-1] != "A" else "B"), str.upper])
def test_a_tampered_code_is_refused(night, token, change):
    response = Phone().get(reverse("scoring:device-home", args=[change(token)]))

    refused(response, "This link is not valid.")
    assertContains(response, "Ask the director for a new scorer code", status_code=403)


def test_a_table_links_token_opens_no_device(night):
    game = Game.objects.filter(night=night).first()
    table_token = link_path(game, game.pair_a).split("/")[2]

    refused(Phone().get(reverse("scoring:device-home", args=[table_token])), "not valid")
    refused(Phone().get(game_path(table_token, game)), "not valid")


def test_the_hall_guard_lets_the_device_through(client, settings, night, token):
    settings.HALL_GUARD = True
    game = Game.objects.filter(night=night).first()

    home = client.get(reverse("scoring:device-home", args=[token]), REMOTE_ADDR=PHONE)
    saved = client.post(game_path(token, game), HAND, REMOTE_ADDR=PHONE)

    assert home.status_code == 200 and saved.status_code == 302
    assert Game.objects.get(pk=game.pk).hands.count() == 1


def test_the_devices_pages_queries_do_not_grow_with_hands_or_games(night, token):
    game = Game.objects.filter(night=night).first()
    phone = Phone()

    def queries(path: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert phone.get(path).status_code == 200
        return len(captured)

    hand = {"bidder": 1, "bid": 2, "points": [2, 2]}
    games_services.hand_record(game=game, data=hand)
    one = queries(game_path(token, game)), queries(reverse("scoring:device-home", args=[token]))
    for _ in range(3):
        games_services.hand_record(game=game, data=hand)
    night_with_schedule(4, name="A bigger night")  # other nights' games count for nothing

    assert (
        queries(game_path(token, game)),
        queries(reverse("scoring:device-home", args=[token])),
    ) == one


def test_forged_codes_are_counted_with_forged_links_and_a_genuine_one_still_opens(night, token):
    phone = Phone()
    for _ in range(20):
        assert phone.get(reverse("scoring:device-home", args=["x:y"])).status_code == 403

    assert phone.get(reverse("scoring:device-home", args=["x:y"])).status_code == 429
    assert phone.get(reverse("scoring:table-link", args=["x:y"])).status_code == 429
    assert phone.get(reverse("scoring:device-home", args=[token])).status_code == 200


def test_no_device_is_added_on_a_final_night(client_as, director, night):
    type(night).objects.filter(pk=night.pk).update(is_final=True)
    page = client_as(director)

    answer = page.post(reverse("scoring:night-device-add", args=[night.pk]), follow=True)

    assertContains(answer, "is final")
    assertNotContains(answer, "Add a scorer device")
    assert not ScorerDevice.objects.filter(night=night).exists()


def test_a_result_awaiting_confirmation_takes_only_a_confirmation_from_the_device(night, token):
    game = Game.objects.filter(night=night).first()
    Phone().post(link_path(game, game.pair_a) + "result/", result_for(game))

    page = Phone().post(game_path(token, game), HAND, follow=True)

    assertContains(page, "a scorer device can only confirm it now", status_code=page.status_code)
    assertNotContains(page, "through a table link", status_code=page.status_code)
    assert game.hands.count() == 0
