"""The e-mail pages: a member's address and language typed by a director, who may never
say yes for them; the invitation and the member's own yes by its link; the stop link of
a message, no sign-in needed (and a mail program's one-click post); the night page's
count of its e-mails, in the same number of queries however many players."""

import re
from datetime import timedelta

import pytest
from django.core import signing
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scoring.mail import services, tokens
from scoring.models import Member, OutgoingMail
from scoring.results import services as results_services
from tests.factories import night_with_schedule, play_out

pytestmark = pytest.mark.django_db

State = OutgoingMail.State


@pytest.fixture
def ann(db):
    return Member.objects.create(name="Ann Lee")


def page_url(member) -> str:
    return reverse("scoring:member-mail", args=[member.pk])


def links_in(message) -> list[str]:
    return re.findall(r"http://localhost:8000\S+", message.get_body(("plain",)).get_content())


def test_a_director_types_the_address_and_may_not_say_yes(client_as, director, ann):
    client = client_as(director)

    response = client.post(
        page_url(ann),
        {"email": "ann@example.org", "language": "fr", "mail_since": "2026-01-01T00:00"},
    )

    assert response.status_code == 302
    ann.refresh_from_db()
    assert (ann.email, ann.language, ann.mail_since) == ("ann@example.org", "fr", None)
    page = client.get(page_url(ann)).content.decode()
    assert "Not invited yet" in page and "Send an invitation" in page
    assert 'name="mail_since"' not in page


def test_the_pages_are_the_directors(client_for, ann):
    for role in ("anonymous", "member", "scorer"):
        response = client_for(role).get(page_url(ann))
        assert response.status_code in (302, 403)
    assert client_for("director").get(reverse("scoring:members-mail")).status_code == 200


def test_the_invitation_s_link_is_the_member_s_own_yes(
    client_as, director, ann, smtp, django_capture_on_commit_callbacks
):
    services.member_mail_set(member=ann, email="ann@example.org", language="")
    with django_capture_on_commit_callbacks(execute=True):
        response = client_as(director).post(reverse("scoring:member-invite", args=[ann.pk]))
    assert response.status_code == 302

    (invitation,) = smtp.accepted
    assert invitation["To"] == "ann@example.org"
    (yes,) = links_in(invitation)
    assert yes.startswith("http://localhost:8000/mail/yes/")
    visitor = Client()
    assert "Yes, send me my nights" in visitor.get(yes).content.decode()
    ann.refresh_from_db()
    assert ann.mail_since is None  # opening the link says nothing: its button does
    before = timezone.now()
    done = visitor.post(yes)
    ann.refresh_from_db()
    assert done.status_code == 200 and "Done: each night you play" in done.content.decode()
    assert before <= ann.mail_since <= timezone.now()
    assert "Yes, since" in client_as(director).get(page_url(ann)).content.decode()


def test_an_old_or_forged_yes_is_refused(ann, monkeypatch):
    ann.email = "ann@example.org"
    ann.save()
    month_ago = timezone.now() - timedelta(days=tokens.YES_DAYS + 1)
    monkeypatch.setattr(signing.time, "time", lambda: month_ago.timestamp())
    old = tokens.yes_token(ann.pk, ann.email)
    monkeypatch.undo()
    forged = tokens.yes_token(ann.pk, ann.email)[:-2] + "xx"
    other_address = tokens.yes_token(ann.pk, "someone@example.org")

    for token in (old, forged, other_address):
        response = Client().post(reverse("scoring:mail-yes", args=[token]))
        assert response.status_code == 400
        assert "ask the club&#x27;s director for a new invitation" in response.content.decode()
    ann.refresh_from_db()
    assert ann.mail_since is None


def test_a_new_address_needs_the_member_s_yes_again(ann):
    services.member_mail_set(member=ann, email="ann@example.org", language="")
    services.member_mail_yes(token=tokens.yes_token(ann.pk, "ann@example.org"))

    services.member_mail_set(member=ann, email="ANN@example.org", language="fr")
    ann.refresh_from_db()
    assert ann.mail_since is not None  # the same address
    services.member_mail_set(member=ann, email="ann@elsewhere.org", language="fr")
    ann.refresh_from_db()
    assert ann.mail_since is None


