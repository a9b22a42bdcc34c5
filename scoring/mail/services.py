"""A member's e-mail: the address and language a director types, the invitation that
asks them, their own yes (by the invitation's link) and their stop (by any message's
link), and the director's "send now" for a night's waiting messages.

The yes is the member's alone: no form of a director's sets it, and it is for the
address the invitation went to. A new address forgets it (the member said yes for the
old one) with the messages still waiting for them.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from scoring.mail import outbox, tokens
from scoring.models import Member, Night, OutgoingMail

State = OutgoingMail.State


@transaction.atomic
def member_mail_set(*, member: Member, email: str, language: str) -> Member:
    """Keep ``member``'s address and the language of their e-mails; a changed address
    needs their yes again."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    email = email.strip()
    if email.lower() != member.email.lower():
        member.mail_since = None
        OutgoingMail.objects.filter(
            member=member, state__in=[State.TO_SEND, State.RETRYING]
        ).delete()
    member.email, member.language = email, language
    member.save(update_fields=["email", "language", "mail_since"])
    return member


@transaction.atomic
def member_invite(*, member: Member) -> OutgoingMail:
    """Queue the invitation that asks ``member`` whether they want their nights by
    e-mail (its link says yes); refused without an address, once they said yes, and
    while an invitation is still waiting to go."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if not member.email:
        raise ValidationError(
            gettext("%(name)s has no e-mail address yet.") % {"name": member.name}
        )
    if member.mail_since is not None:
        raise ValidationError(
            gettext("%(name)s gets their nights by e-mail already.") % {"name": member.name}
        )
    waiting = OutgoingMail.objects.filter(
        member=member, kind=OutgoingMail.Kind.INVITATION, state__in=outbox.WAITING
    )
    if waiting.exists():
        raise ValidationError(
            gettext("An invitation to %(name)s is waiting to be sent already.")
            % {"name": member.name}
        )
    return outbox.queue_invitation(member)


def _signed_member(signed: tokens.Signed | None) -> Member | None:
    """The member a link speaks for, if it is still their address."""
    if signed is None:
        return None
    member = Member.objects.select_for_update().filter(pk=signed.member).first()
    if member is None or member.email.lower() != signed.email.lower():
        return None
    return member


BAD_YES = gettext_lazy(
    "This link is not valid any more: ask the club's director for a new invitation."
)


@transaction.atomic
def member_mail_yes(*, token: str) -> Member:
    """The member's own yes, by the invitation's link: their nights by e-mail from now on,
    with its date (kept if they had said yes already)."""
    member = _signed_member(tokens.read_yes(token))
    if member is None:
        raise ValidationError(BAD_YES)
    if member.mail_since is None:
        member.mail_since = timezone.now()
        member.save(update_fields=["mail_since"])
    return member


@transaction.atomic
def member_mail_stop(*, token: str) -> Member | None:
    """The member's stop, by a message's link: no more e-mails, the waiting ones
    dropped. ``None`` when the link is for an address they no longer have (nothing goes
    to it any more); a link that is not ours is refused."""
    signed = tokens.read_stop(token)
    if signed is None:
        raise ValidationError(gettext("This link is not one of the club's."))
    member = _signed_member(signed)
    if member is None:
        return None
    if member.mail_since is not None:
        member.mail_since = None
        member.mail_stopped_at = timezone.now()
        member.save(update_fields=["mail_since", "mail_stopped_at"])
    OutgoingMail.objects.filter(member=member, state__in=[State.TO_SEND, State.RETRYING]).delete()
    return member


@transaction.atomic
def night_mail_send_now(*, night: Night) -> int:
    """The night's messages waiting to be tried again, tried now (a director's button,
    the hall's laptop online again); how many were waiting."""
    return outbox.send_now(night)
