"""Reads of the e-mail pages: each member's address and where their e-mail stands (asked
for, stopped, an invitation waiting or sent), in two queries however many members."""

from dataclasses import dataclass

from django.db.models import Max, Q

from scoring.models import Member, OutgoingMail
from scoring.words.names import by_name

Kind, State = OutgoingMail.Kind, OutgoingMail.State
WAITING = [State.TO_SEND, State.SENDING, State.RETRYING]


@dataclass(frozen=True)
class MemberMail:
    """A member and their e-mail: ``invited_at`` the last invitation sent, ``invitation``
    one still waiting to be sent (or refused: its row, with the server's answer)."""

    member: Member
    invited_at: object = None
    invitation: OutgoingMail | None = None


def _invitations(members: list[Member]) -> dict[int, OutgoingMail]:
    """Each member's newest invitation not sent (waiting, or refused)."""
    rows = OutgoingMail.objects.filter(
        member__in=members, kind=Kind.INVITATION, state__in=[*WAITING, State.REFUSED]
    ).order_by("created_at", "pk")
    return {row.member_id: row for row in rows}


def members_mail() -> list[MemberMail]:
    """Every member, by name, with their last invitation sent and one waiting."""
    members = list(
        Member.objects.annotate(
            invited_at=Max(
                "outgoing_mail__sent_at",
                filter=Q(outgoing_mail__kind=Kind.INVITATION, outgoing_mail__state=State.SENT),
            )
        )
    )
    waiting = _invitations(members)
    return [
        MemberMail(member, member.invited_at, waiting.get(member.pk))
        for member in by_name(members, lambda member: member.name)
    ]


def member_mail(member: Member) -> MemberMail:
    invited_at = OutgoingMail.objects.filter(
        member=member, kind=Kind.INVITATION, state=State.SENT
    ).aggregate(last=Max("sent_at"))["last"]
    return MemberMail(member, invited_at, _invitations([member]).get(member.pk))