def closed_night(names, commits):
    night = night_with_schedule(len(names) // 2, names=names)
    play_out(night)
    with commits(execute=True):
        results_services.night_close(night=night)
    return night


def test_the_stop_link_stops_the_e_mails_without_signing_in(
    smtp, django_capture_on_commit_callbacks
):
    names = ["Ann Lee", "Bob Roy", "Cy Dunn", "Di Fox"]
    for name in names:
        Member.objects.create(name=name)
    ann = Member.objects.get(name="Ann Lee")
    services.member_mail_set(member=ann, email="ann@example.org", language="")
    services.member_mail_yes(token=tokens.yes_token(ann.pk, "ann@example.org"))
    closed_night(names, django_capture_on_commit_callbacks)
    (results,) = smtp.accepted
    stop = next(link for link in links_in(results) if "/mail/stop/" in link)

    assert "Stop the e-mails" in Client().get(stop).content.decode()
    # A mail program's one-click unsubscribe posts with no page's form, no CSRF token.
    response = Client(enforce_csrf_checks=True).post(stop, {"List-Unsubscribe": "One-Click"})

    assert response.status_code == 200
    ann.refresh_from_db()
    assert ann.mail_since is None and ann.mail_stopped_at is not None
    closed_night(names, django_capture_on_commit_callbacks)
    assert len(smtp.accepted) == 1  # nothing for the second night


def test_a_stop_link_that_is_not_ours_is_refused(ann):
    response = Client().post(reverse("scoring:mail-stop", args=["not-a-token"]))

    assert response.status_code == 400
    assert "This link is not one of the club" in response.content.decode()


def night_with_mail(pairs: int, states: list[str]):
    """A closed night whose first players have e-mails in ``states``."""
    night = night_with_schedule(pairs)
    play_out(night)
    results_services.night_close(night=night)
    seats = night.seats.select_related("member").order_by("number")
    for seat, state in zip(seats, states, strict=False):
        OutgoingMail.objects.create(
            kind="results",
            night=night,
            member=seat.member,
            state=state,
            message_id=f"<{night.pk}.{seat.pk}@test>",
            answer="550 5.1.1 No such mailbox" if state == State.REFUSED else "",
        )
    return night


def night_page_queries(client, night) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("scoring:night-detail", args=[night.pk]))
    assert response.status_code == 200
    return len(queries), response.content.decode()


def test_the_night_page_counts_its_e_mails_in_queries_that_do_not_grow(client_as, director):
    client = client_as(director)
    small = night_with_mail(3, [State.TO_SEND, State.SENT, State.REFUSED])
    big = night_with_mail(20, [State.TO_SEND] * 12 + [State.SENT] * 3 + [State.REFUSED])

    small_queries, _ = night_page_queries(client, small)
    big_queries, page = night_page_queries(client, big)

    assert small_queries == big_queries
    assert '<p id="mail-counts">12 to send, 3 sent, 1 refused by the server</p>' in page
    assert "550 5.1.1 No such mailbox" in page
    assert "Send the waiting e-mails now" in page


def test_only_a_director_sees_the_count(client_for):
    night = night_with_mail(3, [State.SENT])
    for role in ("anonymous", "scorer"):
        page = client_for(role).get(reverse("scoring:night-detail", args=[night.pk]))
        assert "mail-counts" not in page.content.decode()


def test_the_links_pages_speak_the_member_s_language_whatever_the_browser_asks(ann):
    services.member_mail_set(member=ann, email="ann@example.org", language="fr")
    yes = reverse("scoring:mail-yes", args=[tokens.yes_token(ann.pk, "ann@example.org")])
    stop = reverse("scoring:mail-stop", args=[tokens.stop_token(ann.pk, "ann@example.org")])

    for url in (yes, stop):
        page = Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert '<html lang="fr"' in page, url
    said_yes = Client().post(yes, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="fr"' in said_yes
    forged = Client().get(reverse("scoring:mail-stop", args=["x"]), HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="en"' in forged.content.decode()  # nobody's: the browser's language
