"""The e-mails themselves: a player's night (``results``), the short word that it was
corrected after closing (``correction``), and the invitation that carries a member's
yes (``invitation``); each plain text and HTML, from the templates under
``templates/scoring/mail/``, in the member's language (theirs, else the club's).

Every message carries its outbox row's ``Message-ID`` (the same at every try) and, but
the invitation, the stop link twice: in its words, and in the ``List-Unsubscribe``
headers (RFC 8058) that let a mail program offer "unsubscribe" itself.
"""

from email.utils import make_msgid
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from scoring.mail import tokens
from scoring.mail.figures import NightFigures
from scoring.models import Member, OutgoingMail, club_of, club_setting
from scoring.words.dates import spoken_date
from scoring.words.places import ordinal

Kind = OutgoingMail.Kind


def site_url(path: str) -> str:
    """``path`` on the site as the members reach it from home (``MAIL_SITE_URL``)."""
    return settings.MAIL_SITE_URL.rstrip("/") + path


def new_message_id(kind: str, member_id: int, night_id: int | None = None) -> str:
    """A ``Message-ID`` that says what it is (``<…night12-member4-results@club…>``), made
    once for the row and kept for every try."""
    domain = urlsplit(settings.MAIL_SITE_URL).hostname or "localhost"
    what = f"night{night_id}-" if night_id else ""
    return make_msgid(idstring=f"{what}member{member_id}-{kind}", domain=domain)


def stop_url(member: Member) -> str:
    token = tokens.stop_token(member.pk, member.email)
    return site_url(reverse("scoring:mail-stop", args=[token]))


def yes_url(member: Member) -> str:
    token = tokens.yes_token(member.pk, member.email)
    return site_url(reverse("scoring:mail-yes", args=[token]))


def _night_context(mail: OutgoingMail, figures: NightFigures) -> dict:
    night, member = mail.night, mail.member
    player = figures.player(member)
    return {
        "night": night,
        "date": spoken_date(night.date),
        "player": player,
        "place": ordinal(player.place) if player.place else None,  # None: withdrawn
        "ladder_place": ordinal(player.ladder_place) if player.ladder_place else None,
        "standings": figures.standing_lines(member),
        "night_url": site_url(reverse("scoring:night-standings", args=[night.pk])),
    }


def _subject(mail: OutgoingMail, context: dict) -> str:
    said = {"club": club_setting("CLUB_NAME", club_of(mail.member))}
    if mail.kind == Kind.INVITATION:
        return gettext("Your nights at %(club)s by e-mail?") % said
    said |= {"night": mail.night.name, "date": context["date"]}
    if mail.kind == Kind.CORRECTION:
        return gettext("Corrected: your night at %(club)s, %(night)s (%(date)s)") % said
    return gettext("Your night at %(club)s: %(night)s (%(date)s)") % said


def composed(mail: OutgoingMail, figures: NightFigures | None = None) -> EmailMultiAlternatives:
    """The e-mail of outbox row ``mail`` (read with its member and night), in its
    member's language; ``figures``: its night's, read once for all its players."""
    member = mail.member
    context = {
        "member": member,
        "club": club_setting("CLUB_NAME", club_of(mail.member)),
        "kind": mail.kind,
    }
    headers = {"Message-ID": mail.message_id}
    with translation.override(member.mail_language):
        if mail.kind == Kind.INVITATION:
            context |= {"yes_url": yes_url(member), "days": tokens.YES_DAYS}
        else:
            context |= _night_context(mail, figures or NightFigures(mail.night))
            context["stop_url"] = stop = stop_url(member)
            headers |= {
                "List-Unsubscribe": f"<{stop}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
        subject = _subject(mail, context)
        context["subject"] = subject
        text = render_to_string(f"scoring/mail/{mail.kind}.txt", context)
        html = render_to_string(f"scoring/mail/{mail.kind}.html", context)
    message = EmailMultiAlternatives(subject, text, to=[member.email], headers=headers)
    message.attach_alternative(html, "text/html")
    return message
