"""The hall's plain HTTP (``make hall``): a phone on the Wi-Fi reads, it never signs in.

Over plain HTTP anyone on the hall's network can read what crosses it, so a password
must never be typed there. Off this machine (not loopback) and without HTTPS, a request
is the public's whatever cookie it carries: it reads the pages ``PUBLIC_PAGES`` shows
and uses the phone links (their codes are the key), and a sign-in page answers with a
plain page naming where to sign in instead (the laptop itself, or HTTPS with
``HALL_CERT``). A staff page asks the visitor to sign in, so it lands there too.
"""

import ipaddress

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

# Where a password would be typed: the login page, the admin's, the password change.
SIGN_IN_PREFIXES = ("/accounts/", "/admin/")


def on_this_machine(request) -> bool:
    """Whether the request comes from the laptop itself (a loopback address)."""
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


def in_the_clear(request) -> bool:
    """Whether a password sent with this request could be read on the hall's network."""
    return settings.HALL_GUARD and not request.is_secure() and not on_this_machine(request)


def where_to_sign_in(request) -> str:
    """The same page on the laptop itself: ``http://127.0.0.1:<port><path>``."""
    port = request.get_port()
    target = request.GET.get("next", "")
    if not (target.startswith("/") and url_has_allowed_host_and_scheme(target, None)):
        target = reverse("scoring:home")
    return f"http://127.0.0.1:{port}{target}"


class HallMiddleware:
    """Off this machine over plain HTTP: the visitor is the public, sign-in is refused."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if in_the_clear(request):
            request.user = AnonymousUser()
            if request.path_info.startswith(SIGN_IN_PREFIXES):
                return render(
                    request,
                    "scoring/core/hall_sign_in.html",
                    {"laptop_url": where_to_sign_in(request)},
                    status=403,
                )
        return self.get_response(request)
