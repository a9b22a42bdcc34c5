"""The club's members as the services find them by name: case-blind, by ``name_key``; a
name no member has becomes one (``members_named``)."""

from scoring.models import Member
from scoring.rules.names import name_key


def members_by_key() -> dict[str, Member]:
    """Every member by ``name_key``: a club has a few hundred at most."""
    return {name_key(member.name): member for member in Member.objects.all()}


def members_named(names: list[str]) -> dict[str, Member]:
    """The member of each of ``names`` (kept names: ``rules.names.normal_name``) by
    ``name_key``, and every other member; a name no member has becomes one. Bulk writes:
    a night of forty players is one INSERT of its new members, not forty."""
    members = members_by_key()
    new = {name_key(name): Member(name=name) for name in names if name_key(name) not in members}
    Member.objects.bulk_create(new.values())
    return members | new
