"""Every e-mail the site sends goes through the task queue: today, each server error
mailed to ``ADMINS`` with its traceback (``settings.prod``'s logging).

Sent from the request that failed, a mail waits on the mail server: seconds when it is
slow, a timeout when it is down, while the page's error waits too. Queued instead, it is
one row written, and a worker sends it (``mail_admins_later``); a mail server that
cannot be reached, or answers "not now" (4xx), is tried again later
(``core.queue.retries``); one that says no for good (5xx) is not.

A mail is queued only outside a transaction: the queue is a table of the site's
database, and a transaction that rolls back (the error being reported may be why)
would take the queued mail with it. Inside one, or when the database itself cannot take
the row, it is sent at once, as Django would.
"""

import logging
import smtplib

from django.conf import settings
from django.core.mail import mail_admins
from django.db import DatabaseError, connection
from django.utils import log
from django_tasks import task

from scoring.core.queue.retries import retry_later

logger = logging.getLogger(__name__)


def _may_pass(error: OSError) -> bool:
    """Whether sending again later may succeed: anything but the server's final no (a 5xx
    answer, to the mail or to every address)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return any(code < 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code < 500
    return True


@task()
def mail_admins_later(subject: str, message: str, html_message=None, attempt: int = 1) -> None:
    """Mail ``ADMINS``; on a failure that may pass, queued again, later each time."""
    try:
        mail_admins(subject, message, html_message=html_message)
    except OSError as error:  # smtplib's errors are OSErrors, as are refused connections
        again = {"subject": subject, "message": message, "html_message": html_message}
        if not (_may_pass(error) and retry_later(mail_admins_later, attempt=attempt, **again)):
            raise
        logger.warning("Mailing ADMINS failed (%s): tried again later", error)


class AdminEmailHandler(log.AdminEmailHandler):
    """Django's handler that mails a server error to ``ADMINS``, through the queue."""

    def send_mail(self, subject, message, *args, **kwargs):
        if not settings.ADMINS:
            return
        if not connection.in_atomic_block:
            try:
                html = kwargs.get("html_message")
                mail_admins_later.enqueue(subject=subject, message=message, html_message=html)
                return
            except DatabaseError:
                pass  # the database is what fails: sent at once below
        super().send_mail(subject, message, *args, **kwargs)
