"""The outbox: the players' e-mails queued when a night is final, and the task that
sends them, each once, whenever a mail server can be reached.

Exactly once is the rows' state, not the queue's. ``queue_night`` runs inside the
transaction that marks the night final (``results.signals.night_closed``): one row per
player who asked, kind *results*, and the database's constraint keeps it to one per
night, member and kind, however often the night is re-opened and closed. Closed again
after a player's figures changed, that player gets one *correction*; never a second.

``send_due_mail`` (a task of the queue, queued once the closing commits) takes the rows
that are due one at a time. Taking one is a conditional update of its own columns
(*to send*, or *retrying* whose time has come, or *sending* whose sender's hold has
passed, into *sending* until ``held_until``): two senders never both take it. Once the
server has said yes, the row is marked *sent* in its own transaction. A failure that may
pass (the server's 4xx, a server that cannot be reached: the hall offline) marks it
*retrying* with a back-off of ``FIRST_DELAY`` doubled each try up to ``MOST_DELAY``,
and stops the run when no server answered; the server's 5xx to the message marks it
*refused*, with its answer, for the director to see.

What a kill can do: a sender killed (SIGKILL, a power cut) before the server said yes
leaves the row *sending*; once its hold has passed, the next run takes it and sends it,
once. Killed in the instant between the server's yes and the row's update, the row
cannot know the server took it: it is sent again after its hold, with the same
``Message-ID``, which mail programs recognise as one message. A run holds each row for
``HOLD`` at most and takes no row it could not finish within it.

With a queue that runs tasks later (``supports_defer``: the database backend), a run
that takes a row first queues a run for when its hold ends (what picks up after a kill),
and a run that leaves rows retrying queues one for their time; the suite's queue, which
runs each task at once, leaves them for the next run (the next night closed, or the
director's "send now").
"""

import logging
import smtplib
from datetime import timedelta

from django.conf import settings
from django.core.mail import get_connection
from django.db import transaction
from django.db.models import F, Min, Q
from django.utils import timezone
from django_tasks import task

from scoring.clubs.scopes import across_clubs, in_club
from scoring.mail.figures import NightFigures
from scoring.mail.messages import composed, new_message_id
from scoring.models import Member, Night, OutgoingMail, Seat

logger = logging.getLogger(__name__)

Kind, State = OutgoingMail.Kind, OutgoingMail.State
WAITING = (State.TO_SEND, State.RETRYING, State.SENDING)
FIRST_DELAY = timedelta(seconds=30)
MOST_DELAY = timedelta(minutes=30)


def hold() -> timedelta:
    """How long a run may hold the rows it takes: ten of the mail server's timeouts."""
    return timedelta(seconds=10 * settings.EMAIL_TIMEOUT)


