"""How a night's e-mails to its players stand (``scoring.mail``'s outbox), as the night
page and the e-mail pages say it: how many are to send, sent, refused by the server.
Read here, below the features, as the night page cannot import the e-mail feature."""

from dataclasses import dataclass, field

from django.db.models import Count, Q

from scoring.models import Night, OutgoingMail

State = OutgoingMail.State


@dataclass(frozen=True)
class Refusal:
    name: str
    answer: str


@dataclass(frozen=True)
class MailCounts:
    """A night's e-mails by state: ``to_send`` counts those waiting or being tried again."""

    to_send: int = 0
    sent: int = 0
    refused: int = 0
    refusals: list[Refusal] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.to_send or self.sent or self.refused)


def night_mail_counts(night: Night) -> MailCounts:
    """The night's e-mails by state: one query, a second naming the refused ones when
    there are any, however many players."""
    counted = OutgoingMail.objects.filter(night=night).aggregate(
        to_send=Count("pk", filter=Q(state__in=[State.TO_SEND, State.SENDING, State.RETRYING])),
        sent=Count("pk", filter=Q(state=State.SENT)),
        refused=Count("pk", filter=Q(state=State.REFUSED)),
    )
    refusals = []
    if counted["refused"]:
        refused = OutgoingMail.objects.filter(night=night, state=State.REFUSED)
        refusals = [
            Refusal(name, answer)
            for name, answer in refused.order_by("member__name").values_list(
                "member__name", "answer"
            )
        ]
    return MailCounts(**counted, refusals=refusals)
