"""``{% phones_address %}``: the address the players' phones open, with its QR code, on
the night page and the projector when ``make hall`` serves the site (else nothing)."""

from django import template

from scoring.core.hall import phones_address as address

register = template.Library()


@register.inclusion_tag("scoring/core/_phones_address.html")
def phones_address() -> dict:
    return {"phones": address()}