def delay_after(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failed try: 30 s, 1 min, 2 min … 30 min."""
    return min(FIRST_DELAY * 2 ** (attempts - 1), MOST_DELAY)


# --- queued when a night is final --------------------------------------------------------


def asking(night: Night) -> list[Member]:
    """The night's players who asked for their nights by e-mail, with an address."""
    seated = Seat.objects.filter(night=night).values("member_id")
    return list(Member.objects.filter(pk__in=seated, mail_since__isnull=False).exclude(email=""))


def queue_night(sender, night: Night, **kwargs) -> None:
    """The rows of ``night`` just marked final (inside its transaction): a *results*
    message for each player who asked and has none, a *correction* for each whose sent
    message's figures differ from the night's now; the run that sends them once the
    closing commits."""
    members = asking(night)
    # Waiting rows of players who no longer ask (or no longer sit): never sent.
    OutgoingMail.objects.filter(night=night, state__in=[State.TO_SEND, State.RETRYING]).exclude(
        member__in=members
    ).delete()
    if not members:
        return
    kept = {
        (mail.member_id, mail.kind): mail
        for mail in OutgoingMail.objects.filter(night=night, member__in=members)
    }
    figures = NightFigures(night)
    new = []
    for member in members:
        results = kept.get((member.pk, Kind.RESULTS))
        if results is None:
            new.append(_row(Kind.RESULTS, night, member))
        elif (
            results.state == State.SENT
            and (member.pk, Kind.CORRECTION) not in kept
            and results.figures != figures.player(member).said()
        ):
            new.append(_row(Kind.CORRECTION, night, member))
    OutgoingMail.objects.bulk_create(new)
    if new:
        transaction.on_commit(send_due_mail.enqueue)


def _row(kind: str, night: Night | None, member: Member) -> OutgoingMail:
    night_id = night.pk if night else None
    message_id = new_message_id(kind, member.pk, night_id)
    return OutgoingMail(kind=kind, night=night, member=member, message_id=message_id)


def queue_invitation(member: Member) -> OutgoingMail:
    """An invitation to ``member``'s address, sent once the caller's transaction commits."""
    mail = _row(Kind.INVITATION, None, member)
    mail.save()
    transaction.on_commit(send_due_mail.enqueue)
    return mail


# --- sent by the task --------------------------------------------------------------------


def _due(now) -> Q:
    """A row's own columns that make it due at ``now``."""
    return (
        Q(state=State.TO_SEND)
        | Q(state=State.RETRYING, next_try_at__lte=now)
        | Q(state=State.SENDING, held_until__lt=now)
    )


def _sendable() -> Q:
    """What makes a due row sendable: its night final (an invitation has none), its
    member with an address and, but for an invitation, their yes."""
    night = Q(night__isnull=True) | Q(night__is_final=True)
    member = ~Q(member__email="") & (Q(kind=Kind.INVITATION) | Q(member__mail_since__isnull=False))
    return night & member


def _take(until) -> OutgoingMail | None:
    """The next due row, marked *sending* until ``until`` by this run alone, or ``None``.
    The update names the row's own columns only, so that of two runs after it the
    second, its condition read again once the first's write commits, takes nothing."""
    now = timezone.now()
    candidates = OutgoingMail.objects.filter(_due(now), _sendable()).order_by("created_at", "pk")
    for pk in candidates.values_list("pk", flat=True)[:20]:
        taken = OutgoingMail.objects.filter(_due(now), pk=pk).update(
            state=State.SENDING, held_until=until, attempts=F("attempts") + 1
        )
        if taken:
            return OutgoingMail.objects.select_related("member__club", "night").get(pk=pk)
    return None


# The server's answers to one message (its sender, its recipient, its content): a 5xx is
# its no for good to that message, a 4xx its "not now". Any other failure (no server
# reached, its greeting or login refused, the line cut) is no answer to the message.
TO_THE_MESSAGE = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused, smtplib.SMTPDataError)


