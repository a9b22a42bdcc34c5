"""A table's phone page, reached by its signed link (``links.tokens``): that game alone,
no login. The token in every URL is the only key: the pages link nowhere else, and every
other page of the site still asks for an account (the access matrix).

Requests are counted in ``core.http.limits`` (shared by every server process, a write to
a small file of its own, not the database) per link, as a club's phones may share one
address on its Wi-Fi: past ``LINK_LIMIT`` in ``LINK_WINDOW`` seconds the page says to
wait (429). Links this site never signed are counted per address
(``core.http.clients.client_address``, the proxies counted): past ``FORGED_LIMIT`` that address
gets 429 for them, so guessing stops. A genuine link is never blocked with them (the
club's phones share the hall's address), and one refused because it was revoked or its
night is final (a phone left on an old page) does not count toward the block.

The page keeps itself up to date (``static/scoring/link_news.js``): while it is on
screen it asks ``t/<token>/news/`` every ``NEWS_SECONDS`` whether the game changed (the
link's check and nothing more: no template, no session), and reloads or says so. Those
polls are counted apart, against ``NEWS_LIMIT``: four phones of one pair left open for
the whole window stay under it, and polling never uses up the allowance a phone needs
to save its hands.

A second scorer's phone (``links.scorers``) uses the same pages under its own code,
``/d/<token>/games/<pk>/``, for any game of its night, with ``/d/<token>/`` listing them;
the director adds and revokes it on the night page (``DeviceAdd``, ``DeviceRevoke``).
"""

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.generic import TemplateView, View

from scoring.core.http.permissions import DirectorRequiredMixin
from scoring.core.records import errors
from scoring.core.records.errors import NightFinal
from scoring.core.records.guards import round_before
from scoring.core.ui.forms import add_rules_errors
from scoring.core.ui.views import NightPage, OneButton
from scoring.games import audit, confirmation
from scoring.games import selectors as games_selectors
from scoring.games import services as games_services
from scoring.games.forms import ResultForm, hand_form
from scoring.games.tables import HandTable, different_hand_note, game_state, totals_pattern
from scoring.hands.views import HandEntry
from scoring.links import answers, codes, pairs, scorers, selectors, services
from scoring.links.devices import device_for_write, known_device, remember
from scoring.links.forms import DisputeForm, ScorerDeviceForm, new_entry_key, posted_entry
from scoring.links.refusals import (
    LINK_LIMIT,
    NEWS_LIMIT,
    NEWS_SECONDS,
    TOO_MANY,
    forged_too_often,
    over,
    refused_page,
    standings_url,
)
from scoring.links.tokens import (
    LinkForged,
    LinkRefused,
    TableLink,
    open_link,
    refuse_void_link,
    signed_link,
)
from scoring.models import Game, ScorerDevice

STALE_PAGE = gettext_lazy(
    "This page is out of date: nothing was saved. Open your pair's page again and enter it there."
)


def pegboard_open(game, not_begun: int | None) -> bool:
    """Whether the table may type the game's result from the pegboard: before play, once
    its round has begun (``not_begun``: ``guards.round_before``)."""
    return not game.forfeit and not game.started and not_begun is None


class LinkGate:
    """Opens the link in the URL as ``self.link`` (``self.game`` its game), or answers
    with ``refuse``: too many requests (429), or a link that is not good now (403)."""

    def over_limit(self, token: str) -> bool:
        return over(f"link:{token[:80]}", LINK_LIMIT)

    def games(self):
        """Where ``open_link`` reads the game from (``None``: the game and its night)."""
        return None

    def refuse(self, reason: str, status: int, ended=None):
        """The answer to a refused link; ``ended``: its night, over for the link."""
        raise NotImplementedError

    def used_from(self, link: TableLink) -> TableLink:
        """The link as this request uses it (``LinkPage``: with its browser)."""
        return link

    def check_signed(self, token: str) -> None:
        """``LinkForged`` unless this site signed ``token`` (no query)."""
        signed_link(token)

    def open(self, token: str, **kwargs) -> TableLink:
        """The link ``token`` (and the URL's other ``kwargs``) opens; ``LinkRefused``
        unless it is good now."""
        return open_link(token, self.games())

    def dispatch(self, request, *args, token, **kwargs):
        if request.method.lower() not in self.http_method_names:
            return self.http_method_not_allowed(request)
        try:
            self.check_signed(token)
            if self.over_limit(token):
                return self.refuse(str(TOO_MANY), 429)
            self.link = self.used_from(self.open(token, **kwargs))
        except LinkForged as forged:
            if forged_too_often(request):
                return self.refuse(str(TOO_MANY), 429)
            return self.refuse(str(forged), 403)
        except LinkRefused as refused:
            return self.refuse(str(refused), 403, ended=refused.night)
        self.token = token
        self.game = self.link.game
        return super().dispatch(request, *args, token=token, **kwargs)


