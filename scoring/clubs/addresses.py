"""A page's address under a club's ``/c/<slug>/``, for a page outside every club (a
league's) that links to several clubs' pages."""

from django.urls import get_script_prefix, reverse

from scoring.clubs.scopes import addresses_of
from scoring.models import Club


def club_address(club: Club, viewname: str, *args) -> str:
    """The address of ``viewname`` (with ``args``) of ``club``: ``/c/<slug>/…`` under the
    site's own prefix (the page asking is outside every club, so that is the current one)."""
    prefix = get_script_prefix()
    path = reverse(viewname, args=args).removeprefix(prefix)
    return addresses_of(club, prefix, home=False) + path
