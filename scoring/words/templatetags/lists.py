"""``{{ reasons|separated }}`` and ``{{ names|names_and }}`` (``scoring.words.lists``)."""

from django import template

from scoring.words import lists

register = template.Library()

register.filter("separated", lists.separated)
register.filter("names_and", lists.names_and)
