"""Every URL the site has, tried by every kind of visitor with GET and POST.

The URL patterns are walked from the resolver (the admin and static files aside), so a
new page is tried as soon as it exists, and must be classified: its view class for each
method carries ``DirectorRequiredMixin`` or ``ScorerRequiredMixin``, or is named below as
public or as needing only a login. Then for anonymous visitors, logged-in members,
scorers and directors:

- a role without the right is refused (anonymous: redirect to the login page; logged
  in: 403) and nothing is written;
- a role with the right is served (no login redirect, no 403, no server error);
- a method the view does not take gets 405.

All of it under each of the club's ``PUBLIC_PAGES`` settings: a page to read
(``PublicPage``) is the public's under ``all``; under ``standings`` only if it shows no
money; under ``none`` never (it needs a login, like the password change).

And CSRF: a POST without the token is refused with 403 and writes nothing.
"""

import copy
import inspect
import re
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import views as auth_views
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.attendance import services as attendance_services
from scoring.core.http import language, text_size
from scoring.core.http.permissions import (
    MONEY,
    DirectorRequiredMixin,
    PublicPage,
    ScorerRequiredMixin,
)
from scoring.games import services as games_services
from scoring.games import views as games_views
from scoring.leagues import views as leagues_views
from scoring.leagues.services import league_add
from scoring.links import codes, scorers
from scoring.links import views as links_views
from scoring.links.tokens import link_token
from scoring.mail import tokens as mail_tokens
from scoring.mail import views as mail_views
from scoring.models import Game, Hand, Member, Night, Season, TableGame
from scoring.nights import views as nights_views
from scoring.people import views as people_views
from scoring.printing import views as printing_views
from scoring.results import views as results_views
from scoring.room import views as room_views
from scoring.seasons import views as seasons_views
from scoring.tablegames import services as tablegames_services
from scoring.tablegames import views as tablegames_views
from tests.factories import DirectorFactory, ScorerFactory, UserFactory, night_with_schedule
from tests.phones import Phone
from tests.reliability.hostile import club_writes

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "member", "scorer", "director")
METHODS = ("get", "post")
RANK = {"anonymous": 0, "member": 1, "scorer": 2, "director": 3}
# Who each kind of view is for: the least role that may use it.
PUBLIC, LOGGED_IN, SCORER, DIRECTOR = "anonymous", "member", "scorer", "director"

# Pages to read (``PublicPage``): those that show money are the public's only under
# PUBLIC_PAGES=all. Listed, so a page that changes kind is seen changing here.
READ_VIEWS = {
    nights_views.HomeView: "standings",
    nights_views.NightDetailView: "standings",
    nights_views.NightDrawPage: "standings",
    nights_views.NightFile: MONEY,
    games_views.GamePage: "standings",
    results_views.NightStandings: "standings",
    results_views.NightStandingsJson: "standings",
    results_views.NightPot: MONEY,
    results_views.MemberList: MONEY,
    printing_views.SheetView: "standings",
    tablegames_views.TableList: "standings",
    tablegames_views.TablePage: "standings",
    tablegames_views.TableFile: MONEY,
    tablegames_views.TableSheet: "standings",
    seasons_views.SeasonList: "standings",
    seasons_views.SeasonDetail: "standings",
    seasons_views.SeasonLadderPdf: "standings",
    room_views.ProjectorPage: "standings",
}
PUBLIC_UNDER = {"all": {"standings", MONEY}, "standings": {"standings"}, "none": set()}

