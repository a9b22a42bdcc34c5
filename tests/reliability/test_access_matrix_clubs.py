"""Two clubs on one database: nothing of one club is read or written from the other's
addresses, whoever asks.

Clubs A and B each have a night in play (pairs, a schedule, a game with a hand and a
substitute, a game with its result), a season, a member with an e-mail address, a
table game with a hand, pair codes and a scorer device, and their own director, scorer
and member login. Every URL of the site (walked from the resolver, as
``test_access_matrix`` does), filled with B's ids, tokens and codes, is asked under
``/c/A/…`` with GET and POST by A's director (who is nothing at B), A's scorer, A's
member login, anonymous, a phone that opened A's pair code, a phone that opened A's
scorer device, and a person who is a director of both clubs; the code pages are asked
besides with A's own code and B's game (``/p/<A's code>/games/<B's game>/``). Then:

- the answer is a 404, a 403, a 405 or a login redirect: never a page of B's, never a
  server error (a URL that names nothing of B's, a list or a form, is A's own page);
- no answer's body holds a name of B's (its club, night, players, members, season);
- B's rows, read before and after each request (every model of the app, its history
  and its people's logins, filtered to B), are unchanged.

The same the other way round (B's people on A's ids under ``/c/B/``), and the positive
control: each club's director on its own ids under its own address is served, as is
the person with roles in both clubs, under each club's address alone.

Cost: every URL × method × visitor × direction is about 3,000 requests, some 70 s of
one worker on SQLite: more than the everyday run affords. The everyday run has A ask
for every URL of B's as the visitors with the most to reach (A's director, the director
of both clubs, the two phones), and A's director's positive control; ``slow`` runs the
rest (A's scorer, member and anonymous visitor, the whole other way round, B's positive
control). ``env -u DJANGO_SETTINGS_MODULE .venv/bin/pytest -p no:cacheprovider -q -m
"not slow" tests/reliability/test_access_matrix_clubs.py`` (and ``-m slow``) times each.
It is marked ``database``: the scopes are queries, and PostgreSQL runs it too, whole, in
``make test-slow``.
"""

import copy
import datetime
import os
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django_scopes import scope, scopes_disabled

from scoring.attendance import services as attendance_services
from scoring.clubs.roles import DIRECTOR, SCORER, role_give
from scoring.games import services as games_services
from scoring.leagues.services import league_add
from scoring.links import codes, scorers
from scoring.links.tokens import link_token
from scoring.mail import tokens as mail_tokens
from scoring.models import Club, Game, Hand, Member, Night, Season, TableGame
from scoring.tablegames import services as tablegames_services
from tests.factories import UserFactory, night_with_schedule
from tests.phones import Phone
from tests.reliability.live_site import is_postgres
from tests.reliability.test_access_matrix import ALL_PATTERNS, METHODS, guard, url_of

# Both engines: the scope's joins are the engine's to run. On PostgreSQL the whole module is
# `make test-slow`'s (its 40 s there would push `make test` past its four minutes).
ON_POSTGRES = is_postgres(os.environ.get("DATABASE_URL", ""))
pytestmark = [pytest.mark.django_db, pytest.mark.database] + (
    [pytest.mark.slow] if ON_POSTGRES else []
)

# Each club's names carry its mark: a page of one club that shows the other's mark
# shows the other's rows.
MARKS = {"a": "wombat", "b": "quokka"}
VISITORS = ("director", "scorer", "member", "anonymous", "pair-code", "device", "both")

# The path from each model of the app to its club (its history's is the same); a new
# model fails ``test_every_model_is_in_the_dump`` until it is placed here.
CLUB_PATHS = {
    "Club": "pk",
    "ClubRole": "club",
    "Member": "club",
    "Night": "club",
    "Season": "club",
    "TableGame": "club",
    "Seat": "night__club",
    "Game": "night__club",
    "ScorerDevice": "night__club",
    "PairCode": "night__club",
    "NightSummary": "night__club",
    "MemberNight": "night__club",
    "CashCount": "night__club",
    "OutgoingMail": "member__club",
    "PhoneEntry": "game__night__club",
    "Substitute": "game__night__club",
    "Hand": "game__night__club",
    "TablePlayer": "table__club",
    "TableHand": "table__club",
    "Profile": "user__club_roles__club",
    "League": "clubs",  # the host's, across clubs: those the club joined
}
# Kept sheets belong to no club: a row is a fingerprint of what a sheet is made of.
NOT_A_CLUBS = {"KeptSheet"}


