"""The club of each request, from its address: ``/c/<slug>/…`` is club ``slug``'s page
``/…``; any other address is the home club's (a laptop's one club: today's addresses).

The ``/c/<slug>`` part goes from ``request.path_info`` into Django's script prefix, so
every ``reverse()`` and ``{% url %}`` of the page gives the club's own address and no view
or template knows of clubs. The view runs in the club's scope (django-scopes): its
queries see that club's rows alone, and what it makes lands in it. A code's address
(``/p/``, ``/t/``, ``/d/``) without a club finds its club from the code (``clubs.codes``):
printed QR codes keep working. A league's address (``/l/…``) is outside every club.
"""

import re

from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.db.models import Exists, OuterRef, Subquery
from django.http import HttpResponseRedirect
from django.urls import get_script_prefix, set_script_prefix
from django_scopes import scope, scopes_disabled

from scoring.clubs.codes import code_clubs
from scoring.clubs.scopes import addresses_of, outside_clubs
from scoring.models import Club, ClubRole

CLUB_PATH = re.compile(r"^/c/(?P<slug>[-a-zA-Z0-9_]+)(?P<rest>/.*)?$")
# The addresses outside any club: a league's page (``/l/<slug>/``) shows the nights of the
# clubs that joined it, read in its one selector across clubs; no club's scope is open.
OUTSIDE_CLUBS = re.compile(r"^/l/")


def clubs_read(request):
    """The clubs, each with the session's person's role in it read in the same query
    (``roles.role_in`` takes it from there: the page pays no query for the role)."""
    clubs = Club.objects.all()
    user_id = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    if user_id is None:
        return clubs, None
    try:
        user_id = get_user_model()._meta.pk.to_python(user_id)
    except Exception:  # a session that names no user: the person is logged out anyway
        return clubs, None
    roles = ClubRole.objects.filter(club=OuterRef("pk"), user_id=user_id).values("role")[:1]
    return clubs.annotate(session_role=Subquery(roles)), user_id


def with_role(club, user_id):
    if club is not None and user_id is not None:
        club._session_role = (user_id, club.session_role)
    return club


class ClubMiddleware:
    """``request.club`` and its scope around the view; the club's addresses in reverse()."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if OUTSIDE_CLUBS.match(request.path_info):
            request.club = None
            with outside_clubs():
                return self.get_response(request)
        prefix = get_script_prefix()
        clubs, user_id = clubs_read(request)
        match = CLUB_PATH.match(request.path_info)
        if match and OUTSIDE_CLUBS.match(match["rest"] or ""):
            # A league's address under a club's (a link made on a club's page): its own.
            query = request.META.get("QUERY_STRING", "")
            address = prefix + match["rest"].lstrip("/") + (f"?{query}" if query else "")
            return HttpResponseRedirect(address)
        if match:
            club = with_role(clubs.filter(slug=match["slug"]).first(), user_id)
            if club is None:
                return self.unknown(request, match["slug"])
            request.path_info = match["rest"] or "/"
            own_prefix = f"{prefix}c/{club.slug}/"
        else:
            club, own_prefix = self.club_without_slug(request, clubs, user_id, prefix)
        request.club = club
        if club is None:
            return self.clubless(request)
        set_script_prefix(own_prefix)
        try:
            with scope(club=club):
                return self.get_response(request)
        finally:
            set_script_prefix(prefix)

    def club_without_slug(self, request, clubs, user_id, prefix):
        """The code's club for a code's address, else the home club; a club other than
        the home club is addressed under its ``/c/<slug>/``."""
        with scopes_disabled():
            ids = code_clubs(request.path_info)
        if ids is not None:
            # One query: the code's club, and whether it is the home club.
            others = Exists(Club.objects.exclude(pk=OuterRef("pk")))
            club = clubs.filter(pk__in=ids).annotate(has_others=others).first()
            if club is not None:
                slug = getattr(settings, "HOME_CLUB", "")
                home = club.slug == slug if slug else not club.has_others
                return with_role(club, user_id), addresses_of(club, prefix, home=home)
        return with_role(clubs.home(), user_id), prefix

    def unknown(self, request, slug: str):
        """``/c/<slug>/`` of no club: a 404 that says so (``clubs.views.club_unknown``)."""
        request.club, request.club_slug = None, slug
        request.urlconf = "scoring.clubs.urls_unknown"
        return self.get_response(request)

    def clubless(self, request):
        """A site of several clubs with no home club (``clubs.urls.clubless``): no club's
        rows are read, but by the host in the admin, across clubs."""
        request.urlconf = "scoring.clubs.urls_clubless"
        if request.path_info.startswith("/admin/"):
            with scopes_disabled():
                return self.get_response(request)
        return self.get_response(request)
