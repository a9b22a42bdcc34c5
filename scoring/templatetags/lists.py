"""``{{ reasons|separated }}`` and ``{{ names|names_and }}`` (``scoring.core.lists``)."""

from django import template

from scoring.core import lists

register = template.Library()

register.filter("separated", lists.separated)
register.filter("names_and", lists.names_and)