def _answer(error: OSError) -> tuple[bool, str]:
    """Whether ``error`` is the server's no for good to the message, and its words."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        code, words = next(iter(error.recipients.values()))
    elif isinstance(error, TO_THE_MESSAGE):
        code, words = error.smtp_code, error.smtp_error
    elif isinstance(error, smtplib.SMTPResponseException):
        return False, f"{error.smtp_code} {_text(error.smtp_error)}"
    else:
        return False, str(error) or type(error).__name__
    return code >= 500, f"{code} {_text(words)}"


def _text(words) -> str:
    return words.decode("utf-8", "replace") if isinstance(words, bytes) else str(words)


def _mark(mail: OutgoingMail, **fields) -> bool:
    """Write ``fields`` to ``mail`` if this run still holds it (its own transaction)."""
    held = OutgoingMail.objects.filter(pk=mail.pk, state=State.SENDING, held_until=mail.held_until)
    return bool(held.update(held_until=None, **fields))


def _sent(mail: OutgoingMail, figures: dict | None) -> None:
    if not _mark(
        mail,
        state=State.SENT,
        sent_at=timezone.now(),
        address=mail.member.email,
        figures=figures,
        answer="",
    ):
        logger.warning("Mail %s was sent after its hold passed: another run may send it", mail.pk)


def _failed(mail: OutgoingMail, error: OSError) -> bool:
    """Mark ``mail`` refused or to try again; whether it may pass (retrying)."""
    final, answer = _answer(error)
    if final:
        _mark(mail, state=State.REFUSED, answer=answer)
        return False
    next_try = timezone.now() + delay_after(mail.attempts)
    _mark(mail, state=State.RETRYING, answer=answer, next_try_at=next_try)
    logger.warning("Mail %s not sent (%s): tried again from %s", mail.pk, answer, next_try)
    return True


def _later(when) -> None:
    """Queue a run for ``when`` where the queue can wait (else the next run does it)."""
    if send_due_mail.get_backend().supports_defer:
        send_due_mail.using(run_after=when).enqueue()


class Run:
    """One run of the sender: the rows it takes, one SMTP connection for them all."""

    def __init__(self):
        self.until = timezone.now() + hold()
        self.connection = get_connection()
        self.nights: dict[int, NightFigures] = {}
        self.watched = False
        self.counts = {"sent": 0, "retrying": 0, "refused": 0}

    def may_take_another(self) -> bool:
        """Whether a message could still be finished within the hold (three timeouts)."""
        margin = timedelta(seconds=3 * settings.EMAIL_TIMEOUT)
        return timezone.now() + margin < self.until

    def figures(self, mail: OutgoingMail) -> NightFigures | None:
        if mail.night_id is None:
            return None
        return self.nights.setdefault(mail.night_id, NightFigures(mail.night))

    def send(self, mail: OutgoingMail) -> bool:
        """Send ``mail``, as its club; whether the run may go on (the server answered)."""
        with in_club(mail.member.club):
            return self.send_in_club(mail)

    def send_in_club(self, mail: OutgoingMail) -> bool:
        figures = self.figures(mail)
        try:
            message = composed(mail, figures)
        except Exception as error:  # a night that cannot be told: for the director to see
            logger.exception("Mail %s could not be written", mail.pk)
            _mark(mail, state=State.REFUSED, answer=f"not written: {error!r}")
            self.counts["refused"] += 1
            return True
        try:
            self.connection.send_messages([message])
        except OSError as error:  # smtplib's errors are OSErrors, as is a refused connection
            self.connection.close()  # a fresh conversation for the next message
            retrying = _failed(mail, error)
            self.counts["retrying" if retrying else "refused"] += 1
            return isinstance(error, TO_THE_MESSAGE)
        said = figures.player(mail.member).said() if figures else None
        _sent(mail, said)
        self.counts["sent"] += 1
        return True

    def __call__(self) -> dict:
        try:
            while self.may_take_another() and (mail := self._take()):
                if not self.send(mail):
                    break
        finally:
            self.connection.close()
        if self.counts["retrying"]:
            retry = OutgoingMail.objects.filter(state=State.RETRYING).aggregate(
                first=Min("next_try_at")
            )["first"]
            if retry:
                _later(retry)
        return self.counts

    def _take(self) -> OutgoingMail | None:
        if not self.watched:
            # Before the first row is taken: a run for when the hold ends, which sends
            # what this one leaves held if it is killed.
            if not OutgoingMail.objects.filter(_due(timezone.now()), _sendable()).exists():
                return None
            _later(self.until + timedelta(seconds=1))
            self.watched = True
        return _take(self.until)


@task()
def send_due_mail() -> dict:
    """Send every e-mail that is due: how many were sent, left to try again, refused.
    One outbox for every club (one connection to the server); each message is written
    in its member's club (``Run.send``)."""
    with across_clubs():
        return Run()()


def send_now(night: Night) -> int:
    """The night's rows waiting to be tried again, due now, and a run queued for them
    once the caller's transaction commits (the director's "send now", the laptop online
    again); how many."""
    waiting = OutgoingMail.objects.filter(night=night, state=State.RETRYING)
    count = waiting.update(next_try_at=timezone.now())
    if count or OutgoingMail.objects.filter(night=night, state=State.TO_SEND).exists():
        transaction.on_commit(send_due_mail.enqueue)
    return count