class LinkNews(LinkGate, View):
    """The page's "anything new?": ``selectors.game_news`` as JSON, from the game the
    link's check reads (one query); a refusal as JSON, with the page's status."""

    http_method_names = ["get"]

    def over_limit(self, token: str) -> bool:
        return over(f"link-news:{token[:80]}", NEWS_LIMIT)

    def refuse(self, reason: str, status: int, ended=None):
        return self.answer({"refused": reason}, status)

    def get(self, request, token, **kwargs):
        return self.answer(selectors.game_news(self.game))

    @staticmethod
    def answer(data: dict, status: int = 200) -> JsonResponse:
        return JsonResponse(data, status=status)  # kept by nobody: core.http.code_pages


class LinkPage(LinkGate, TemplateView):
    """The game of the link in the URL; a refusal page unless the link is good now."""

    template_name = "scoring/links/link.html"
    scorer_device = False  # a scorer device's page (``DeviceGate``), not a pair's
    kind = "table"  # which code it is, for a refusal's words (``refused_page``)
    outcome: str | None = None  # a post's, beyond its messages (``answers.post_answer``)

    def games(self):
        # A page reads the game with its hands along with the link; a POST reads the game
        # alone: its service reads the hands under the lock (``games.selectors.game_shown``).
        return games_selectors.game_details() if self.request.method in ("GET", "HEAD") else None

    @cached_property
    def names(self):
        return games_selectors.game_pair_names_later(self.link.game)

    def refuse(self, reason: str, status: int, ended=None):
        if answers.wants_answer(self.request):
            return answers.answer("wait" if status == 429 else "refused", [reason], status=status)
        return refused_page(self.request, reason, status, kind=self.kind, ended=ended)

    def dispatch(self, request, *args, **kwargs):
        """A post gives the browser its device id (``devices``), which the services
        record with a result entered and check against the one confirming it; it tells
        the round board the table's phone was heard from; and, sent by the page's script,
        it is answered in JSON (``answers``)."""
        writes = request.method == "POST"
        self.device = device_for_write(request) if writes else known_device(request)
        script = writes and answers.wants_answer(request)
        before = answers.messages_before(request) if script else 0
        response = super().dispatch(request, *args, **kwargs)
        if writes and hasattr(self, "link"):
            self.heard()
            if script and response.status_code in (200, 302):
                response = answers.post_answer(request, response, before, self.outcome)
            remember(request, response, self.device)
        return response

    def heard(self) -> None:
        """A post came through the link: the round board shows when the table was heard."""
        services.link_heard(self.game)

    def used_from(self, link: TableLink) -> TableLink:
        """The link with its browser's login and device id, and a post's entry: a post
        without one (a page older than the entry keys) is refused, nothing written."""
        user = self.request.user
        account = user if user.is_authenticated else None
        entry = None
        if self.request.method == "POST":
            entry = posted_entry(self.request.POST)
            if entry is None:
                raise LinkRefused(STALE_PAGE)
        return replace(link, account=account, device=self.device, entry=entry)

    def link_url(self, part: str = "") -> str:
        """The address of the game's page, or of its ``part`` (``result``, ``confirm``…)."""
        return reverse("scoring:table-link" + (f"-{part}" if part else ""), args=[self.token])

    def page_url(self) -> str:
        """Where the phone goes back to after a post: the game's page (a pair's code: the
        pair's page, which shows its game of the moment)."""
        return self.link_url()

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        """The game's header and board, then what ``page_context`` puts below them."""
        kwargs.pop("token", None)  # the URL's, kept as ``self.token``
        kwargs.pop("pk", None)  # a scorer device's game (``DeviceGate``), kept as ``self.game``
        game = self.game = games_selectors.game_shown(self.game)
        return super().get_context_data(
            token=self.token,
            page_url=self.page_url(),
            hand_url=self.link_url(),
            confirm_url=self.link_url("confirm"),
            entry_key=new_entry_key(),
            news=self.news(game),
            news_on=self.news_on(game),
            news_url=self.news_url(),
            news_seconds=NEWS_SECONDS,
            link=self.link,
            game=game,
            night=game.night,
            sides=games_selectors.game_sides(game, self.names),
            **self.page_context(game, **kwargs),
        )

    def news(self, game) -> dict[str, str]:
        """What the page's news script compares (``LinkNews``): the game's."""
        return selectors.game_news(game)

    def news_on(self, game) -> bool:
        """Whether the page asks for news: until its game is confirmed."""
        return selectors.confirmation_state(game) != "confirmed"

    def news_url(self) -> str:
        return self.link_url("news")

    def page_context(self, game, **forms) -> dict[str, Any]:
        """The main page: the state, the confirmation, the hands and the hand form, and
        while ``pegboard_open`` a link to the pegboard's page (``LinkResult``): every
        first page of a round draws one form, not two, and few tables type a result from
        the pegboard. ``forms``: one sent back with its errors."""
        state = selectors.confirmation_state(game)
        not_begun = round_before(game) if state == "playing" else None
        if state == "playing" and not game.from_pegboard and not_begun is None:
            forms.setdefault("hand_form", hand_form(game, self.names))
        waiting = state in ("awaiting", "disputed")
        refusal = confirmation.link_refusal(game, self.link) if waiting else ""
        can_dispute = waiting and not confirmation.link_refusal(game, self.link, disputing=True)
        if can_dispute:
            forms.setdefault("dispute_form", DisputeForm())
        progress = games_selectors.game_progress(game)
        named = audit.authors_for(
            audit.Reader.of(self.request.user), [game.result_entered_by, game.confirmed_by]
        )
        return {
            "entered_by": named.get(game.result_entered_by, ""),
            "confirmed_by": named.get(game.confirmed_by, ""),
            "state": games_selectors.contested_win_words(game, progress) or game_state(game),
            "confirmation": state,
            "awaited_from": selectors.awaited_from(game),
            "can_confirm": waiting and not refusal,
            "can_dispute": can_dispute,
            "dispute_url": self.link_url("dispute") if can_dispute else "",
            "refusal": refusal,
            "result_url": self.link_url("result") if pegboard_open(game, not_begun) else None,
            "not_begun": not_begun,
            # How the phone's script says a hand it keeps, given as totals (keep_offline.js).
            "totals_pattern": totals_pattern() if "hand_form" in forms else "",
            "hand_table": HandTable(
                games_selectors.hand_rows(game, progress),
                game=game,
                variant=game.night.rules_variant,
                can_correct=False,
            ),
            **forms,
        }

    def write(self, request) -> None:
        raise NotImplementedError

    def post(self, request, token, **kwargs):
        try:
            self.write(request)
        except errors.AlreadyDone as done:
            messages.info(request, done.message)
        except ValidationError as error:
            return self.refused(error)
        return redirect(self.page_url())

    def refused(self, error: ValidationError):
        messages.error(self.request, " ".join(error.messages))
        return redirect(self.page_url())


