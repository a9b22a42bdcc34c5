"""``{% phones_address %}``: the address the players' phones open, with its QR code, on
the night page and the projector when ``make hall`` serves the site (else nothing)."""

import functools

from django import template
from django.conf import settings

from scoring.core.ui.qr import qr_image

register = template.Library()


@functools.cache
def phones_qr(url: str) -> str:
    """The phones' address as a QR code, made once."""
    return qr_image(url, scale=4)


@register.inclusion_tag("scoring/core/_phones_address.html")
def phones_address() -> dict:
    """The address the phones open and its QR code; none on a site not served to a hall."""
    if not settings.HALL_GUARD:
        return {"phones": None}
    return {"phones": {"url": settings.SITE_URL, "qr": phones_qr(settings.SITE_URL)}}
