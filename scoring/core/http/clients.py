"""Who is asking: a client's address behind the site's proxies, and how often it may ask.

Behind the TLS proxy every request comes from the proxy's address, so the client's own is
read from ``X-Forwarded-For`` (django-ipware), but only as far as the proxies the site
trusts: ``TRUSTED_PROXY_COUNT`` of them, each adding the address it was called from to
the end of the header. Anything further left was written by the client and is ignored,
so a client cannot pose as another. With no trusted proxy (the default) the header is
not read at all. django-axes's login lock, the table links' refusals and the sheets'
render limit use this address.
"""

from django.conf import settings
from ipware import get_client_ip

from scoring.core.http import limits


def client_address(request) -> str:
    """The address of the client that sent ``request``, as the trusted proxies saw it."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies == 0:
        return request.META.get("REMOTE_ADDR", "")
    # ipware counts the proxies named in the header after the client: the last proxy is
    # the one that called us (REMOTE_ADDR), not in the header. Not strict: a client's own
    # entries on the left must not turn the header off.
    address, _ = get_client_ip(
        request,
        proxy_count=proxies - 1,
        request_header_order=["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"],
        strict=False,
    )
    return address or request.META.get("REMOTE_ADDR", "")


def client_key(request) -> str:
    """Whom a limit counts: a signed-in person by account, anyone else by address.

    A club's laptop and its members' phones often share one address on the hall's Wi-Fi:
    a director's sheets are not refused because visitors on that address used its
    allowance."""
    if request.user.is_authenticated:
        return f"account:{request.user.pk}"
    return client_address(request)


class Allowance:
    """At most ``limit`` uses per ``seconds`` for each client, counted where every process
    counts together and nothing evicts the count (``core.http.limits``); the window starts
    at a client's first use."""

    def __init__(self, name: str, *, limit: int, seconds: int):
        self.name, self.limit, self.seconds = name, limit, seconds

    def _key(self, client: str) -> str:
        return f"allowance:{self.name}:{client}"

    def used_up(self, client: str) -> bool:
        return limits.used(self._key(client)) >= self.limit

    def take(self, client: str) -> bool:
        """One use for ``client`` if it has one left (at once: no two requests both get
        the last); whether it had."""
        return limits.take(self._key(client), self.limit, self.seconds)