class LinkHand(HandEntry, LinkPage):
    http_method_names = ["get", "post"]

    def hand_form(self, data):
        return hand_form(self.game, self.names, data)

    def record(self, **hand):
        return games_services.hand_record(game=self.game, link=self.link, **hand)

    def entry_url(self) -> str:
        return self.page_url()

    def kept_note(self, kept) -> str:
        # Another hand at that number: the phone's script is told so (``answers``), and
        # the round board shows the game disputed until the pair settles it.
        self.outcome = "different"
        confirmation.hand_disputed(self.game, kept.number, self.link)
        return different_hand_note(kept, self.game.night.rules_variant)


class LinkResult(LinkPage):
    """The pegboard result form on a page of its own, reached from the main page's link
    while the game is open and has no hands. Once a hand is saved (or the game has its
    result), a GET goes back to the main page with a message saying why: that page
    shows what the phone came for, the hands and where to enter the next one, and the
    page's news reload lands there too when the other pair starts entering hands."""

    template_name = "scoring/links/link_result.html"
    http_method_names = ["get", "post"]

    def get(self, request, token, **kwargs):
        game = self.game = games_selectors.game_shown(self.game)
        if not pegboard_open(game, round_before(game)):
            if game.hand_count:
                messages.info(
                    request,
                    _("This game is being entered hand by hand: its score comes from the hands."),
                )
            else:
                messages.info(request, _("This game already has its result."))
            return redirect(self.page_url())
        return super().get(request, token=token, **kwargs)

    def page_context(self, game, **forms) -> dict[str, Any]:
        forms.setdefault("result_form", ResultForm(game=game, names=self.names))
        return {"result_action": self.link_url("result"), **forms}

    def post(self, request, token, **kwargs):
        form = ResultForm(request.POST, game=self.game, names=self.names)
        if form.is_valid():
            try:
                games_services.game_result_record(
                    game=self.game,
                    result=form.to_rules(),
                    version=form.cleaned_data["version"],
                    link=self.link,
                )
            except errors.AlreadyDone as done:
                messages.info(request, done.message)
            except errors.Refused as error:
                return self.refused(error)
            except ValidationError as error:
                add_rules_errors(form, error)
                return self.render_to_response(self.get_context_data(result_form=form))
            else:
                messages.success(
                    request,
                    _("Result saved: won by pair %(pair)s") % {"pair": form.to_rules()["winner"]},
                )
            return redirect(self.page_url())
        return self.render_to_response(self.get_context_data(result_form=form))


