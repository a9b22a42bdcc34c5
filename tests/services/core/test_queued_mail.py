"""Every e-mail goes through the task queue (``core.queue.mail``): a server error's mail to
``ADMINS`` is queued and a worker sends it; a mail server that cannot be reached is tried
again later, one that refuses for good is not; inside a transaction, which could roll the
queued mail back, it is sent at once."""

import logging
import smtplib

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from scoring.core.queue import mail as queued_mail
from scoring.core.queue import retries
from tests.queue import work

# Committed as a request's writes are: a mail is queued only outside a transaction.
pytestmark = pytest.mark.django_db(transaction=True)

SENDER = "scoring.core.queue.mail.mail_admins_later"


@pytest.fixture
def admins(settings):
    settings.ADMINS = [("Treasurer", "treasurer@example.org")]


def report(message: str = "Internal Server Error: /") -> None:
    """An error logged as Django logs a server error, through the production handler."""
    handler = queued_mail.AdminEmailHandler()
    handler.handle(logging.makeLogRecord({"msg": message, "levelname": "ERROR", "levelno": 40}))


def mails_queued() -> list[DBTaskResult]:
    return list(DBTaskResult.objects.filter(task_path=SENDER).order_by("enqueued_at"))


def test_a_server_error_is_mailed_by_a_worker(admins, database_queue):
    report()

    assert mail.outbox == [] and len(mails_queued()) == 1
    work()

    (sent,) = mail.outbox
    assert sent.to == ["treasurer@example.org"]
    assert sent.subject == "[Django] ERROR: Internal Server Error: /"
    assert [task.status for task in mails_queued()] == [TaskResultStatus.SUCCESSFUL]


def test_the_suite_s_queue_sends_it_at_once(admins):
    report()

    assert [sent.subject for sent in mail.outbox] == ["[Django] ERROR: Internal Server Error: /"]


def test_no_admins_nothing_queued_nothing_sent(database_queue, settings):
    settings.ADMINS = []
    report()

    assert mails_queued() == [] and mail.outbox == []


def test_inside_a_transaction_it_is_sent_at_once(admins, database_queue):
    """Queued, it would be rolled back with the transaction that failed."""
    with transaction.atomic():
        report()

    assert mails_queued() == [] and len(mail.outbox) == 1


def test_a_mail_server_out_of_reach_is_tried_again_later(admins, database_queue, monkeypatch):
    real, tries = queued_mail.mail_admins, []

    def out_of_reach_once(*args, **kwargs):
        tries.append(args)
        if len(tries) == 1:
            raise ConnectionRefusedError(111, "Connection refused")
        return real(*args, **kwargs)

    monkeypatch.setattr(queued_mail, "mail_admins", out_of_reach_once)
    report()
    work()

    first, again = mails_queued()
    assert mail.outbox == [] and again.status == TaskResultStatus.READY
    assert again.args_kwargs["kwargs"]["attempt"] == 2
    assert (again.run_after - first.started_at).total_seconds() >= retries.FIRST_DELAY_SECONDS

    DBTaskResult.objects.filter(pk=again.pk).update(run_after=timezone.now())
    work()
    assert len(mail.outbox) == 1 and len(tries) == 2


def test_a_mail_refused_for_good_is_not_sent_again(admins, database_queue, monkeypatch):
    def refused(*args, **kwargs):
        raise smtplib.SMTPRecipientsRefused({"treasurer@example.org": (550, b"No such user")})

    monkeypatch.setattr(queued_mail, "mail_admins", refused)
    report()
    work()

    (task,) = mails_queued()
    assert task.status == TaskResultStatus.FAILED and "SMTPRecipientsRefused" in task.traceback


def test_a_mail_answered_no_for_good_is_not_sent_again(admins, database_queue, monkeypatch):
    def no(*args, **kwargs):
        raise smtplib.SMTPDataError(554, b"Transaction failed")

    monkeypatch.setattr(queued_mail, "mail_admins", no)
    report()
    work()

    (task,) = mails_queued()
    assert task.status == TaskResultStatus.FAILED
