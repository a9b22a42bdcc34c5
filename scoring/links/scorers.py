"""A second scorer's phone for one night: ``/d/<token>/``, a code the director shows on the
night page, gives that phone the scorer's part of the night (entering hands and
pegboard results, confirming results) and nothing else, with no account: on the hall's
plain HTTP no password is ever typed.

The token signs the device's row (``ScorerDevice``) with the site's secret
(``django.core.signing``). It opens the games of that row's night alone, until the
director revokes it or the night is final; a new draw leaves it good (a scorer scores
whoever sits where). Its pages are the table links' own (``links.views``): each write
goes through the same services, named ``scorer device «Scorer 2»`` in the game's
history, and a result it entered is confirmed by someone else, from another browser.
"""

from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.core.records.authors import Author, device_label, user_label
from scoring.core.records.guards import is_final, lock_open_night
from scoring.core.ui.qr import qr_image
from scoring.games.entries import PostedEntry
from scoring.links.tokens import LinkForged, LinkRefused, NightOver, refuse_void_link
from scoring.models import Game, Night, ScorerDevice

SALT = "scoring.scorer-device"


@dataclass(frozen=True)
class ScorerLink:
    """A scorer device's way into one game of its night, as used from one browser: what
    the services take as ``link`` (like ``tokens.TableLink``), with a scorer's part
    (``scorer``): it confirms results a pair or an account entered, and disputes none."""

    game: Game
    scorer_device: ScorerDevice
    account: object = None
    device: str = ""
    notice: str = ""
    entry: PostedEntry | None = None
    pair = None
    scorer = True

    @property
    def label(self) -> str:
        return device_label(self.scorer_device.name)

    @property
    def author(self) -> Author:
        return Author(label=self.label, device_id=self.scorer_device.pk, browser=self.device)


def device_token(device: ScorerDevice) -> str:
    return signing.Signer(salt=SALT).sign(str(device.pk))


def device_path(device: ScorerDevice) -> str:
    return reverse("scoring:device-home", args=[device_token(device)])


def device_url(device: ScorerDevice) -> str:
    """The code the director shows, from ``settings.SITE_URL`` (the hall's address)."""
    return settings.SITE_URL.rstrip("/") + device_path(device)


def device_qr(device: ScorerDevice) -> str:
    return qr_image(device_url(device))


def signed_device(token: str) -> int:
    """The device row ``token`` names; ``LinkForged`` unless this site signed it."""
    try:
        return int(signing.Signer(salt=SALT).unsign(token))
    except (signing.BadSignature, ValueError):
        raise LinkForged(_("This link is not valid.")) from None


def open_device(token: str) -> ScorerDevice:
    """The device ``token`` opens, its night joined; ``LinkRefused`` unless it is good now."""
    device = ScorerDevice.objects.select_related("night").filter(pk=signed_device(token)).first()
    if device is None or device.revoked_at is not None:
        raise LinkRefused(_("The director revoked this scorer device: ask for a new code."))
    if is_final(device.night):
        raise NightOver(_("The night is final: its scorer devices no longer work."), device.night)
    return device


def open_device_game(token: str, game_pk: int, games=None) -> ScorerLink:
    """One game of the device's night, read from ``games`` (by default with its night);
    ``LinkRefused`` for a game of another night or none."""
    device = open_device(token)
    games = Game.objects.select_related("night") if games is None else games
    game = games.filter(pk=game_pk, night_id=device.night_id).first()
    if game is None:
        raise LinkRefused(_("This game is not one of this night's: this device opens no other."))
    refuse_void_link(game)
    return ScorerLink(game, device)


def device_used(device: ScorerDevice) -> None:
    """Note when the device was last heard from (the night page's list); not a change."""
    ScorerDevice.objects.filter(pk=device.pk).update(last_used_at=timezone.now())


def night_devices(night: Night) -> list[ScorerDevice]:
    """The night's devices still good, oldest first."""
    return list(night.scorer_devices.filter(revoked_at__isnull=True))


def next_name(night: Night) -> str:
    """The name a new device gets: ``Scorer 2`` for the first (the laptop is the first
    scorer), then the next number no device of the night has had, revoked ones and names
    typed by hand included, so no two results name the same one."""
    taken = set(night.scorer_devices.values_list("name", flat=True))
    number = 2
    while _("Scorer %(number)s") % {"number": number} in taken:
        number += 1
    return _("Scorer %(number)s") % {"number": number}


@transaction.atomic
def device_add(*, night: Night, user, name: str = "") -> ScorerDevice:
    """A new device for ``night``; refused on a final night (``NightFinal``)."""
    night = lock_open_night(night)
    return ScorerDevice.objects.create(
        night=night, name=name or next_name(night), made_by=user_label(user)
    )


@transaction.atomic
def device_revoke(*, device: ScorerDevice, user) -> ScorerDevice:
    """Turn the device's code off for good (a new one is added for that phone)."""
    device = ScorerDevice.objects.select_for_update().get(pk=device.pk)
    if device.revoked_at is None:
        device.revoked_at = timezone.now()
        device.save(update_fields=["revoked_at"])
    return device
