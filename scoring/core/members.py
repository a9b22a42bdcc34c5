"""The club's members as the services find them by name: case-blind, by ``name_key``."""

from scoring.models import Member
from scoring.rules.names import name_key


def members_by_key() -> dict[str, Member]:
    """Every member by ``name_key``: a club has a few hundred at most."""
    return {name_key(member.name): member for member in Member.objects.all()}