class LinkConfirm(LinkPage):
    http_method_names = ["post"]

    def write(self, request):
        confirmation.game_result_confirm(game=self.game, link=self.link)
        messages.success(request, _("Result confirmed: it now counts in the standings."))


class LinkDispute(LinkPage):
    http_method_names = ["post"]

    def post(self, request, token, **kwargs):
        form = DisputeForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(dispute_form=form))
        try:
            confirmation.game_result_dispute(
                game=self.game, reason=form.cleaned_data["reason"], link=self.link
            )
        except ValidationError as error:
            return self.refused(error)
        messages.warning(request, _("Dispute sent to the director."))
        return redirect(self.page_url())


class LinkSettled(LinkPage):
    """The pair dropped the hand its phone kept beside another saved at that number."""

    http_method_names = ["post"]

    def write(self, request):
        confirmation.hand_settled(game=self.game, link=self.link)


table_link = LinkHand.as_view()
table_link_result = LinkResult.as_view()
table_link_confirm = LinkConfirm.as_view()
table_link_dispute = LinkDispute.as_view()
table_link_news = LinkNews.as_view()
table_link_settled = LinkSettled.as_view()


# A pair's code (``links.codes``): ``/p/<code>/``, the pair's game of the moment
# (``links.pairs``), its forms posting to ``/p/<code>/games/<pk>/…``, the game they were
# shown, so a post never lands in another game; after each, back to ``/p/<code>/``.


class NothingToPlay(Exception):
    """The pair's code is good, and the pair has no game to show now (``links.pairs``);
    ``ended``: its night, when the director ended it early."""

    def __init__(self, notice: str, ended=None):
        super().__init__(notice)
        self.ended = ended


class PairGate:
    """Opens the URL's code as its pair's link to the URL's game (``pk``), or to the game
    of the moment on the pair's own page; a code this site never made is counted with
    forged links, a turned-off one refused."""

    kind = "pair"

    def check_signed(self, token: str) -> None:
        if codes.typed_code(token) is None:
            raise LinkForged(_("This link is not valid."))

    def over_limit(self, token: str) -> bool:
        return over(f"link:p-{codes.typed_code(token)}", LINK_LIMIT)

    def open(self, token: str, pk: int | None = None, **kwargs) -> TableLink:
        code = codes.open_code(token)
        if pk is None:
            now = pairs.pair_game_now(code)
            if now.game is None:
                raise NothingToPlay(now.notice, code.night if code.night.ended_early else None)
            return TableLink(self.read_games().get(pk=now.game.pk), code.pair, notice=now.notice)
        game = self.read_games().filter(pk=pk, night_id=code.night_id).first()
        if game is None or code.pair not in game.pairs:
            raise LinkRefused(_("This game is not your pair's: your code opens no other."))
        refuse_void_link(game)
        return TableLink(game, code.pair)

    def read_games(self):
        games = self.games()
        return Game.objects.select_related("night") if games is None else games

    def link_url(self, part: str = "") -> str:
        name = "scoring:pair-game" + (f"-{part}" if part else "")
        return reverse(name, args=[self.token, self.game.pk])

    def page_url(self) -> str:
        return reverse("scoring:pair-home", args=[self.token])


