"""Large print: a text-size control on every page, for players reading the standings on a
phone or the laptop from a step back.

The choice is kept in a cookie of its own, like the language menu's and with the same
settings (``LANGUAGE_COOKIE_SECURE``, ``_HTTPONLY``, ``_SAMESITE``), for a year: never in
the session, whose row in the database anyone could otherwise add with each anonymous
post.
"""

from datetime import timedelta

from django.conf import settings
from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import View

SIZES = ("normal", "large")
COOKIE = "text_size"
KEPT_FOR = timedelta(days=365)


def large_print(request) -> bool:
    """Whether this visitor chose large print (no cookie: normal)."""
    return request.COOKIES.get(COOKIE) == "large"


class TextSize(View):
    """``POST size=large|normal``: keep the choice, go back to the page it came from."""

    http_method_names = ["post"]

    def post(self, request):
        back = request.POST.get("next", "/")
        safe = url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
        response = HttpResponseRedirect(back if safe else "/")
        size = request.POST.get("size")
        if size in SIZES:
            response.set_cookie(
                COOKIE,
                size,
                max_age=KEPT_FOR,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response


text_size = TextSize.as_view()
