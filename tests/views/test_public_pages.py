"""``PUBLIC_PAGES``: what a visitor who is not logged in may read (all | standings | none).

The access matrix (tests/reliability/test_access_matrix.py) tries every URL under each
setting; these tests check what the pages the public still sees leave out.
"""

import datetime
import json
from decimal import Decimal

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from scoring.games import confirmation
from scoring.games import services as games_services
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.rules.jsonio import dump_json
from scoring.rules.simulate import random_night
from scoring.tablegames import services as tablegames_services
from tests.factories import DirectorFactory, ScorerFactory, night_with_schedule

pytestmark = pytest.mark.django_db


def build_night():
    return nights_services.night_import(document=random_night(4, seed=4))


def url(name: str, night) -> str:
    return reverse(f"scoring:{name}", args=[night.pk])


def test_under_standings_the_public_sees_no_money(client, settings, night):
    settings.PUBLIC_PAGES = "standings"

    page = client.get(url("night-detail", night))
    standings = client.get(url("night-standings", night))
    document = client.get(url("night-standings-json", night))

    assert page.status_code == standings.status_code == document.status_code == 200
    for response in (page, standings):
        assertNotContains(response, url("night-pot", night))
        assertNotContains(response, reverse("scoring:member-list"))
    assertNotContains(page, "Entry $")
    assertNotContains(page, url("night-file", night))
    full = results_selectors.night_standings(night)
    assert json.loads(document.content) == {k: v for k, v in full.items() if k != "money"}
    for name in ("night-pot", "night-file"):
        assert client.get(url(name, night))["Location"].startswith(reverse("login"))
    assert client.get(reverse("scoring:member-list"))["Location"].startswith(reverse("login"))


def test_under_standings_anyone_logged_in_sees_the_money(client_for, settings, night):
    settings.PUBLIC_PAGES = "standings"
    client = client_for("member")

    document = client.get(url("night-standings-json", night))

    assert document.content.decode() == dump_json(results_selectors.night_standings(night))
    assertContains(client.get(url("night-detail", night)), "Entry $2.00")
    assert client.get(url("night-pot", night)).status_code == 200


def test_under_all_the_public_sees_everything_as_before(client, settings, night):
    settings.PUBLIC_PAGES = "all"

    document = client.get(url("night-standings-json", night))

    assert document.content.decode() == dump_json(results_selectors.night_standings(night))
    assertContains(client.get(url("night-detail", night)), url("night-pot", night))


def test_under_none_the_public_sees_only_the_login_page(client, settings, night):
    settings.PUBLIC_PAGES = "none"

    for path in ("/", url("night-detail", night), url("night-standings-json", night)):
        assert client.get(path)["Location"] == f"{reverse('login')}?next={path}"
    assert client.get(reverse("login")).status_code == 200
    assert client.get(f"/nights/{night.pk}/sheets/standings.pdf").status_code == 302


def test_under_standings_a_tables_audit_trail_shows_the_public_no_stake(
    client, client_as, scorer, settings
):
    settings.PUBLIC_PAGES = "standings"
    table = tablegames_services.table_create(
        variant="razzle",
        player_names=["Ann", "Bob", "Cy", "Di"],
        date=datetime.date(2026, 11, 20),
        stake=Decimal("1.25"),
        user=scorer,
    )
    path = reverse("scoring:table-detail", args=[table.pk])

    public = client.get(path)
    signed_in = client_as(scorer).get(path)

    assert public.status_code == 200
    assertNotContains(public, "<code>stake</code>", html=False)
    assertNotContains(public, "1.25")
    assertContains(signed_in, "<code>stake</code>", html=False)
    settings.PUBLIC_PAGES = "all"  # a club that shows its money shows the stake too
    assertContains(client.get(path), "<code>stake</code>", html=False)


def test_the_public_audit_trail_names_people_never_by_their_sign_in_name(client, client_as):
    typed_by = ScorerFactory(username="kp_login7")
    settled_by = DirectorFactory(username="dir_login3", first_name="Marie", last_name="Tremblay")
    night = night_with_schedule(2, confirm_results=True)
    game = night.games.get()
    result = {"winner": game.pair_a, "score": [11, 3], "cinches": [0, 0]}
    games_services.game_result_record(game=game, result=result, user=typed_by)
    public_while_awaiting = client.get(reverse("scoring:game-detail", args=[game.pk]))
    confirmation.game_result_confirm(game=game, user=settled_by)
    path = reverse("scoring:game-detail", args=[game.pk])

    public = client.get(path)
    staff = client_as(settled_by).get(path)

    assertContains(public_while_awaiting, "entered by a scorer.")
    who = [entry.who for entry in public.context["audit"]]
    assert who[:2] == ["Marie Tremblay", "a scorer"]  # the confirmation, the result
    changes = {change for entry in public.context["audit"] for change in entry.changes}
    assert ("confirmed by", "", "Marie Tremblay") in changes
    assert ("result entered by", "", "a scorer") in changes
    for page in (public_while_awaiting, public):
        assertNotContains(page, "kp_login7")
        assertNotContains(page, "dir_login3")
    assert [entry.who for entry in staff.context["audit"]][:2] == ["dir_login3", "kp_login7"]


def test_the_public_night_file_names_who_confirmed_never_by_their_sign_in_name(
    client, client_as, settings
):
    settings.PUBLIC_PAGES = "all"  # the night file shows money: public only where money is
    typed_by = ScorerFactory(username="kp_login7")
    settled_by = DirectorFactory(username="dir_login3")
    night = night_with_schedule(2, confirm_results=True)
    game = night.games.get()
    result = {"winner": game.pair_a, "score": [11, 3], "cinches": [0, 0]}
    games_services.game_result_record(game=game, result=result, user=typed_by)
    confirmation.game_result_confirm(game=game, user=settled_by)
    path = reverse("scoring:night-file", args=[night.pk])

    public = json.loads(client.get(path).content)
    staff = json.loads(client_as(settled_by).get(path).content)

    assert public["games"][0]["confirmed_by"] == "a director"
    assert staff["games"][0]["confirmed_by"] == "dir_login3"
