"""The pages a request without a club gets: the list of clubs (a site of several clubs
and no home club, at ``/``), and a club's address no club has."""

from django.shortcuts import render
from django.urls import get_script_prefix

from scoring.models import Club


def club_list(request, status=200):
    """Every club, each a link to its pages (``/c/<slug>/``)."""
    clubs = Club.objects.order_by("name", "pk")
    context = {"clubs": clubs, "prefix": get_script_prefix()}
    return render(request, "scoring/clubs/list.html", context, status=status)


def club_list_not_found(request):
    """A club's page asked for without a club: which club? (404, with the list)."""
    return club_list(request, status=404)


def club_unknown(request):
    return render(request, "scoring/clubs/unknown.html", {"slug": request.club_slug}, status=404)
