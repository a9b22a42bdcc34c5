"""The signed links in the e-mails, opened without signing in: the invitation's yes and
every message's stop. Each names the member and the address it was sent to, signed with
the site's secret key (``django.core.signing``): nobody can make one for another member
or address. A yes is good for ``YES_DAYS``; a stop never expires (a message read a year
later still stops the next one).
"""

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing

YES_SALT = "scoring.mail.yes"
STOP_SALT = "scoring.mail.stop"
YES_DAYS = 30


@dataclass(frozen=True)
class Signed:
    """Whom a link speaks for: a member and the address it was sent to."""

    member: int
    email: str


def _token(salt: str, member_id: int, email: str) -> str:
    return signing.dumps({"m": member_id, "e": email}, salt=salt, compress=True)


def _read(salt: str, token: str, max_age: timedelta | None) -> Signed | None:
    """Whom ``token`` speaks for, or ``None`` if it is not one of ours (or too old)."""
    try:
        data = signing.loads(token, salt=salt, max_age=max_age)
        return Signed(int(data["m"]), str(data["e"]))
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def yes_token(member_id: int, email: str) -> str:
    return _token(YES_SALT, member_id, email)


def read_yes(token: str) -> Signed | None:
    return _read(YES_SALT, token, timedelta(days=YES_DAYS))


def stop_token(member_id: int, email: str) -> str:
    return _token(STOP_SALT, member_id, email)


def read_stop(token: str) -> Signed | None:
    return _read(STOP_SALT, token, None)
