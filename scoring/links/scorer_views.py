"""A scorer device's pages (``links.scorers``): ``/d/<token>/``, the night's games round by
round, and ``/d/<token>/games/<pk>/``, a game of that night on the table links' own
pages (``links.views``: the hands, the pegboard result, confirming), the device in the
place of a pair. The token in every URL is the only key and nothing here signs in, so
the hall's guard lets them through like the table links. And the director's two buttons
on the night page: add a device, revoke one.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.generic import TemplateView, View

from scoring.core.errors import NightFinal
from scoring.core.permissions import DirectorRequiredMixin
from scoring.core.views import NightPage
from scoring.links import scorers
from scoring.links.forms import ScorerDeviceForm
from scoring.links.tokens import LinkForged, LinkRefused
from scoring.links.views import (
    LinkConfirm,
    LinkHand,
    LinkNews,
    LinkResult,
    LinkSettled,
    forged_too_often,
    refused_page,
)
from scoring.models import ScorerDevice
from scoring.room.selectors import round_board

TOO_MANY = gettext_lazy("Too many requests: wait a few minutes and try again.")


class DeviceGate:
    """Opens the URL's game as the device's (``scorers.open_device_game``) in place of a
    table link: a game of another night, a revoked device or a final night is refused.
    Each page and post notes the device as used (the news polls do not)."""

    scorer_device = True
    notes_use = True

    def check_signed(self, token: str) -> None:
        scorers.signed_device(token)

    def open(self, token: str, pk: int, **kwargs) -> scorers.ScorerLink:
        link = scorers.open_device_game(token, pk, self.games())
        if self.notes_use:
            scorers.device_used(link.scorer_device)
        return link

    def link_url(self, part: str = "") -> str:
        name = "scoring:device-game" + (f"-{part}" if part else "")
        return reverse(name, args=[self.token, self.game.pk])

    def get_context_data(self, **kwargs):
        home = reverse("scoring:device-home", args=[self.token])
        return super().get_context_data(device_home=home, **kwargs)


class DeviceHand(DeviceGate, LinkHand):
    pass


class DeviceResult(DeviceGate, LinkResult):
    pass


class DeviceConfirm(DeviceGate, LinkConfirm):
    pass


class DeviceSettled(DeviceGate, LinkSettled):
    pass


class DeviceNews(DeviceGate, LinkNews):
    notes_use = False


@method_decorator(never_cache, name="dispatch")
class DeviceHome(TemplateView):
    """The device's first page: the night's games, the round being played first, each
    leading to its page; a refusal page unless the code is good now."""

    template_name = "scoring/links/device_home.html"

    def dispatch(self, request, *args, token, **kwargs):
        try:
            self.device = scorers.open_device(token)
        except LinkForged as forged:
            if forged_too_often(request):
                return refused_page(request, TOO_MANY, 429, scorer=True)
            return refused_page(request, str(forged), 403, scorer=True)
        except LinkRefused as refused:
            return refused_page(request, str(refused), 403, scorer=True)
        scorers.device_used(self.device)
        self.token = token
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        board = round_board(self.device.night)
        for game in board.games:
            game.device_url = reverse("scoring:device-game", args=[self.token, game.pk])
        return super().get_context_data(
            device=self.device,
            night=self.device.night,
            board=board,
            rounds=[board.current, *board.others] if board.current else board.others,
        )


class DeviceAdd(DirectorRequiredMixin, NightPage):
    """The night page's "Add a scorer device": a new code, shown on the night page."""

    http_method_names = ["post"]

    def post(self, request, pk):
        form = ScorerDeviceForm(request.POST, night=self.night)
        if not form.is_valid():
            messages.error(request, " ".join(form.errors["name"]))
            return redirect(self.night_url() + "#scorer-devices")
        try:
            device = scorers.device_add(
                night=self.night, user=request.user, name=form.cleaned_data["name"]
            )
        except NightFinal as final:
            messages.error(request, " ".join(final.messages))
            return redirect(self.night_url())
        messages.success(
            request,
            _("%(name)s added: scan its code with the scorer's phone.") % {"name": device.name},
        )
        return redirect(self.night_url() + f"#scorer-device-{device.pk}")


class DeviceRevoke(DirectorRequiredMixin, View):
    """Turn one device's code off; the phone's next page says so."""

    http_method_names = ["post"]

    def post(self, request, pk):
        device = scorers.device_revoke(
            device=get_object_or_404(ScorerDevice, pk=pk), user=request.user
        )
        messages.success(
            request, _("%(name)s revoked: its code opens nothing now.") % {"name": device.name}
        )
        night = reverse("scoring:night-detail", args=[device.night_id])
        return redirect(night + "#scorer-devices")


device_home = DeviceHome.as_view()
device_game = DeviceHand.as_view()
device_game_result = DeviceResult.as_view()
device_game_confirm = DeviceConfirm.as_view()
device_game_settled = DeviceSettled.as_view()
device_game_news = DeviceNews.as_view()
device_add = DeviceAdd.as_view()
device_revoke = DeviceRevoke.as_view()