# Views with no permission mixin, and who they are for. Anything else without a mixin
# fails the test until it is listed here (or given a mixin).
OPEN_VIEWS = {
    auth_views.LoginView: PUBLIC,
    auth_views.LogoutView: PUBLIC,
    people_views.PasswordChange: LOGGED_IN,
    auth_views.PasswordChangeDoneView: LOGGED_IN,
    text_size.TextSize: PUBLIC,
    # A table's link: the signed token in the URL is its only key (tests below).
    links_views.LinkHand: PUBLIC,
    links_views.LinkResult: PUBLIC,
    links_views.LinkConfirm: PUBLIC,
    links_views.LinkDispute: PUBLIC,
    links_views.LinkNews: PUBLIC,
    links_views.LinkSettled: PUBLIC,
    # A pair's code: its code in the URL is its only key (tests below).
    links_views.PairHome: PUBLIC,
    links_views.PairHomeNews: PUBLIC,
    links_views.PairHand: PUBLIC,
    links_views.PairResult: PUBLIC,
    links_views.PairConfirm: PUBLIC,
    links_views.PairDispute: PUBLIC,
    links_views.PairNews: PUBLIC,
    links_views.PairSettled: PUBLIC,
    # A second scorer's phone: the signed code in the URL is its only key (tests below).
    room_views.DeviceHome: PUBLIC,
    links_views.DeviceHand: PUBLIC,
    links_views.DeviceResult: PUBLIC,
    links_views.DeviceConfirm: PUBLIC,
    links_views.DeviceNews: PUBLIC,
    links_views.DeviceSettled: PUBLIC,
    language.SetLanguage: PUBLIC,
    # A member's yes and stop from an e-mail: the signed token in the URL is its only key
    # (tests/views/mail).
    mail_views.MailYes: PUBLIC,
    mail_views.MailStop: PUBLIC,
    # A league's page and its file: anyone reads them; each club's nights are shown as its
    # own PUBLIC_PAGES says (tests/views/leagues).
    leagues_views.LeagueDetail: PUBLIC,
    leagues_views.LeagueJson: PUBLIC,
}


def walk(patterns, prefix: str = "", namespace: str = ""):
    """``(route, name, callback)`` for every URL pattern below ``patterns``."""
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            if route.startswith("admin/"):
                continue
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from walk(pattern.url_patterns, route, inner)
        elif isinstance(pattern, URLPattern) and not route.startswith("static"):
            yield route, namespace + pattern.name, pattern.callback


ALL_PATTERNS = sorted(walk(get_resolver().url_patterns))


def by_method(callback) -> dict | None:
    """The views a URL splits by method (``core.ui.views.by_method``), or None for one view."""
    return inspect.getclosurevars(callback).nonlocals.get("views")


def handler(callback, method: str):
    """The view class that answers ``method`` at this URL, or None if none does."""
    methods = by_method(callback)
    if methods is not None:
        callback = methods.get(method)
        if callback is None:
            return None
    view_class = callback.view_class
    takes = method in view_class.http_method_names and hasattr(view_class, method)
    return view_class if takes else None


def guard(callback, method: str, public_pages: str = "all"):
    """The least role that may reach the view answering ``method`` (its mixin decides
    before the method is looked at), or None when the URL itself refuses the method."""
    methods = by_method(callback)
    if methods is not None and method not in methods:
        return None
    view_class = (methods[method] if methods else callback).view_class
    if issubclass(view_class, DirectorRequiredMixin):
        return DIRECTOR
    if issubclass(view_class, ScorerRequiredMixin):
        return SCORER
    if issubclass(view_class, PublicPage):
        kind = next(kind for view, kind in READ_VIEWS.items() if issubclass(view_class, view))
        assert kind == view_class.kind, f"{view_class.__name__} is listed as {kind}"
        return PUBLIC if kind in PUBLIC_UNDER[public_pages] else LOGGED_IN
    for open_view, role in OPEN_VIEWS.items():
        if view_class is open_view:
            return role
    raise AssertionError(f"{view_class.__name__} has no known role: add a mixin or list it")


def build_night():
    """The module's night (``module_night_pk``, built once): three pairs, a hand and a
    substitute in its first game; beside it a table game with a hand, and a season."""
    night = night_with_schedule(3)
    game = Game.objects.filter(night=night).order_by("pk").first()
    a = game.pair_a
    games_services.hand_record(game=game, data={"bidder": a, "bid": 2, "high": a, "low": a})
    attendance_services.substitute_record(game=game, number=2 * a, name="Zed")
    table = tablegames_services.table_create(
        variant="chicago42", player_names=["Ann", "Bob"], date=night.date, stake=1
    )
    tablegames_services.table_hand_record(
        table=table, data={"bidder": 1, "bid": 1, "high": 1, "low": 2}
    )
    Season.objects.create(name="Season", first_date=night.date, last_date=night.date)
    return night


