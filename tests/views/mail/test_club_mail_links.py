"""The links of a club's e-mails open that club: on a site of several clubs, a member of
a club other than the home club gets its addresses (``/c/<slug>/mail/…``), written by
the outbox's run outside any request (``clubs.scopes.in_club``)."""

import re

import pytest
from django.test import Client
from django_scopes import scope

from scoring.clubs.roles import DIRECTOR, role_give
from scoring.mail import services
from tests.clubs import at, other_club

pytestmark = pytest.mark.django_db


def test_a_member_of_another_club_is_invited_to_that_club_s_addresses(
    client_as, director, smtp, django_capture_on_commit_callbacks
):
    b = other_club()
    role_give(user=director, club=b.club, role=DIRECTOR)
    with scope(club=b.club):
        services.member_mail_set(member=b.member, email="bettina@example.org", language="")

    with django_capture_on_commit_callbacks(execute=True):
        answer = client_as(director).post(at(b.club, "member-invite", b.member.pk))
    assert answer.status_code == 302

    (invitation,) = smtp.accepted
    text = invitation.get_body(("plain",)).get_content()
    (yes,) = re.findall(r"http://localhost:8000\S+", text)
    assert yes.startswith("http://localhost:8000/c/b/mail/yes/")
    visitor = Client()
    assert visitor.post(yes).status_code == 200
    b.member.refresh_from_db()
    assert b.member.mail_since is not None
