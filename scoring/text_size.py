"""Large print: a text-size control on every page, kept in the visitor's session, for
players reading the standings on a phone or the laptop from a step back."""

from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import View

SIZES = ("normal", "large")
SESSION_KEY = "text_size"


def large_print(request) -> bool:
    """Whether this visitor chose large print (no session, no query: normal)."""
    return request.session.get(SESSION_KEY) == "large"


class TextSize(View):
    """``POST size=large|normal``: keep the choice, go back to the page it came from."""

    http_method_names = ["post"]

    def post(self, request):
        size = request.POST.get("size")
        if size in SIZES:
            request.session[SESSION_KEY] = size
        back = request.POST.get("next", "/")
        safe = url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
        return HttpResponseRedirect(back if safe else "/")


text_size = TextSize.as_view()