def objects_for(night) -> dict:
    """The primary keys the URLs take, from the module's night and what was built beside it."""
    game = Game.objects.filter(night=night).order_by("pk").first()
    hand = game.hands.get()
    table = TableGame.objects.get()
    device = scorers.device_add(night=night, user=None, name="Scorer 2")
    member = Member.objects.order_by("pk").first()
    Member.objects.filter(pk=member.pk).update(email="ann@example.org")
    member.refresh_from_db()
    return {
        "nights": night.pk,
        "games": game.pk,
        "hands": hand.pk,
        "tables": table.pk,
        "table-hands": table.hands.get().pk,
        "substitutes": game.substitutes.get().pk,
        "history": Hand.history.filter(id=hand.pk).latest("history_date").history_id,
        "seasons": Season.objects.get().pk,
        "token": link_token(game, game.pair_a),
        "device-token": scorers.device_token(device),
        "d": game.pk,  # a scorer device's game: ``d/<token>/games/<pk>/``
        "pair-token": codes.spoken_code(codes.night_codes(night)[game.pair_a].code),
        "p": game.pk,  # a pair's game: ``p/<code>/games/<pk>/``
        "scorer-devices": device.pk,
        "people": ScorerFactory(username="someone-else").pk,  # a login to disable, remove
        "members": member.pk,
        "mail-yes-token": mail_tokens.yes_token(member.pk, member.email),
        "mail-stop-token": mail_tokens.stop_token(member.pk, member.email),
        "league": league_add(slug="league", name="League", clubs=[night.club.slug]).slug,
    }


@pytest.fixture(scope="module")
def kept(module_night_pk, django_db_blocker):
    """Built once beside the module's night: the primary keys the URLs take, and each
    role's cookies, signed in. Every request of a test is rolled back, so the sessions
    stay as built."""
    with django_db_blocker.unblock():
        objects = objects_for(Night.objects.get(pk=module_night_pk))
        logins = {
            "member": UserFactory(username="member"),
            "scorer": ScorerFactory(),
            "director": DirectorFactory(),
        }
        cookies = {}
        for role in ROLES:
            client = Phone()
            if role in logins:
                client.force_login(logins[role])
            cookies[role] = client.cookies
    return objects, cookies


@pytest.fixture
def objects(kept, db) -> dict:
    return kept[0]


@pytest.fixture
def client_for(kept, db):
    """``client_for("scorer")``: a fresh client with the role's cookies (what one test's
    requests do to a client's cookies stays in that test)."""

    def make(role: str) -> Phone:
        client = Phone()
        client.cookies = copy.deepcopy(kept[1][role])
        return client

    return make


MAIL_TOKENS = {"mail/yes/": "mail-yes-token", "mail/stop/": "mail-stop-token"}


def url_of(route: str, name: str, objects: dict) -> str:
    kwargs = {}
    if "pk>" in route:
        kwargs["pk"] = objects[route.lstrip("^").split("/")[0]]
    if "token>" in route:
        path = route.lstrip("^")
        kind = {"d": "device-token", "p": "pair-token"}.get(path[0], "token")
        kind = MAIL_TOKENS.get(path.split("<")[0], kind)
        kwargs["token"] = objects[kind]
    if "history_id>" in route:
        kwargs["history_id"] = objects["history"]
    if "slug>" in route:
        kwargs["slug"] = objects["league"]  # a league's page: ``l/<slug>/``
    if "round>" in route:
        kwargs["round"] = 1  # the round of the objects' game
    sheet = re.search(r"\(\?P<sheet>([a-z]+)", route)
    if sheet:
        kwargs["sheet"] = sheet[1]
    return reverse(name, kwargs=kwargs)


def refused_as(response, role: str) -> bool:
    if role == "anonymous":
        location = urlsplit(response.get("Location", ""))
        return response.status_code == 302 and location.path == reverse("login")
    return response.status_code == 403


ROLE_MIXINS = (DirectorRequiredMixin, ScorerRequiredMixin)


def view_classes(callback) -> list[type]:
    """The view classes behind a URL, one per method where the URL splits them."""
    methods = by_method(callback)
    return [view.view_class for view in (methods.values() if methods else [callback])]


def matrix_cases():
    """Each URL with each ``PUBLIC_PAGES`` setting it is tried under.

    The setting decides who may read a ``PublicPage``, and what an open page (the login,
    a table's link) shows an anonymous visitor; a page behind a role's mixin is the same
    under all three, so it is tried under the default alone. Who may read is decided in
    Python, the same on every database engine: SQLite alone runs it.
    """
    for route, name, callback in ALL_PATTERNS:
        yield pytest.param(route, name, callback, "all", id=f"{name}-all")
        if not all(issubclass(view, ROLE_MIXINS) for view in view_classes(callback)):
            for setting in ("standings", "none"):
                yield pytest.param(route, name, callback, setting, id=f"{name}-{setting}")


