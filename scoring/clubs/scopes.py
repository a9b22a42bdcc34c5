"""The club a piece of code works for, outside a request: the home club, a club by its
slug, and the scope that goes with it (``in_club``)."""

from contextlib import contextmanager

from django.conf import settings
from django.urls import get_script_prefix, set_script_prefix
from django_scopes import get_scope, scope, scopes_disabled
from django_scopes.state import state as scope_state

from scoring.models import Club


class NoSuchClub(LookupError):
    """A slug no club has, or no home club on a site of several (name one)."""


def current_club() -> Club | None:
    """The club of the active scope, ``None`` when none is active."""
    club = get_scope().get("club")
    return club if isinstance(club, Club) else None


def home_club() -> Club | None:
    """The club of the addresses without ``/c/``: ``HOME_CLUB``, else the only club."""
    return Club.objects.home()


def club_named(slug: str | None) -> Club:
    """The club ``slug`` (``None``: the home club), or ``NoSuchClub`` saying why not."""
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            known = ", ".join(Club.objects.values_list("slug", flat=True)) or "none"
            raise NoSuchClub(f"No club has the slug {slug!r} (the clubs: {known}).")
        return club
    club = home_club()
    if club is None:
        known = ", ".join(Club.objects.values_list("slug", flat=True)) or "none"
        raise NoSuchClub(f"This site has several clubs and no HOME_CLUB: name one ({known}).")
    return club


def home_club_made() -> Club:
    """The home club, made from the deployment's settings on a database with no club
    (the upgrade does the same, migration 0021)."""
    club = home_club()
    if club is None and not Club.objects.exists():
        slug = getattr(settings, "HOME_CLUB", "") or "club"
        club = Club.objects.create(slug=slug, name=settings.CLUB_NAME)
    return club


def addresses_of(club: Club, base: str, *, home: bool) -> str:
    """The script prefix of ``club``'s addresses on a site served under ``base``: the home
    club's are the site's own, another's are under ``c/<slug>/``."""
    return base if home else f"{base}c/{club.slug}/"


@contextmanager
def in_club(club: Club):
    """Run as ``club`` outside a request: its rows alone, what is made lands in it, and
    every ``reverse()`` gives its addresses (the links of its e-mails and commands)."""
    base = settings.FORCE_SCRIPT_NAME or "/"
    before = get_script_prefix()
    home = home_club()
    with scope(club=club):
        set_script_prefix(addresses_of(club, base, home=home is not None and home.pk == club.pk))
        try:
            yield club
        finally:
            set_script_prefix(before)


@contextmanager
def outside_clubs():
    """No club's scope, whatever scope is open around it: a query of a club's rows
    raises ``ScopeError`` unless the code says ``scopes_disabled()`` (a league's page)."""
    token = scope_state.set({})
    try:
        yield
    finally:
        scope_state.reset(token)


@contextmanager
def across_clubs():
    """Every club's rows at once, for the code that truly works across clubs."""
    with scopes_disabled():
        yield