class PairHand(PairGate, LinkHand):
    pass


class PairResult(PairGate, LinkResult):
    pass


class PairConfirm(PairGate, LinkConfirm):
    pass


class PairDispute(PairGate, LinkDispute):
    pass


class PairSettled(PairGate, LinkSettled):
    pass


class PairNews(PairGate, LinkNews):
    pass


@method_decorator(never_cache, name="dispatch")
class PairHome(PairGate, LinkHand):
    """The pair's page: its game of the moment, asking for the pair's news (a new game,
    a round begun, a play-off) as well as the game's; a page of words when the pair has
    nothing to play now (no schedule yet, the night ended early)."""

    http_method_names = ["get"]

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)
        except NothingToPlay as nothing:
            context = {
                "notice": str(nothing),
                "news": selectors.pair_news(None, str(nothing)),
                "news_url": self.pair_news_url(kwargs["token"]),
                "news_seconds": NEWS_SECONDS,
                "standings_url": standings_url(request, nothing.ended),
            }
            return render(request, "scoring/links/pair_waiting.html", context)

    def pair_news_url(self, token: str) -> str:
        return reverse("scoring:pair-news", args=[token])

    def news(self, game) -> dict[str, str]:
        return selectors.pair_news(game, self.link.notice)

    def news_on(self, game) -> bool:
        return True

    def news_url(self) -> str:
        return self.pair_news_url(self.token)


class PairHomeNews(PairGate, LinkNews):
    """The pair page's "anything new?": its game of the moment and that game's news."""

    def open(self, token: str, **kwargs) -> TableLink:
        try:
            return super().open(token, **kwargs)
        except NothingToPlay as nothing:
            return TableLink(None, 0, notice=str(nothing))

    def get(self, request, token, **kwargs):
        return self.answer(selectors.pair_news(self.game, self.link.notice))


pair_home = PairHome.as_view()
pair_home_news = PairHomeNews.as_view()
pair_game = PairHand.as_view()
pair_game_result = PairResult.as_view()
pair_game_confirm = PairConfirm.as_view()
pair_game_dispute = PairDispute.as_view()
pair_game_settled = PairSettled.as_view()
pair_game_news = PairNews.as_view()


# A second scorer's phone (``links.scorers``): ``/d/<token>/``, the night's games round by
# round, and ``/d/<token>/games/<pk>/``, a game of that night on the pages above, the
# device in the place of a pair. And the director's two buttons on the night page.


class DeviceGate:
    """Opens the URL's game as the device's (``scorers.open_device_game``) in place of a
    table link: a game of another night, a revoked device or a final night is refused.
    Each post notes the device as used (a page read writes nothing)."""

    scorer_device = True
    kind = "scorer"

    def check_signed(self, token: str) -> None:
        scorers.signed_device(token)

    def open(self, token: str, pk: int, **kwargs) -> scorers.ScorerLink:
        return scorers.open_device_game(token, pk, self.games())

    def heard(self) -> None:
        super().heard()
        scorers.device_used(self.link.scorer_device)

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
    pass


class GameLinksRevoke(DirectorRequiredMixin, OneButton, View):
    """The round board's and game page's "Revoke links": the table's links and its pairs'
    codes turned off, new ones to print."""

    done = gettext_lazy("The table's links were revoked: give the table its new ones")

    def change(self, user):
        game = get_object_or_404(Game, pk=self.kwargs["pk"])
        return services.game_links_revoke(game=game, user=user)

    def back_url(self) -> str:
        return reverse("scoring:game-detail", args=[self.kwargs["pk"]])


game_links_revoke = GameLinksRevoke.as_view()


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


device_game = DeviceHand.as_view()
device_game_result = DeviceResult.as_view()
device_game_confirm = DeviceConfirm.as_view()
device_game_settled = DeviceSettled.as_view()
device_game_news = DeviceNews.as_view()
device_add = DeviceAdd.as_view()
device_revoke = DeviceRevoke.as_view()