@pytest.mark.parametrize(("route", "name", "callback", "public_pages"), list(matrix_cases()))
def test_who_may_use_each_url(client_for, objects, settings, route, name, callback, public_pages):
    settings.PUBLIC_PAGES = public_pages
    url = url_of(route, name, objects)
    # The setting decides what the public may do; a logged-in role is served the same
    # under each, so it is tried under the default alone.
    roles = ROLES if public_pages == "all" else ("anonymous",)
    for method in METHODS:
        least = guard(callback, method, public_pages)
        for role in roles:
            refused = least is not None and RANK[role] < RANK[least]
            with transaction.atomic(), club_writes() as written:
                response = getattr(client_for(role), method)(url)
                transaction.set_rollback(True)
            where = f"{method.upper()} {url} as {role}"
            assert response.status_code < 500, where
            if least is None:
                assert response.status_code == 405, where
            elif refused:
                assert refused_as(response, role), where
                assert not written, f"{where}: refused but wrote {written}"
            elif handler(callback, method) is None:
                assert response.status_code == 405, where
            else:
                assert not refused_as(response, role) and response.status_code != 405, where


LINK_ROUTES = {"t/<str:token>/", "t/<str:token>/result/", "t/<str:token>/confirm/"}
LINK_ROUTES |= {"t/<str:token>/dispute/", "t/<str:token>/news/", "t/<str:token>/settled/"}


@pytest.mark.parametrize("code", ["table-link", "device-home", "pair-home"])
@pytest.mark.parametrize("public_pages", ["all", "none"])
def test_a_link_session_reaches_nothing_else(objects, settings, public_pages, code):
    """A phone that opened a table's link, a scorer device's code or a pair's code is
    anonymous everywhere else: every other page that needs a role refuses it (a scorer's
    and a director's alike), and nothing it tries is written."""
    settings.PUBLIC_PAGES = public_pages
    phone = Phone()
    token = objects[{"device-home": "device-token", "pair-home": "pair-token"}.get(code, "token")]
    assert phone.get(reverse(f"scoring:{code}", args=[token])).status_code == 200
    for route, name, callback in ALL_PATTERNS:
        if route in LINK_ROUTES or route.lstrip("^").startswith(("d/", "p/")):
            continue
        url = url_of(route, name, objects)
        for method in METHODS:
            least = guard(callback, method, public_pages)
            if least in (None, PUBLIC):
                continue
            with transaction.atomic(), club_writes() as written:
                response = getattr(phone, method)(url)
                transaction.set_rollback(True)
            assert refused_as(response, "anonymous"), f"{method.upper()} {url}"
            assert not written, f"{method.upper()} {url}: refused but wrote {written}"


def test_a_link_opens_only_its_own_game(objects):
    """The token names its game: another game's page under it, or a token pointed at
    another game, is refused."""
    other = Game.objects.exclude(pk=objects["games"]).order_by("pk").first()
    value, signature = objects["token"].split(":")
    moved = f"{other.pk}.{other.pair_a}.1:{signature}"

    response = Phone().get(reverse("scoring:table-link", args=[moved]))

    assert response.status_code == 403


def test_every_scoring_url_is_tried():
    names = {name for _, name, _ in ALL_PATTERNS}

    assert {"scoring:hand-edit", "scoring:night-create", "login", "logout"} <= names
    assert not any(name.startswith("admin:") for name in names)
    assert "password_reset" not in names  # no mail server: a director resets passwords


WRITES = [
    ("scoring:night-draw", "nights"),
    ("scoring:game-detail", "games"),
    ("scoring:hand-edit", "hands"),
    ("scoring:hand-delete", "hands"),
    ("scoring:night-close", "nights"),
    ("scoring:table-detail", "tables"),
    ("scoring:table-hand-edit", "table-hands"),
]


@pytest.mark.parametrize(("name", "kind"), WRITES)
def test_a_post_without_the_csrf_token_is_refused(director, objects, name, kind):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)

    with club_writes() as written:
        response = client.post(reverse(name, args=[objects[kind]]), {"bid": "2"})

    assert response.status_code == 403
    assert "CSRF" in response.content.decode()
    assert not written


def test_logging_in_needs_the_csrf_token_too(scorer):
    response = Client(enforce_csrf_checks=True).post(
        reverse("login"), {"username": "scorer", "password": "password"}
    )

    assert response.status_code == 403