def club_path(model) -> str:
    name = model._meta.object_name
    return CLUB_PATHS[name.removeprefix("Historical") if name.startswith("Historical") else name]


def club_dump(club: Club) -> dict:
    """Every row of ``club``: each model's, its histories', and its people's logins."""
    dump = {}
    for model in apps.get_app_config("scoring").get_models():
        if model._meta.object_name in NOT_A_CLUBS:
            continue
        rows = model._base_manager.filter(**{club_path(model): club.pk}).order_by("pk")
        dump[model._meta.label] = list(rows.values())
    people = get_user_model()._base_manager.filter(club_roles__club=club).order_by("pk")
    dump["auth.User"] = list(people.values())
    return dump


@dataclass
class Side:
    """One club, its people and the ids its URLs take."""

    club: Club
    people: dict  # visitor → login (None: anonymous or a phone)
    objects: dict  # what ``test_access_matrix.url_of`` fills a URL with
    pair_code: str
    device_token: str
    cookies: dict = field(default_factory=dict)  # visitor → cookies (``signed_in``)
    rows: dict = field(default_factory=dict)  # every row of the club (``club_dump``)


def club_built(slug: str, both) -> Side:
    mark = MARKS[slug].capitalize()
    club = Club.objects.create(slug=slug, name=f"{mark} Cinch")
    with scope(club=club):
        names = [f"{mark} {first}" for first in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")]
        night = night_with_schedule(3, name=f"{mark} night", names=names)
        games = list(Game.objects.filter(night=night).order_by("round", "table"))
        game, finished = games[0], games[1]
        a = game.pair_a
        games_services.hand_record(game=game, data={"bidder": a, "bid": 2, "high": a, "low": a})
        attendance_services.substitute_record(game=game, number=2 * a, name=f"{mark} Sub")
        games_services.game_result_record(
            game=finished, result={"winner": finished.pair_a, "score": [11, 5], "cinches": [0, 0]}
        )
        table = tablegames_services.table_create(
            variant="chicago42",
            player_names=[f"{mark} Gus", f"{mark} Hal"],
            date=datetime.date(2026, 11, 17),
            stake=1,
        )
        tablegames_services.table_hand_record(
            table=table, data={"bidder": 1, "bid": 1, "high": 1, "low": 2}
        )
        season = Season.objects.create(
            name=f"{mark} winter", first_date=night.date, last_date=night.date
        )
        member = Member.objects.create(name=f"{mark} Member", email=f"{slug}@example.org")
        device = scorers.device_add(night=night, user=None, name=f"{mark} phone")
        people = {
            "director": UserFactory(username=f"{slug}-director", is_staff=True),
            "scorer": UserFactory(username=f"{slug}-scorer"),
            "member": UserFactory(username=f"{slug}-member"),
            "both": both,
        }
        role_give(user=people["director"], club=club, role=DIRECTOR)
        role_give(user=people["scorer"], club=club, role=SCORER)
        role_give(user=both, club=club, role=DIRECTOR)
        hand = game.hands.get()
        code = codes.spoken_code(codes.night_codes(night)[a].code)
        token = scorers.device_token(device)
        objects = {
            "nights": night.pk,
            "games": game.pk,
            "hands": hand.pk,
            "tables": table.pk,
            "table-hands": table.hands.get().pk,
            "substitutes": game.substitutes.get().pk,
            "history": Hand.history.filter(id=hand.pk).latest("history_date").history_id,
            "seasons": season.pk,
            "token": link_token(game, a),
            "device-token": token,
            "d": game.pk,
            "pair-token": code,
            "p": game.pk,
            "scorer-devices": device.pk,
            "people": people["scorer"].pk,
            "members": member.pk,
            "mail-yes-token": mail_tokens.yes_token(member.pk, member.email),
            "mail-stop-token": mail_tokens.stop_token(member.pk, member.email),
            "league": league_add(slug=f"{slug}-league", name=f"{mark} league", clubs=[slug]).slug,
        }
        game_history = Game.history.filter(id=finished.pk).latest("history_date").history_id
    return Side(club, people, {**objects, "game-history": game_history}, code, token)


@pytest.fixture(scope="module")
def sides(django_db_setup, django_db_blocker):
    """Clubs A and B, built once for the module in a transaction rolled back after it,
    each with its visitors signed in and its codes opened (``signed_in``) and its rows
    read (``rows``): every request of a test is rolled back, so both stay as built."""
    with django_db_blocker.unblock():
        block = transaction.atomic()
        block.__enter__()
        try:
            with scopes_disabled():
                both = UserFactory(username="two-clubs", is_staff=True)
                built = {slug: club_built(slug, both) for slug in MARKS}
            for side in built.values():
                side.cookies = signed_in(side)
            with scopes_disabled():  # once all are signed in: a login writes its user's row
                for side in built.values():
                    side.rows = club_dump(side.club)
            yield built
        finally:
            transaction.set_rollback(True)
            block.__exit__(None, None, None)


def url_for(route: str, name: str, objects: dict) -> str:
    """``test_access_matrix.url_of``, with a game's own history record for its restore."""
    if name == "scoring:result-restore":
        objects = {**objects, "history": objects["game-history"]}
    return url_of(route, name, objects)


def addresses(route: str, name: str, home: Side, other: Side) -> list[str]:
    """The addresses of ``route`` filled with ``other``'s ids, as asked from ``home``:
    under ``/c/<home>/``, and for a code's game page with ``home``'s own code besides
    (the code is ``home``'s, the game ``other``'s)."""
    path = url_for(route, name, other.objects)
    asked = [f"/c/{home.club.slug}{path}"]
    code_page = route.lstrip("^")[:2] in ("p/", "d/") and "pk>" in route
    if code_page:
        own = {**other.objects, "pair-token": home.pair_code, "device-token": home.device_token}
        mixed = url_for(route, name, own)
        asked += [mixed, f"/c/{home.club.slug}{mixed}"]
    return asked


def names_others(route: str) -> bool:
    """Whether the route's URL names a row (an id, a code, a token)."""
    return any(part in route for part in ("pk>", "token>", "history_id>"))


def signed_in(home: Side) -> dict:
    """The cookies of each visitor of ``home``: its logins signed in, anonymous, and two
    phones that opened ``home``'s pair code and scorer device."""
    clients = {}
    for visitor in VISITORS:
        client = Phone()
        login = home.people.get(visitor)
        if login is not None:
            client.force_login(login)
        clients[visitor] = client
    opened = {
        "pair-code": reverse("scoring:pair-home", args=[home.pair_code]),
        "device": reverse("scoring:device-home", args=[home.device_token]),
    }
    for visitor, path in opened.items():
        assert clients[visitor].get(path).status_code == 200, path
    return {visitor: client.cookies for visitor, client in clients.items()}


def visitors(home: Side) -> dict:
    """A fresh client for each visitor of ``home``, with the cookies ``signed_in`` gave
    it: what one test's requests do to a client's cookies stays in that test."""
    clients = {}
    for visitor, cookies in home.cookies.items():
        client = Phone()
        client.cookies = copy.deepcopy(cookies)
        clients[visitor] = client
    return clients


def refused(response, home: Side) -> bool:
    if response.status_code in (403, 404, 405):
        return True
    location = urlsplit(response.get("Location", "")).path
    logins = {reverse("login"), f"/c/{home.club.slug}{reverse('login')}"}
    return response.status_code == 302 and location in logins


WRITE = re.compile(r"^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


def asked(client, method: str, url: str, other: Side, before: dict):
    """The answer to ``method url``, and whether ``other``'s rows changed from ``before``
    (the request runs in a transaction rolled back after it, so each starts from the
    same rows). The rows are read again after a request that wrote anything at all: one
    that ran no INSERT, UPDATE or DELETE changed nothing."""
    with transaction.atomic():
        with CaptureQueriesContext(connection) as queries:
            response = getattr(client, method)(url)
        wrote = any(WRITE.match(query["sql"]) for query in queries.captured_queries)
        with scopes_disabled():
            changed = wrote and club_dump(other.club) != before
        transaction.set_rollback(True)
    return response, changed


# The everyday run: A asks for B's rows as the visitors with the most to reach (its
# director, the director of both clubs, the two phones); ``slow`` runs the rest of
# A's visitors and the whole other way round.
EVERYDAY = ("director", "both", "pair-code", "device")
REST = tuple(visitor for visitor in VISITORS if visitor not in EVERYDAY)
DIRECTIONS = [
    pytest.param("a", "b", EVERYDAY, id="A-asks-B"),
    pytest.param("a", "b", REST, id="A-asks-B-rest", marks=pytest.mark.slow),
    pytest.param("b", "a", VISITORS, id="B-asks-A", marks=pytest.mark.slow),
]
ROUTES = [pytest.param(route, name, callback, id=name) for route, name, callback in ALL_PATTERNS]


@pytest.mark.parametrize(("route", "name", "callback"), ROUTES)
@pytest.mark.parametrize(("home", "other", "who"), DIRECTIONS)
def test_nothing_of_the_other_club_is_reached(sides, route, name, callback, home, other, who):
    home, other = sides[home], sides[other]
    mark = MARKS[other.club.slug]
    clients = {visitor: client for visitor, client in visitors(home).items() if visitor in who}
    before = other.rows
    for url in addresses(route, name, home, other):
        for method in METHODS:
            for visitor, client in clients.items():
                response, changed = asked(client, method, url, other, before)
                where = f"{method.upper()} {url} as {home.club.slug}'s {visitor}"
                assert response.status_code < 500, where
                if names_others(route):
                    assert refused(response, home), f"{where}: {response.status_code}"
                assert mark not in response.content.decode().lower(), f"{where}: shows {mark}"
                assert not changed, f"{where}: changed {other.club.slug}'s rows"


def own_addresses(route: str, name: str, side: Side) -> list[str]:
    path = url_for(route, name, side.objects)
    if route.lstrip("^")[:2] in ("p/", "d/", "t/"):
        return [path]  # a code's page finds its club from the code
    return [f"/c/{side.club.slug}{path}"]


@pytest.mark.parametrize(("route", "name", "callback"), ROUTES)
@pytest.mark.parametrize("slug", ["a", pytest.param("b", marks=pytest.mark.slow)])
def test_a_clubs_director_is_served_its_own_rows(sides, route, name, callback, slug):
    """The positive control: the matrix's refusals are the scope's, not a broken URL.
    Each club's director, and the person who directs both, reach every page a director
    may use, on the club's own ids under its own address."""
    side = sides[slug]
    clients = visitors(side)
    for url in own_addresses(route, name, side):
        for method in METHODS:
            if guard(callback, method) is None:
                continue
            for visitor in ("director", "both"):
                with transaction.atomic():
                    response = getattr(clients[visitor], method)(url)
                    transaction.set_rollback(True)
                where = f"{method.upper()} {url} as {slug}'s {visitor}"
                assert response.status_code < 500, where
                assert not refused(response, side) or response.status_code == 405, where
                assert response.status_code != 404, where


def test_every_model_is_in_the_dump():
    for model in apps.get_app_config("scoring").get_models():
        name = model._meta.object_name
        assert name in NOT_A_CLUBS or club_path(model), name


def test_the_dump_sees_a_change_of_the_other_club(sides):
    """The dump is not blind: a hand of B's changed is a change of B's rows."""
    b = sides["b"]
    with scopes_disabled():
        before = club_dump(b.club)
        with transaction.atomic():
            Hand.objects.filter(pk=b.objects["hands"]).update(bid=3)
            changed = club_dump(b.club)
            transaction.set_rollback(True)
        assert changed != before
        assert club_dump(b.club) == before


def test_a_person_of_both_clubs_sees_each_under_its_own_address(sides):
    a, b = sides["a"], sides["b"]
    client = visitors(a)["both"]
    with scopes_disabled():
        a_night = Night.objects.get(pk=a.objects["nights"])
        b_night = Night.objects.get(pk=b.objects["nights"])
    a_page = client.get(f"/c/a/nights/{a_night.pk}/")
    b_page = client.get(f"/c/b/nights/{b_night.pk}/")

    assert "Wombat night" in a_page.content.decode()
    assert "Quokka night" in b_page.content.decode()
    assert client.get(f"/c/a/nights/{b_night.pk}/").status_code == 404
    assert client.get(f"/c/b/nights/{a_night.pk}/").status_code == 404
    assert "quokka" not in client.get("/c/a/").content.decode().lower()
    assert "wombat" not in client.get("/c/b/").content.decode().lower()
    # The lists of each club hold its own rows alone.
    with scopes_disabled():
        assert TableGame.objects.filter(club=a.club).exists()
    assert "quokka" not in client.get("/c/a/tables/").content.decode().lower()
